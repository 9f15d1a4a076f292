import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { paymentsWeb } from '@arreglaya/shared/i18n/payments';
import type { PendingPayment } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { formatMoment, formatMoney } from '@/lib/format.ts';
import { cancelOfflinePayment } from '../api/payments-api.ts';

const t = paymentsWeb.offline;

interface PendingPaymentPanelProps {
  projectId: string;
  pending: PendingPayment;
  locale: string;
  /** Just opened on this page (not read back on a reload): the panel takes the focus. */
  autoFocus: boolean;
  /** The payment was cancelled (the client pays another way): the choice comes back. */
  onCancelled: (paymentId: string) => Promise<unknown>;
}

/**
 * An open bank transfer or cash voucher (issue 47), for the client, after the fund
 * request or on a reload of the project page (`money.pending`): what to pay, where and by when, the
 * reference or the voucher with "Copiar" (and "Imprimir comprobante" for the voucher alone), that
 * nothing is held until the money arrives, what arrived of a transfer paid in part, and paying
 * another way instead (the payment cancelled, while nothing of it arrived).
 */
export function PendingPaymentPanel({ projectId, pending, locale, autoFocus, onCancelled }: PendingPaymentPanelProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const messageBox = useMessageBox();
  const [confirming, setConfirming] = useState(false);
  const amount = (minor: number) => formatMoney(minor, pending.currency);
  const due = formatMoment(pending.expiresAt, locale, true);
  const missingMinor = Math.max(0, pending.amountMinor - pending.receivedMinor);
  const partial = pending.receivedMinor > 0;
  const transfer = pending.rail === 'transfer';
  // A SPEI payment's voucher number is the CLABE to transfer to; PSE's is at the bank's site (decision 067).
  const spei = pending.method === 'spei';
  const pse = pending.method === 'pse';

  useEffect(() => {
    if (autoFocus) titleRef.current?.focus();
  }, [autoFocus]);

  const cancel = async () => {
    const answer = await cancelOfflinePayment(projectId, pending.paymentId);
    messageBox.show({ text: answer.message, kind: 'success' });
    await onCancelled(pending.paymentId);
  };

  return (
    <section aria-labelledby={titleId} data-testid="pending-payment" className="flex flex-col gap-4">
      <div className="rounded-lg border-l-4 border-accent-700 bg-amber-50 p-4 text-slate-900">
        <p className="font-semibold">{t.notHeld}</p>
        {partial && (
          <>
            <p className="mt-1 font-semibold">{t.partial(amount(pending.receivedMinor), amount(pending.amountMinor), amount(missingMinor))}</p>
            <p className="mt-1">{t.partialNote}</p>
          </>
        )}
      </div>
      {transfer ? (
        <div className="flex flex-col gap-4">
          <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-offset-2">
            {t.transferTitle}
          </h3>
          <Amount label={partial ? t.missingAmount : t.exactAmount} value={amount(partial ? missingMinor : pending.amountMinor)} />
          {pending.transfer && (
            <>
              <div className="flex flex-col gap-1">
                <p className="font-medium text-slate-700">{t.reference}</p>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <p className="font-mono text-3xl font-bold tracking-wide wrap-anywhere text-slate-900 select-all" data-testid="transfer-reference">
                    {pending.transfer.reference}
                  </p>
                  <CopyButton value={pending.transfer.reference} what={t.reference} />
                </div>
                <p className="text-slate-800">{t.referenceHint}</p>
              </div>
              <div className="flex flex-col gap-2">
                <h4 className="font-semibold text-slate-900">{t.account}</h4>
                <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
                  <Detail term={t.bank}>{pending.transfer.bank}</Detail>
                  <Detail term={t.accountType}>{pending.transfer.accountType}</Detail>
                  <Detail term={t.accountNumber}>
                    <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
                      <span className="font-mono text-lg font-semibold wrap-anywhere select-all">{pending.transfer.accountNumber}</span>
                      <CopyButton value={pending.transfer.accountNumber} what={t.accountNumber} />
                    </span>
                  </Detail>
                  <Detail term={t.holder}>{pending.transfer.holder}</Detail>
                  {pending.transfer.taxId && <Detail term={t.taxId}>{pending.transfer.taxId}</Detail>}
                </dl>
              </div>
            </>
          )}
          <p className="font-semibold text-slate-900">{t.dueTransfer(due)}</p>
          <p className="text-slate-800">{t.nextTransfer}</p>
        </div>
      ) : spei ? (
        <div className="flex flex-col gap-4">
          <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-offset-2">
            {t.speiTitle}
          </h3>
          <Amount label={t.exactAmount} value={amount(pending.amountMinor)} />
          {pending.voucher ? (
            <div className="flex flex-col gap-1">
              <p className="font-medium text-slate-700">{t.clabe}</p>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <p className="font-mono text-2xl font-bold wrap-anywhere text-slate-900 select-all sm:text-3xl sm:tracking-wide" data-testid="spei-clabe">
                  {pending.voucher.number}
                </p>
                <CopyButton value={pending.voucher.number} what={t.clabe} />
              </div>
              <p className="text-slate-800">{t.clabeHint}</p>
            </div>
          ) : (
            <p className="text-slate-800">{t.voucherMissing}</p>
          )}
          <p className="font-semibold text-slate-900">{t.dueTransfer(due)}</p>
          <p className="text-slate-800">{t.nextSpei}</p>
        </div>
      ) : pse ? (
        <div className="flex flex-col gap-4">
          <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-offset-2">
            {t.pseTitle}
          </h3>
          <Amount label={t.amountToPay} value={amount(pending.amountMinor)} />
          <p className="text-slate-800">{t.pseWaiting}</p>
          {pending.voucher?.url && safeUrl(pending.voucher.url) && (
            <div>
              <a href={pending.voucher.url} className={buttonClasses('primary', 'w-full sm:w-auto')}>
                {t.goToBank}
              </a>
            </div>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {/* The voucher alone is printed (styles.css: .print-voucher). */}
          <div className="print-voucher flex flex-col gap-4">
            <h3 id={titleId} ref={titleRef} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-offset-2">
              {t.cashTitle}
            </h3>
            {pending.voucher ? (
              <>
                <div className="flex flex-col gap-1">
                  <p className="font-medium text-slate-700">{t.voucherNumber}</p>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                    <p className="font-mono text-2xl font-bold wrap-anywhere text-slate-900 select-all sm:text-3xl sm:tracking-wide" data-testid="voucher-number">
                      {pending.voucher.number}
                    </p>
                    <CopyButton value={pending.voucher.number} what={t.voucherNumber} />
                  </div>
                </div>
                <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
                  {pending.voucher.barcode && (
                    <Detail term={t.barcode}>
                      <span className="font-mono text-sm wrap-anywhere select-all">{pending.voucher.barcode}</span>
                    </Detail>
                  )}
                  <Detail term={t.where}>{pending.voucher.company}</Detail>
                  <Detail term={t.amountToPay}>
                    <span className="font-semibold">{amount(pending.amountMinor)}</span>
                  </Detail>
                </dl>
                <p className="font-semibold text-slate-900">{t.dueCash(due)}</p>
                <p className="text-slate-800">{t.nextCash}</p>
              </>
            ) : (
              <>
                <Amount label={t.amountToPay} value={amount(pending.amountMinor)} />
                <p className="text-slate-800">{t.voucherMissing}</p>
              </>
            )}
          </div>
          {pending.voucher && (
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap print:hidden">
              <button type="button" onClick={() => window.print()} className={buttonClasses('primary', 'w-full sm:w-auto')}>
                {t.print}
              </button>
              {pending.voucher.url && safeUrl(pending.voucher.url) && (
                <a href={pending.voucher.url} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary', 'w-full sm:w-auto')}>
                  {t.voucherPage}
                </a>
              )}
            </div>
          )}
        </div>
      )}
      {/* Once part of a transfer arrived it can only be completed (the server refuses the cancel). */}
      {!partial && (
        <div className="print:hidden">
          <button type="button" onClick={() => setConfirming(true)} className={buttonClasses('secondary', 'w-full sm:w-auto')}>
            {t.otherWay}
          </button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog title={t.otherWayTitle} confirmLabel={t.otherWayConfirm} onConfirm={cancel} onClose={() => setConfirming(false)}>
          <p>{transfer ? t.otherWayTransfer : t.otherWayCash}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The processor's voucher page: a web address (or one of this site), never a script. */
function safeUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="font-medium text-slate-700">{label}</p>
      <p className="text-2xl font-bold text-slate-900">{value}</p>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="mb-2 wrap-anywhere text-slate-900 sm:mb-0">{children}</dd>
    </>
  );
}

/** How long "Copiado" stays next to the button. */
const COPIED_MS = 3000;

/**
 * Copies `value` to the clipboard; a polite status next to the button says it was copied (or, where
 * the browser refuses, to select the text and copy it, which `select-all` makes one tap).
 */
function CopyButton({ value, what }: { value: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1 print:hidden">
      <button type="button" onClick={() => void copy()} aria-label={t.copyLabel(what)} className={buttonClasses('secondary', 'min-w-24')}>
        {t.copy}
      </button>
      <span role="status" className={state === 'failed' ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-green-800'}>
        {state === 'copied' ? t.copied : state === 'failed' ? t.copyFailed : ''}
      </span>
    </span>
  );
}
