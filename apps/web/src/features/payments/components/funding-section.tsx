import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { FundResult, ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatMoney } from '@/lib/format.ts';
import { confirmPayment, fundProject } from '../api/payments-api.ts';
import { usePaymentMethods } from '../api/payments-queries.ts';
import { CardForm } from './card-form.tsx';
import { cardLabel, expiryLabel } from './saved-cards.tsx';

interface FundingSectionProps {
  projectId: string;
  status: ProjectStatus;
  money: ProjectMoney;
  clientId: string;
  locale: string;
  /** The project changed (funded): the page reloads it. */
  onChanged: () => Promise<unknown>;
}

/**
 * The client's payment protection on their project page: the held / released amounts and, while
 * something is due (the agreed price, or a staged plan's next milestone), the "Pagar protección de pago" panel. Back from the bank's challenge
 * page (?pago=<payment id>), it confirms the payment with our API once.
 */
export function FundingSection({ projectId, status, money, clientId, locale, onChanged }: FundingSectionProps) {
  const titleId = useId();
  const messageBox = useMessageBox();
  const [params, setParams] = useSearchParams();
  const returning = params.get('pago');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    if (!returning || confirmed.current === returning) return;
    confirmed.current = returning;
    setConfirming(true);
    confirmPayment(returning)
      .then(async (result) => {
        if (result.status === 'succeeded') messageBox.show({ text: result.message, kind: 'success' });
        else setFailure(result.message);
        await onChanged();
      })
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => {
        setConfirming(false);
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('pago');
            return next;
          },
          { replace: true },
        );
      });
  }, [returning, messageBox, onChanged, setParams]);

  // A hired project not paid yet, or (staged plan) the milestone the work is on once the previous one was released.
  const showPay = (status === 'assigned' || status === 'in_progress') && money.dueMinor > 0;
  const hasMoney = money.fundedMinor > 0;
  if (!showPay && !hasMoney && !confirming && !failure) return null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {showPay ? t.fund.title : t.fund.moneyTitle}
      </h2>
      {confirming && (
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner /> {t.fund.confirming}
        </p>
      )}
      {hasMoney && (
        <ul className="flex flex-col gap-1 text-slate-800">
          {money.funded && <li className="font-medium">{t.fund.fundedNote}</li>}
          <li>{t.fund.held(formatMoney(money.heldMinor, money.currency, locale))}</li>
          {money.releasedMinor > 0 && <li>{t.fund.released(formatMoney(money.releasedMinor, money.currency, locale))}</li>}
          {money.refundedMinor > 0 && <li>{t.fund.refunded(formatMoney(money.refundedMinor, money.currency, locale))}</li>}
        </ul>
      )}
      <p role="alert" className="font-medium text-red-700 empty:hidden">
        {failure}
      </p>
      {showPay && !confirming && <PayPanel projectId={projectId} money={money} clientId={clientId} locale={locale} onFailure={setFailure} onFunded={onChanged} />}
    </section>
  );
}

interface PayPanelProps {
  projectId: string;
  money: ProjectMoney;
  clientId: string;
  locale: string;
  onFailure: (message: string | null) => void;
  onFunded: () => Promise<unknown>;
}

function PayPanel({ projectId, money, clientId, locale, onFailure, onFunded }: PayPanelProps) {
  const messageBox = useMessageBox();
  const methods = usePaymentMethods(clientId);
  const [choice, setChoice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per attempt: a retry of the same request (the processor did not answer)
  // reuses it, so the server answers the first attempt instead of charging again.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const saved = methods.data ?? [];
  const selected = choice ?? saved.find((m) => m.isDefault)?.id ?? saved[0]?.id ?? 'new';
  const due = money.milestones.find((m) => m.status === 'pending');

  /** Pays; throws the API's Spanish message (declined, insufficient funds, processing error). */
  const pay = async (body: { paymentMethodId: string } | { token: string }) => {
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: crypto.randomUUID(), body: serialized };
    let result: FundResult;
    try {
      result = await fundProject(projectId, body, attempt.current.key);
    } catch (error) {
      // Only an unanswered or unavailable request is retried with the same key.
      if (!(error instanceof ApiError && (error.status === 0 || error.status === 503))) attempt.current = null;
      throw error;
    }
    attempt.current = null;
    if (result.status === 'requires_action' && result.actionUrl) {
      messageBox.show({ text: t.fund.challenge, kind: 'info' });
      window.location.assign(result.actionUrl);
      return;
    }
    messageBox.show({ text: result.message, kind: 'success' });
    await onFunded();
  };

  const paySaved = async () => {
    onFailure(null);
    setBusy(true);
    try {
      await pay({ paymentMethodId: selected });
    } catch (error) {
      onFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">
        {due ? t.fund.milestoneIntro(due.title, formatMoney(money.dueMinor, money.currency, locale)) : t.fund.intro(formatMoney(money.dueMinor, money.currency, locale))}
      </p>
      {methods.isPending ? (
        <Spinner />
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-slate-800">{t.fund.cardChoice}</legend>
          {saved.map((m) => (
            <label key={m.id} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input type="radio" name="fund-card" value={m.id} checked={selected === m.id} onChange={() => setChoice(m.id)} className="size-5" />
              {cardLabel(m)} · {expiryLabel(m)}
            </label>
          ))}
          <label className="flex min-h-11 items-center gap-2 text-slate-800">
            <input type="radio" name="fund-card" value="new" checked={selected === 'new'} onChange={() => setChoice('new')} className="size-5" />
            {t.fund.newCard}
          </label>
        </fieldset>
      )}
      {selected === 'new' ? (
        <CardForm submitLabel={t.fund.pay} busyLabel={t.fund.paying} onToken={(token) => pay({ token })} />
      ) : (
        <div>
          <button type="button" disabled={busy} onClick={() => void paySaved()} className={buttonClasses('accent')}>
            {busy ? t.fund.paying : t.fund.pay}
          </button>
        </div>
      )}
    </div>
  );
}
