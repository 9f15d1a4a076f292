import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import { MONEY_ALERT_NOTE_MAX, ReviewAlertSchema, type MoneyAlertView } from '@arreglaya/shared/schemas/statements';
import { CURRENCIES, type Currency } from '@arreglaya/shared/domain';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { adminBankKeys, fetchMoneyAlerts, reviewAlert } from './api.ts';
import type { ConfirmComponent } from './statement-queue.tsx';
import { QueueSection } from './queue-section.tsx';

/** An amount as the alert recorded it: money in a currency we know, else its minor units and code as they came. */
function amountText(a: MoneyAlertView['expected']): string {
  if (!a) return t.alerts.unknownAmount;
  return (CURRENCIES as readonly string[]).includes(a.currency) ? formatMoney(a.amountMinor, a.currency as Currency) : `${a.amountMinor} ${a.currency}`;
}

/**
 * "Alertas de dinero": the open alerts, oldest first, each with what was expected and what came,
 * whose payment it is; marked reviewed with a note after a confirmation.
 */
export function MoneyAlerts({ Confirm }: { Confirm: ConfirmComponent }) {
  const alerts = useQuery({ queryKey: adminBankKeys.alerts, queryFn: ({ signal }) => fetchMoneyAlerts(signal) });
  return (
    <QueueSection
      words={t.alerts}
      query={alerts}
      itemKey={(alert) => alert.id}
      renderItem={(alert, onResolved) => <AlertItem alert={alert} Confirm={Confirm} onResolved={onResolved} />}
    />
  );
}

function AlertItem({ alert, Confirm, onResolved }: { alert: MoneyAlertView; Confirm: ConfirmComponent; onResolved: () => void }) {
  const headingId = useId();
  const formId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const name = t.alerts.heading(t.alerts.kinds[alert.kind] ?? t.alerts.otherKind(alert.kind), formatDate(alert.createdAt));
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const detail = (term: string, value: string) => (
    <div>
      <dt className="inline font-medium text-slate-700">{term}: </dt>
      <dd className="inline break-words text-slate-900">{value}</dd>
    </div>
  );
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-amber-300 bg-white p-4">
      <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
        {name}
      </h3>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        {detail(t.alerts.expected, amountText(alert.expected))}
        {detail(t.alerts.received, amountText(alert.received))}
        {alert.clientName && detail(t.alerts.client, alert.clientName)}
        {alert.projectTitle && detail(t.alerts.project, alert.projectTitle)}
      </dl>
      <div className="mt-3">
        <button
          ref={trigger}
          type="button"
          className={buttonClasses(open ? 'primary' : 'secondary')}
          aria-label={`${t.alerts.review}: ${name}`}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => (open ? close() : setOpen(true))}
        >
          {t.alerts.review}
        </button>
      </div>
      {open && <ReviewForm id={formId} alertId={alert.id} Confirm={Confirm} onCancel={close} onResolved={onResolved} />}
    </li>
  );
}

/** The review's note: checked with the API's schema, asked once more, sent once. */
function ReviewForm({ id, alertId, Confirm, onCancel, onResolved }: { id: string; alertId: string; Confirm: ConfirmComponent; onCancel: () => void; onResolved: () => void }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const input = useRef<HTMLTextAreaElement>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [asking, setAsking] = useState<string | null>(null);

  useEffect(() => input.current?.focus(), []);

  const mutation = useMutation({
    mutationFn: (n: string) => reviewAlert(alertId, n),
    onSuccess: async (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: adminBankKeys.alerts });
      onResolved();
    },
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReviewAlertSchema.safeParse({ note });
    setProblem(parsed.success ? undefined : parsed.error.issues[0]!.message);
    if (parsed.success) setAsking(parsed.data.note);
    else input.current?.focus();
  };

  return (
    <>
      <form id={id} noValidate onSubmit={review} className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3">
        <Field label={t.alerts.noteLabel} hint={t.alerts.noteHint} error={problem}>
          {(c) => (
            <textarea {...c} ref={input} rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={MONEY_ALERT_NOTE_MAX} className={inputClasses('resize-y')} />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses('primary')}>
            {t.alerts.review}
          </button>
          <button type="button" className={buttonClasses('ghost')} onClick={onCancel}>
            {t.queue.cancel}
          </button>
        </div>
      </form>
      {asking !== null && (
        <Confirm
          title={t.alerts.reviewTitle}
          text={t.alerts.reviewConfirm}
          confirmLabel={t.alerts.reviewYes}
          onConfirm={() => mutation.mutateAsync(asking).then(() => undefined)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
