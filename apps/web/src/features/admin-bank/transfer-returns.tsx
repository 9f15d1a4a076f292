import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import type { TransferReturnView } from '@arreglaya/shared/schemas/statements';
import { formatReference } from '@arreglaya/shared/transfer-reference';
import { buttonClasses } from '@/components/ui/button.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { adminBankKeys, fetchTransferReturns, recordReturn } from './api.ts';
import { ReturnForm } from './return-form.tsx';
import type { ConfirmComponent } from './statement-queue.tsx';
import { QueueSection } from './queue-section.tsx';

/**
 * "Dinero por devolver por transferencia": everything ArreglaYa owes back by bank transfer (a
 * transfer-funded hire's refund, an overpayment, money on an expired reference), oldest first, as
 * cards a phone reads: who (the client, and the payer as the bank wrote it), how much, why, since
 * when. Its return is recorded with the bank's reference and day after a confirmation; the client is
 * told by the server.
 */
export function TransferReturns({ Confirm }: { Confirm: ConfirmComponent }) {
  const owed = useQuery({ queryKey: adminBankKeys.returns, queryFn: ({ signal }) => fetchTransferReturns(signal) });
  return (
    <QueueSection
      words={t.returns}
      query={owed}
      itemKey={(item) => `${item.kind}:${item.id}`}
      renderItem={(item, onResolved) => <OwedItem item={item} Confirm={Confirm} onResolved={onResolved} />}
    />
  );
}

function Detail({ term, children, mono }: { term: string; children: string; mono?: boolean }) {
  return (
    <div>
      <dt className="inline font-medium text-slate-700">{term}: </dt>
      <dd className={mono ? 'inline font-mono break-words text-slate-900' : 'inline break-words text-slate-900'}>{children}</dd>
    </div>
  );
}

function OwedItem({ item, Confirm, onResolved }: { item: TransferReturnView; Confirm: ConfirmComponent; onResolved: () => void }) {
  const headingId = useId();
  const formId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const amount = formatMoney(item.amountMinor, item.currency);
  const who = item.clientName ?? item.payerName ?? t.returns.unknownPerson;
  const name = t.returns.item(amount, who);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {name}
        </h3>
        <span className="rounded bg-sky-100 px-2 py-0.5 text-sm font-medium text-sky-900">{t.returns.reasons[item.reason]}</span>
      </div>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <Detail term={t.returns.reason}>{t.returns.reasons[item.reason]}</Detail>
        <Detail term={t.returns.client}>{item.clientName ?? t.returns.noClient}</Detail>
        <Detail term={t.returns.payer}>{item.payerName ?? t.returns.noPayer}</Detail>
        {item.projectTitle && <Detail term={t.returns.project}>{item.projectTitle}</Detail>}
        {item.reference && (
          <Detail term={t.returns.reference} mono>
            {formatReference(item.reference)}
          </Detail>
        )}
        <Detail term={t.returns.since}>{formatDate(item.since)}</Detail>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          ref={trigger}
          type="button"
          className={buttonClasses(open ? 'primary' : 'secondary')}
          aria-label={t.queue.actionLabel(t.returns.record, name)}
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          onClick={() => (open ? close() : setOpen(true))}
        >
          {t.returns.record}
        </button>
      </div>
      {open && (
        <ReturnForm
          id={formId}
          submitLabel={t.returns.record}
          Confirm={Confirm}
          confirm={(r) => ({ title: t.returns.recordTitle, text: t.returns.recordConfirm(amount, who, r.returnRef, r.returnedOn), confirmLabel: t.returns.recordYes })}
          send={(r) => recordReturn(item, r)}
          refresh={[adminBankKeys.returns]}
          onCancel={close}
          onResolved={onResolved}
        />
      )}
    </li>
  );
}
