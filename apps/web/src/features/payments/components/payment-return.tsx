import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { errorMessage } from '@/lib/form-errors.ts';
import { confirmPayment } from '../api/payments-api.ts';

export type PaymentReturn = { kind: 'confirming' } | { kind: 'succeeded'; text: string } | { kind: 'failed'; text: string };

/**
 * Back from the bank's page (3-D Secure), the project page's URL carries ?pago=<payment id>: the
 * payment is confirmed with our API once, the parameter dropped, and the outcome kept for
 * PaymentReturnNotice (a successful payment always has its message). `onChanged` reloads the project.
 */
export function usePaymentReturn(onChanged: () => Promise<unknown>): PaymentReturn | null {
  const [params, setParams] = useSearchParams();
  const returning = params.get('pago');
  const [outcome, setOutcome] = useState<PaymentReturn | null>(null);
  const confirmed = useRef<string | null>(null);
  // The latest reload: the page may mount before the session is known, and the reload the first
  // render had would refresh another cache entry than the project's.
  const reload = useRef(onChanged);
  useEffect(() => {
    reload.current = onChanged;
  }, [onChanged]);

  useEffect(() => {
    if (!returning || confirmed.current === returning) return;
    confirmed.current = returning;
    setOutcome({ kind: 'confirming' });
    confirmPayment(returning)
      .then(async (result) => {
        setOutcome(result.status === 'succeeded' ? { kind: 'succeeded', text: result.message } : { kind: 'failed', text: result.message });
        await reload.current();
      })
      .catch((error: unknown) => setOutcome({ kind: 'failed', text: errorMessage(error) }))
      .finally(() => {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('pago');
            return next;
          },
          { replace: true },
        );
      });
  }, [returning, setParams]);

  return outcome;
}

/**
 * The outcome of the bank's page at the top of the project page: a status (confirming, paid) or an
 * alert (cancelled, declined), which takes the focus once known so the person hears and sees it first.
 */
export function PaymentReturnNotice({ outcome }: { outcome: PaymentReturn | null }) {
  const ref = useRef<HTMLElement>(null);
  const known = outcome !== null && outcome.kind !== 'confirming';
  useEffect(() => {
    if (known) ref.current?.focus();
  }, [known, outcome]);
  if (!outcome) return null;
  const tone =
    outcome.kind === 'failed'
      ? 'border-red-700 bg-red-50 text-red-900'
      : outcome.kind === 'succeeded'
        ? 'border-green-700 bg-green-50 text-green-900'
        : 'border-brand-700 bg-brand-50 text-slate-900';
  return (
    <section ref={ref} tabIndex={-1} aria-label={t.paymentReturn.label} className={`mb-6 rounded-lg border-l-4 p-4 font-medium outline-offset-2 ${tone}`}>
      <p role="status" className="flex items-center gap-2 empty:hidden">
        {outcome.kind === 'confirming' && (
          <>
            <span className="spinner-wheel" aria-hidden="true" /> {t.fund.confirming}
          </>
        )}
        {outcome.kind === 'succeeded' && outcome.text}
      </p>
      <p role="alert" className="empty:hidden">
        {outcome.kind === 'failed' && outcome.text}
      </p>
    </section>
  );
}
