import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import { statements as tstat } from '@arreglaya/shared/i18n/statements';
import { BankParamsSchema } from '@arreglaya/shared/schemas/statements';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatNumber } from '@/lib/format.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { BankSuggestions } from './bank-suggestions.tsx';
import { adminBankKeys, importStatement, STATEMENT_FILE_MAX_MB, type ImportReport } from './api.ts';

/** The most line problems listed; the rest are counted ("y 120 más"). */
export const ERRORS_SHOWN = 50;

interface Imported {
  fileName: string;
  report: ImportReport;
}

/**
 * "Importar extracto": the file (camt.053, or a CSV read with its bank's saved layout), one tap one
 * request, then the report (lines, matched, waiting, already imported, each line's problem). The
 * report's heading takes the focus when it arrives; a refused file says why in an alert.
 */
export function ImportSection() {
  const headingId = useId();
  const banksId = useId();
  const queryClient = useQueryClient();
  const inFlight = useInFlight();
  const [file, setFile] = useState<File | null>(null);
  const [bank, setBank] = useState('');
  const [invalid, setInvalid] = useState<{ file?: string; bank?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const bankInput = useRef<HTMLInputElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);

  const send = useMutation({
    mutationFn: (v: { file: File; bank: string | undefined }) => importStatement(v.file, v.bank),
    onSuccess: (report, v) => {
      setImported({ fileName: v.file.name, report });
      // The lines that found no transfer are in the queue now.
      return queryClient.invalidateQueries({ queryKey: adminBankKeys.queue });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });

  useEffect(() => {
    if (imported) reportHeading.current?.focus();
  }, [imported]);

  const check = async () => {
    setFailure(null);
    const problems: { file?: string; bank?: string } = {};
    const isXml = file !== null && /\.xml$/i.test(file.name);
    const key = bank.trim();
    if (!file) problems.file = t.import.chooseFile;
    else if (file.size > STATEMENT_FILE_MAX_MB * 1024 * 1024) problems.file = tstat.file.tooLarge(STATEMENT_FILE_MAX_MB);
    if (file && !isXml && key === '' && /\.csv$/i.test(file.name)) problems.bank = t.import.bankForCsv;
    else if (key !== '') {
      const parsed = BankParamsSchema.safeParse({ bank: key });
      if (!parsed.success) problems.bank = parsed.error.issues[0]!.message;
    }
    setInvalid(problems);
    if (problems.file || problems.bank) {
      (problems.file ? fileInput : bankInput).current?.focus();
      return;
    }
    // A camt.053 names its account itself: a bank typed beside one is not sent (it would look for a CSV layout).
    await send.mutateAsync({ file: file!, bank: isXml || key === '' ? undefined : key }).catch(() => undefined);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t.import.title}
      </h2>
      <p className="text-slate-700">{t.import.intro}</p>
      <form noValidate onSubmit={(event) => inFlight.submit(check)(event)} className="flex flex-col gap-4" aria-busy={inFlight.busy}>
        <Field label={t.import.file} hint={t.import.fileHint} error={invalid.file}>
          {(control) => (
            <input
              {...control}
              ref={fileInput}
              type="file"
              accept=".xml,.csv,.txt"
              className={inputClasses('file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800')}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <Field label={t.import.bank} hint={t.import.bankHint} error={invalid.bank}>
          {(control) => (
            <input
              {...control}
              ref={bankInput}
              type="text"
              list={banksId}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={60}
              value={bank}
              onChange={(e) => setBank(e.target.value)}
              className={inputClasses('sm:max-w-sm')}
            />
          )}
        </Field>
        <BankSuggestions id={banksId} />
        <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium break-words text-red-900' : undefined}>
          {failure}
        </div>
        <div>
          <button type="submit" className={buttonClasses('primary')} disabled={inFlight.busy} aria-busy={inFlight.busy}>
            <BusyLabel busy={inFlight.busy}>{inFlight.busy ? t.import.sending : t.import.submit}</BusyLabel>
          </button>
        </div>
      </form>
      {imported && <ImportReportView imported={imported} headingRef={reportHeading} />}
    </section>
  );
}

function ImportReportView({ imported, headingRef }: { imported: Imported; headingRef: Ref<HTMLHeadingElement> }) {
  const headingId = useId();
  const { report } = imported;
  const counts = [
    [t.import.lines, report.lines],
    [t.import.matched, report.matched],
    [t.import.unmatched, report.unmatched],
    [t.import.duplicates, report.duplicates],
  ] as const;
  const shown = report.errors.slice(0, ERRORS_SHOWN);
  const more = report.errors.length - shown.length;
  return (
    <section aria-labelledby={headingId} data-testid="import-report" className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold break-words text-slate-900 outline-none">
        {t.import.reportTitle(imported.fileName)}
      </h3>
      <p className="text-slate-800">{report.message}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([label, n]) => (
          <div key={label} className="rounded-md bg-slate-50 p-2">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length === 0 ? (
        <p className="text-slate-700">{t.import.noErrors}</p>
      ) : (
        <div>
          <h4 className="font-semibold text-slate-900">{t.import.errorsTitle(report.errors.length)}</h4>
          <ul aria-label={t.import.errorsTitle(report.errors.length)} className="mt-1 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-800">
            {shown.map((error, i) => (
              <li key={i} className="break-words">
                {error}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-1 text-sm font-medium text-slate-800">{t.import.moreErrors(more)}</p>}
        </div>
      )}
    </section>
  );
}
