import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import { AssignLineSchema, type StatementLineView } from '@arreglaya/shared/schemas/statements';
import { formatReference, normalizeReference } from '@arreglaya/shared/transfer-reference';
import { buttonClasses } from '@/components/ui/button.ts';
import { inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { adminBankKeys, assignLine, fetchStatementQueue, markLineReturned } from './api.ts';
import { ReturnForm } from './return-form.tsx';
import { QueueSection } from './queue-section.tsx';
import type { ConfirmComponent } from './confirm-component.ts';

export type { ConfirmComponent, ConfirmProps } from './confirm-component.ts';

type Action = 'assign' | 'return';

/**
 * "Por asignar o devolver": the credits that found no transfer, oldest first. Each is assigned by a
 * reference or given back whole (its return recorded with the bank's reference and day). Each action
 * asks first; afterwards the queue is read again. Money owed back otherwise (an overpayment, a
 * refund) is the list of transfer-returns.tsx.
 */
export function StatementQueue({ Confirm }: { Confirm: ConfirmComponent }) {
  const queue = useQuery({ queryKey: adminBankKeys.queue, queryFn: ({ signal }) => fetchStatementQueue(signal) });
  return (
    <QueueSection
      words={t.queue}
      query={queue}
      itemKey={(line) => line.id}
      renderItem={(line, onResolved) => <QueueLine line={line} Confirm={Confirm} onResolved={onResolved} />}
    />
  );
}

function QueueLine({ line, Confirm, onResolved }: { line: StatementLineView; Confirm: ConfirmComponent; onResolved: () => void }) {
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState<Action | null>(null);
  const triggers = useRef<Partial<Record<Action, HTMLButtonElement | null>>>({});
  const amount = formatMoney(line.amountMinor, line.currency);
  const name = t.queue.line(amount, formatDate(line.bookedOn));
  const actions: [Action, string][] = [
    ['assign', t.queue.assign],
    ['return', t.queue.giveBack],
  ];
  const close = (action: Action) => {
    setOpen(null);
    triggers.current[action]?.focus();
  };
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {name}
        </h3>
        <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">{t.queue.unmatched}</span>
      </div>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <div>
          <dt className="inline font-medium text-slate-700">{t.queue.payer}: </dt>
          <dd className="inline break-words text-slate-900">{line.payerName ?? t.queue.noPayer}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">{t.queue.description}: </dt>
          <dd className="inline break-words text-slate-900">{line.description}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">{t.queue.reference}: </dt>
          <dd className="inline font-mono text-slate-900">{line.reference ? formatReference(line.reference) : t.queue.noReference}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {actions.map(([action, label]) => (
          <button
            key={action}
            ref={(el) => {
              triggers.current[action] = el;
            }}
            type="button"
            className={buttonClasses(open === action ? 'primary' : 'secondary')}
            aria-label={t.queue.actionLabel(label, name)}
            aria-expanded={open === action}
            aria-controls={open === action ? formId : undefined}
            onClick={() => (open === action ? close(action) : setOpen(action))}
          >
            {label}
          </button>
        ))}
      </div>
      {open === 'assign' && <AssignForm id={formId} line={line} amount={amount} Confirm={Confirm} onCancel={() => close('assign')} onResolved={onResolved} />}
      {open === 'return' && (
        <ReturnForm
          id={formId}
          submitLabel={t.queue.giveBack}
          Confirm={Confirm}
          confirm={(r) => ({ title: t.queue.returnTitle, text: t.queue.returnConfirm(amount, r.returnRef), confirmLabel: t.queue.returnYes })}
          send={(r) => markLineReturned(line.id, r)}
          refresh={[adminBankKeys.queue]}
          onCancel={() => close('return')}
          onResolved={onResolved}
        />
      )}
    </li>
  );
}

/** The reference to assign: checked here (its check symbol), then asked once more, then sent. */
function AssignForm(props: { id: string; line: StatementLineView; amount: string; Confirm: ConfirmComponent; onCancel: () => void; onResolved: () => void }) {
  const { id, line, amount, Confirm, onCancel, onResolved } = props;
  const inputId = useId();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The checked reference the dialog asks about. */
  const [asking, setAsking] = useState<string | null>(null);

  useEffect(() => input.current?.focus(), []);

  const mutation = useMutation({
    mutationFn: (v: string) => assignLine(line.id, v),
    onSuccess: async (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: adminBankKeys.queue });
      onResolved();
    },
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AssignLineSchema.safeParse({ reference: value });
    let message = parsed.success ? null : parsed.error.issues[0]!.message;
    // The check symbol catches a typo before the server is asked.
    const ref = parsed.success ? normalizeReference(parsed.data.reference) : null;
    if (parsed.success && ref === null) message = t.queue.referenceInvalid;
    setProblem(message);
    if (ref === null) input.current?.focus();
    else setAsking(formatReference(ref));
  };

  const confirm = async () => {
    try {
      await mutation.mutateAsync(asking!);
    } catch (error) {
      // No transfer waits with that reference (409): said beside the reference, the dialog closes.
      if (error instanceof ApiError && error.status === 409) {
        setProblem(error.message);
        return;
      }
      throw error;
    }
  };

  const hintId = `${inputId}-hint`;
  const problemId = `${inputId}-problem`;
  return (
    <>
      <form id={id} noValidate onSubmit={review} className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="font-medium text-slate-800">
            {t.queue.referenceLabel}
          </label>
          <input
            ref={input}
            id={inputId}
            type="text"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={30}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            className={inputClasses('font-mono sm:max-w-xs')}
          />
          <p id={hintId} className="text-sm text-slate-600">
            {t.queue.referenceHint}
          </p>
          {/* Always present, so a refusal (the check here, or the server's 409) is announced. */}
          <div role="alert">
            {problem && (
              <p id={problemId} className="text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses('primary')}>
            {t.queue.assign}
          </button>
          <button type="button" className={buttonClasses('ghost')} onClick={onCancel}>
            {t.queue.cancel}
          </button>
        </div>
      </form>
      {/* Beside the form, not in it: the dialog's own submit must not bubble (through React's portal) into this one. */}
      {asking !== null && (
        <Confirm title={t.queue.assignTitle} text={t.queue.assignConfirm(amount, asking)} confirmLabel={t.queue.assignYes} onConfirm={confirm} onClose={() => setAsking(null)} />
      )}
    </>
  );
}
