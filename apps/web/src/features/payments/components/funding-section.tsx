import { useId, useRef, useState } from 'react';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { FundResult, ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatMoney } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import { fundProject } from '../api/payments-api.ts';
import { usePaymentMethods } from '../api/payments-queries.ts';
import { CardForm } from './card-form.tsx';
import { moneyState, moneyStateText, type MoneyState } from '../money-state.ts';
import { cardLabel, expiryLabel } from './saved-cards.tsx';

interface FundingSectionProps {
  projectId: string;
  status: ProjectStatus;
  money: ProjectMoney;
  /** The project's client pays here; the hired contractor reads the same state, without the pay step. */
  viewer: 'client' | 'contractor';
  /** The client's id (their saved cards); null for the contractor. */
  clientId: string | null;
  locale: string;
  /** The project changed (funded): the page reloads it. */
  onChanged: () => Promise<unknown>;
}

/**
 * Payment protection on the project page, for its client and its hired contractor: one line that
 * says where the money stands (moneyState: waiting for the payment and until when, held, partly
 * released, released, refunded), the amounts, and for the client, while something is due (the
 * agreed price, or a staged plan's next milestone), the "Pagar protección de pago" step. The
 * return from the bank's page (?pago=) is the page's (PaymentReturnNotice).
 */
export function FundingSection({ projectId, status, money, viewer, clientId, locale, onChanged }: FundingSectionProps) {
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const state = moneyState(status, money);
  const text = moneyStateText(state, money, viewer, locale);
  // A hired project not paid yet, or (staged plan) the milestone the work is on once the previous one was released.
  const showPay = viewer === 'client' && clientId !== null && (status === 'assigned' || status === 'in_progress') && money.dueMinor > 0;
  if (!text && !showPay) return null;
  const amount = (minor: number) => formatMoney(minor, money.currency, locale);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {showPay ? t.fund.title : t.fund.moneyTitle}
      </h2>
      {text && (
        <div data-testid="money-state" className={`flex flex-col gap-1 rounded-lg border-l-4 p-4 ${STATE_CLASSES[state.kind]}`}>
          <p className="text-lg font-semibold break-words">{text.line}</p>
          {text.note && <p className="break-words">{text.note}</p>}
        </div>
      )}
      {money.fundedMinor > 0 && (
        <ul className="flex flex-col gap-1 text-slate-800">
          <li>{t.state.price(amount(money.priceMinor))}</li>
          <li>{t.fund.held(amount(money.heldMinor))}</li>
          {money.releasedMinor > 0 && <li>{t.fund.released(amount(money.releasedMinor))}</li>}
          {money.refundedMinor > 0 && <li>{t.fund.refunded(amount(money.refundedMinor))}</li>}
        </ul>
      )}
      <p role="alert" className="font-medium text-red-700 empty:hidden">
        {failure}
      </p>
      {showPay && <PayPanel projectId={projectId} money={money} clientId={clientId} locale={locale} onFailure={setFailure} onFunded={onChanged} />}
    </section>
  );
}

const STATE_CLASSES: Record<MoneyState['kind'], string> = {
  awaiting: 'border-accent-700 bg-amber-50 text-slate-900',
  held: 'border-brand-700 bg-brand-50 text-slate-900',
  partlyReleased: 'border-brand-700 bg-brand-50 text-slate-900',
  released: 'border-green-700 bg-green-50 text-slate-900',
  refunded: 'border-slate-500 bg-slate-50 text-slate-900',
  none: '',
};

interface PayPanelProps {
  projectId: string;
  money: ProjectMoney;
  clientId: string;
  locale: string;
  onFailure: (message: string | null) => void;
  onFunded: () => Promise<unknown>;
}

function PayPanel({ projectId, money, clientId, locale, onFailure, onFunded }: PayPanelProps) {
  const { user } = useViewer();
  const messageBox = useMessageBox();
  const methods = usePaymentMethods(clientId);
  const [choice, setChoice] = useState<string | null>(null);
  const paying = useInFlight();
  // On the way to the bank's page: the button stays disabled until the browser leaves.
  const [leaving, setLeaving] = useState(false);
  // One Idempotency-Key per attempt: a retry of the same request (the processor did not answer)
  // reuses it, so the server answers the first attempt instead of charging again.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const saved = methods.data ?? [];
  const selected = choice ?? saved.find((m) => m.isDefault)?.id ?? saved[0]?.id ?? 'new';
  const due = money.milestones.find((m) => m.status === 'pending');
  // The amount the server will charge (the price, or the stage due): the button says it.
  const payLabel = t.fund.payAmount(formatMoney(money.dueMinor, money.currency, locale));

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
      setLeaving(true);
      window.location.assign(result.actionUrl);
      return;
    }
    messageBox.show({ text: result.message, kind: 'success' });
    await onFunded();
  };

  const paySaved = () =>
    paying.run(async () => {
      onFailure(null);
      try {
        await pay({ paymentMethodId: selected });
      } catch (error) {
        onFailure(errorMessage(error));
      }
    });
  const busy = paying.busy || leaving;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{due ? t.fund.milestoneIntro(due.title, formatMoney(money.dueMinor, money.currency, locale)) : t.fund.protection}</p>
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
        <CardForm submitLabel={payLabel} busyLabel={t.fund.paying} busy={leaving} defaultCountry={user?.country} onToken={(token) => pay({ token })} />
      ) : (
        <div>
          <button type="button" disabled={busy} onClick={() => void paySaved()} className={buttonClasses('accent')}>
            {busy ? t.fund.paying : payLabel}
          </button>
        </div>
      )}
    </div>
  );
}
