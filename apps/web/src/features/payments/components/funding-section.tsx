import { useEffect, useId, useRef, useState } from 'react';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { CountryCode } from '@arreglaya/shared/countries';
import { FUNDING_CHOICES, PAYER_DOCUMENT, isBankMethod, payerDocumentProblem } from '@arreglaya/shared/local-payment-methods';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { guaranteeLinks } from '@arreglaya/shared/i18n/guarantee';
import { Link } from 'react-router';
import type { FundResult, PendingPayment, ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatMoney } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { useViewer } from '@/lib/use-viewer.ts';
import { fundProject, type FundBody } from '../api/payments-api.ts';
import { usePaymentMethods } from '../api/payments-queries.ts';
import { CardForm } from './card-form.tsx';
import { choiceText, offlineBody, OfflineStep, PayerDocumentField, type Choice } from './funding-steps.tsx';
import { PendingPaymentPanel } from './pending-payment-panel.tsx';
import { moneyState, moneyStateText, type MoneyState } from '../money-state.ts';
import { cardLabel, expiryLabel } from './saved-cards.tsx';

interface FundingSectionProps {
  projectId: string;
  status: ProjectStatus;
  /** The project's country: its ways to pay (FUNDING_CHOICES, decision 067). */
  country: CountryCode;
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
 * agreed price, or a staged plan's next milestone), the "Pagar protección de pago" step: by card,
 * or by bank transfer or in cash (issue 47), whose open reference or voucher then takes the step's
 * place (PendingPaymentPanel) until the money arrives or she pays another way. The return from the
 * bank's page (?pago=) is the page's (PaymentReturnNotice).
 */
export function FundingSection({ projectId, status, country, money, viewer, clientId, locale, onChanged }: FundingSectionProps) {
  const titleId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // A transfer or voucher just opened, shown from the fund answer until the page's reload brings
  // the project's own `money` (a new object, with `pending` from the server).
  const [opened, setOpened] = useState<{ pending: PendingPayment; basis: ProjectMoney } | null>(null);
  // One cancelled here: not shown again while the reload is on its way; the choice comes back focused.
  const [cancelledId, setCancelledId] = useState<string | null>(null);
  const state = moneyState(status, money);
  const text = moneyStateText(state, money, viewer, locale);
  const shown = money.pending ?? (opened?.basis === money ? opened.pending : null);
  const pending = shown && shown.paymentId !== cancelledId ? shown : null;
  // A hired project not paid yet, or (staged plan) the milestone the work is on once the previous one was released.
  const showPay = viewer === 'client' && clientId !== null && (status === 'assigned' || status === 'in_progress') && money.dueMinor > 0;
  const showPending = viewer === 'client' && clientId !== null && pending !== null;
  if (!text && !showPay && !showPending) return null;
  const amount = (minor: number) => formatMoney(minor, money.currency);

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {showPay ? t.fund.title : t.fund.moneyTitle}
      </h2>
      {text && (
        <div data-testid="money-state" className={`flex flex-col gap-1 rounded-lg border-l-4 p-4 ${STATE_CLASSES[state.kind]}`}>
          <p className="text-lg font-semibold break-words">{text.line}</p>
          {text.note && <p className="break-words">{text.note}</p>}
          {viewer === 'contractor' && money.pending && (
            <p className="break-words">
              {money.pending.method === 'pse' || money.pending.method === 'spei' ? t.offline.contractorWaitingBank : t.offline.contractorWaiting[money.pending.rail]}
            </p>
          )}
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
      {showPending ? (
        <PendingPaymentPanel
          key={pending.paymentId}
          projectId={projectId}
          pending={pending}
          locale={locale}
          autoFocus={opened?.pending.paymentId === pending.paymentId}
          onCancelled={async (paymentId) => {
            setFailure(null);
            setCancelledId(paymentId);
            await onChanged();
          }}
        />
      ) : (
        showPay && (
          <>
            {money.expired && (
              <p data-testid="offline-expired" className="rounded-lg border-l-4 border-accent-700 bg-amber-50 p-4 font-semibold break-words text-slate-900">
                {isBankMethod(money.expired.method) ? t.offline.expired.bank : t.offline.expired[money.expired.rail]}
              </p>
            )}
            <PayPanel
              projectId={projectId}
              country={country}
              money={money}
              clientId={clientId}
              focusChoice={cancelledId !== null}
              onFailure={setFailure}
              onOpened={(p) => setOpened({ pending: p, basis: money })}
              onFunded={onChanged}
            />
          </>
        )
      )}
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
  country: CountryCode;
  money: ProjectMoney;
  clientId: string;
  /** Back after paying another way was chosen: the choice of how to pay takes the focus. */
  focusChoice: boolean;
  onFailure: (message: string | null) => void;
  /** A transfer reference or cash voucher was opened (202): its instructions replace this step. */
  onOpened: (pending: PendingPayment) => void;
  onFunded: () => Promise<unknown>;
}

function PayPanel({ projectId, country, money, clientId, focusChoice, onFailure, onOpened, onFunded }: PayPanelProps) {
  const id = useId();
  const { user } = useViewer();
  const messageBox = useMessageBox();
  const methods = usePaymentMethods(clientId);
  const choices = FUNDING_CHOICES[country];
  const [rail, setRail] = useState<Choice>('card');
  const [choice, setChoice] = useState<string | null>(null);
  const paying = useInFlight();
  // On the way to the bank's page: the button stays disabled until the browser leaves.
  const [leaving, setLeaving] = useState(false);
  // One Idempotency-Key per attempt: a retry of the same request (the processor did not answer)
  // reuses it, so the server answers the first attempt instead of charging again.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const firstRail = useRef<HTMLInputElement>(null);
  // The payer's document dLocal asks in Colombia and Mexico, for a card as for a local method
  // (decision 067): one field whatever the choice, checked by the server's own rule before sending.
  const documentKind = PAYER_DOCUMENT[country];
  const [payerDocument, setPayerDocument] = useState('');
  const [documentProblem, setDocumentProblem] = useState<string | null>(null);
  const documentInput = useRef<HTMLInputElement>(null);
  const saved = methods.data ?? [];
  const selected = choice ?? saved.find((m) => m.isDefault)?.id ?? saved[0]?.id ?? 'new';
  const due = money.milestones.find((m) => m.status === 'pending');
  const dueAmount = formatMoney(money.dueMinor, money.currency);
  // The amount the server will charge (the price, or the stage due): the button says it.
  const payLabel = t.fund.payAmount(dueAmount);

  useEffect(() => {
    if (focusChoice) firstRail.current?.focus();
  }, [focusChoice]);

  /** Pays; throws the API's Spanish message (declined, insufficient funds, processing error, cash or transfer unavailable). */
  const pay = async (body: FundBody) => {
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
    // PSE (202): the payer authorises the debit at their bank's site (dLocal's redirect_url) and
    // comes back to this page, as from a card's 3-D Secure; nothing is held until the bank confirms.
    const bankSite = result.pending?.method === 'pse' ? result.pending.voucher?.url : null;
    if (bankSite && /^https?:\/\//i.test(bankSite)) {
      messageBox.show({ text: result.message, kind: 'info' });
      setLeaving(true);
      window.location.assign(bankSite);
      return;
    }
    // Cash or transfer (202): the reference, voucher or CLABE is shown at once; nothing is held yet.
    if (result.pending) onOpened(result.pending);
    messageBox.show({ text: result.message, kind: result.pending ? 'info' : 'success' });
    await onFunded();
  };

  const payWith = (body: FundBody) =>
    paying.run(async () => {
      onFailure(null);
      try {
        await pay(body);
      } catch (error) {
        onFailure(errorMessage(error));
      }
    });
  const busy = paying.busy || leaving;

  /** The document to send with `rail` ({} where the country asks none); null when it is missing or wrong: the field says why and takes the focus. */
  const documentFor = (r: 'card' | 'cash' | 'transfer'): { payerDocument?: string } | null => {
    if (!documentKind || r === 'transfer') return {};
    const problem = payerDocumentProblem(country, r, payerDocument);
    setDocumentProblem(problem);
    if (problem) {
      documentInput.current?.focus();
      return null;
    }
    return { payerDocument: payerDocument.trim() };
  };
  const documentField = documentKind && (
    <PayerDocumentField kind={documentKind} value={payerDocument} problem={documentProblem} inputRef={documentInput} onChange={setPayerDocument} />
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800">{due ? t.fund.milestoneIntro(due.title, dueAmount) : t.fund.protection}</p>
      <p className="text-slate-800">
        {guaranteeLinks.funding}{' '}
        <Link to="/garantia" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {guaranteeLinks.link}
        </Link>
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-slate-800">{t.offline.choice}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {choices.map((r, i) => (
            <label key={r} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-400 p-3 has-checked:border-brand-700 has-checked:bg-brand-50">
              <input
                ref={i === 0 ? firstRail : undefined}
                type="radio"
                name={`${id}-rail`}
                value={r}
                checked={rail === r}
                onChange={() => {
                  setRail(r);
                  onFailure(null);
                }}
                aria-labelledby={`${id}-${r}-label`}
                aria-describedby={`${id}-${r}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span className="flex min-w-0 flex-col">
                <span id={`${id}-${r}-label`} className="font-semibold text-slate-900">
                  {choiceText(r).label}
                </span>
                <span id={`${id}-${r}-hint`} className="text-sm text-slate-700">
                  {choiceText(r).hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {rail === 'card' ? (
        <>
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
          {documentField}
          {selected === 'new' ? (
            <CardForm
              submitLabel={payLabel}
              busyLabel={t.fund.paying}
              busy={leaving}
              defaultCountry={user?.country}
              ready={() => documentFor('card') !== null}
              onToken={(token) => pay({ token, ...documentFor('card') })}
            />
          ) : (
            <div>
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  const document = documentFor('card');
                  if (document) void payWith({ paymentMethodId: selected, ...document });
                }}
                className={buttonClasses('accent')}
              >
                {busy ? t.fund.paying : payLabel}
              </button>
            </div>
          )}
        </>
      ) : (
        <OfflineStep
          choice={rail}
          amount={dueAmount}
          busy={busy}
          documentField={documentField}
          onPay={() => {
            const document = documentFor(rail === 'transfer' ? 'transfer' : 'cash');
            if (document) void payWith(offlineBody(rail, document.payerDocument));
          }}
        />
      )}
    </div>
  );
}
