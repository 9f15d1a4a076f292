import { useState, type FormEvent } from 'react';
import { verification as t } from '@arreglaya/shared/i18n/verification';
import { VERIFICATION_NOTE_MAX, VerificationDecisionSchema, type AdminVerification } from '@arreglaya/shared/schemas/verification';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useCountry } from '@/lib/country.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { useDecide, useVerificationQueue } from './api.ts';

/** /admin/verificaciones: pending badge requests, oldest first; the document opens in a new tab (sysadmins only), then approve or reject with a note. */
function VerificationQueuePage() {
  usePageTitle(t.admin.title);
  const { user } = useViewer();
  const userId = user?.id ?? '';
  const { locale } = useCountry();
  const queue = useVerificationQueue(userId);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.admin.title}</h1>
        <p className="mt-1 text-slate-700">{t.admin.intro}</p>
      </div>
      {queue.data && (
        <p role="status" className="font-semibold text-slate-800">
          {t.admin.pendingCount(formatNumber(queue.data.total, locale), queue.data.total)}
        </p>
      )}
      <QueryState query={queue} isEmpty={(d) => d.items.length === 0} empty={t.admin.empty} errorMessage={t.admin.loadError}>
        {(data) => (
          <ul aria-label={t.admin.listLabel} className="flex flex-col gap-3">
            {data.items.map((v) => (
              <li key={v.id}>
                <Request userId={userId} item={v} locale={locale} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function detailLines(v: AdminVerification, locale: string): string[] {
  const d = v.details;
  const lines: string[] = [];
  if (d.cedulaLast4) lines.push(t.admin.cedulaEnding(d.cedulaLast4));
  if (d.checkDigit) lines.push(d.checkDigit === 'valid' ? t.admin.checkDigitValid : t.admin.checkDigitException);
  if (d.rnc) lines.push(t.admin.rncRegistry(d.rnc, d.registeredName ?? '', d.registryStatus ?? ''));
  if (d.issuedOn) lines.push(t.admin.issued(formatDate(d.issuedOn, locale)));
  if (d.issuer) lines.push(t.admin.issuer(d.issuer));
  if (d.title) lines.push(t.admin.title_(d.title));
  return lines;
}

function Request({ userId, item, locale }: { userId: string; item: AdminVerification; locale: string }) {
  const decide = useDecide(userId);
  const messages = useMessageBox();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const headingId = `verification-${item.id}`;

  const send = async (decision: 'approved' | 'rejected') => {
    const parsed = VerificationDecisionSchema.safeParse({ decision, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      const { message } = await decide.mutateAsync({ id: item.id, ...parsed.data });
      messages.show({ text: message, kind: 'success' });
    } catch (e) {
      setError(e instanceof ApiError && e.fields?.note ? e.fields.note : errorMessage(e));
    }
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    void send('rejected');
  };

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
        {t.kinds[item.kind]} · {t.admin.from(item.personName)}
      </h2>
      <p className="text-sm text-slate-700">{t.admin.submitted(formatDate(item.submittedAt, locale))}</p>
      <ul className="list-disc pl-5 text-slate-800 [overflow-wrap:anywhere]">
        {detailLines(item, locale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {item.hasDocument && (
        <a
          href={`/api/admin/verifications/${encodeURIComponent(item.id)}/document`}
          target="_blank"
          rel="noopener noreferrer"
          className="self-start font-semibold text-brand-800 underline"
        >
          {t.admin.viewDocument(t.kinds[item.kind])}
        </a>
      )}
      {error && !rejecting && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {rejecting ? (
        <form noValidate onSubmit={reject} className="flex flex-col gap-3" aria-busy={decide.isPending}>
          <Field label={t.admin.noteLabel} error={error}>
            {(c) => <textarea {...c} value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={VERIFICATION_NOTE_MAX} className={inputClasses('resize-y')} />}
          </Field>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" disabled={decide.isPending} className={buttonClasses('primary')}>
              {t.admin.confirmReject}
            </button>
            <button type="button" onClick={() => setRejecting(false)} className={buttonClasses('secondary')}>
              {t.admin.cancel}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <button type="button" disabled={decide.isPending} onClick={() => void send('approved')} className={buttonClasses('primary')}>
            {t.admin.approve}
          </button>
          <button type="button" disabled={decide.isPending} onClick={() => setRejecting(true)} className={buttonClasses('secondary')}>
            {t.admin.reject}
          </button>
        </div>
      )}
    </article>
  );
}

export { VerificationQueuePage as Component };
