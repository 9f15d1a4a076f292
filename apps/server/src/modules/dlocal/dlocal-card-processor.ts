import { COUNTRIES, type CountryCode } from '@arreglaya/shared/countries';
import { CURRENCY_COUNTRY } from '@arreglaya/shared/fee-tax';
import type { Currency } from '@arreglaya/shared/domain';
import { ProcessorUnavailable, type CardDetails, type CardProcessor, type ChargeResult, type VerificationResult } from '../payments/processor.ts';
import { DlocalApiError, DlocalProtocolError, type DlocalClient } from './dlocal-client.ts';
import { toChargeResult, toVerificationResult } from './dlocal-outcomes.ts';
import type { DlocalPayer, DlocalPayment } from './dlocal-types.ts';

// Cards through dLocal's Payins API (issue 47, decision 053): the CardProcessor the payments service
// already speaks to, over the dLocal client. The browser tokenizes the card at dLocal (Smart Fields;
// outside production the stand-in's), so only dLocal's token reaches us. One order, one payment: our
// idempotency key is the order_id, and a repeated key reads the order back (createPaymentOnce).
// What dLocal does not document is said so: no look-up of a token's card (describeToken answers
// null), no listing of payments (listCharges answers none), and payouts are another API.

export interface DlocalCardProcessorOptions {
  client: DlocalClient;
  /** Our notification route (dLocal's `notification_url`). */
  notificationUrl: string;
  /** Where dLocal sends the payer's browser back after 3-D Secure (`callback_url`), from our same-site return path. */
  callbackUrl: (returnPath: string) => string;
  /** Who pays (dLocal requires a name and an e-mail), by our idempotency key (pay_…, verify_…). */
  payerOf: (idempotencyKey: string) => Promise<{ name: string; email: string } | null>;
}

/**
 * How a saved card's card_id is kept as its processor token: dLocal's card ids and Smart Fields
 * tokens may look alike (CV-…), and a charge must say which one it sends.
 */
export const CARD_ID_PREFIX = 'card_id:';
const savedAs = (v: VerificationResult): VerificationResult => (v.savedToken ? { ...v, savedToken: `${CARD_ID_PREFIX}${v.savedToken}` } : v);

/** dLocal refused the request itself (4xx other than 429): no payment was made. */
const refused = (err: unknown): err is DlocalApiError => err instanceof DlocalApiError && !err.outcomeUnknown;

/** A failure whose outcome is unknown (dLocal's 5xx or 429, an answer of another shape) is the processor not answering. */
function unknownOutcome(err: unknown): never {
  if (err instanceof DlocalApiError || err instanceof DlocalProtocolError) throw new ProcessorUnavailable('network');
  throw err;
}

/** Our failure code for a request dLocal refused: a token it does not know, or anything else it would not process. */
const refusalCode = (err: DlocalApiError) => (err.code === 5008 ? 'invalid_token' : 'processing_error');

export class DlocalCardProcessor implements CardProcessor {
  readonly name = 'dlocal';

  constructor(private readonly options: DlocalCardProcessorOptions) {}

  /**
   * dLocal documents no look-up of a Smart Fields token: the card's brand, last 4 and expiry come
   * back with the payment or the verification instead (VerificationResult.card). Null: unknown here.
   */
  describeToken(_token: string): Promise<CardDetails | null> {
    return Promise.resolve(null);
  }

  async charge(req: { token: string; amountMinor: number; currency: Currency; idempotencyKey: string; returnUrl: string; payerDocument?: string }): Promise<ChargeResult> {
    let payment: DlocalPayment;
    try {
      payment = await this.options.client.createCardPaymentOnce({
        orderId: req.idempotencyKey,
        amountMinor: req.amountMinor,
        currency: req.currency,
        // The charge's country is its currency's (a Colombian project pays in COP in CO: decision 067).
        country: CURRENCY_COUNTRY[req.currency],
        card: this.cardRef(req.token),
        // dLocal requires the payer's document in Colombia and Mexico, cards included (decision 067).
        payer: await this.payer(req.idempotencyKey, req.payerDocument),
        description: 'ArreglaYa',
        notificationUrl: this.options.notificationUrl,
        callbackUrl: this.options.callbackUrl(req.returnUrl),
      });
    } catch (err) {
      // Refused before any payment existed (an unknown or used token, a currency not enabled…): a failed charge, nothing moved.
      if (refused(err))
        return {
          id: req.idempotencyKey,
          idempotencyKey: req.idempotencyKey,
          status: 'failed',
          amountMinor: req.amountMinor,
          currency: req.currency,
          failureCode: refusalCode(err),
          actionUrl: null,
        };
      return unknownOutcome(err);
    }
    return toChargeResult(payment, req.idempotencyKey);
  }

  async retrieveCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const payment = await this.findByOrder(idempotencyKey);
    return payment ? toChargeResult(payment, idempotencyKey) : null;
  }

  /**
   * A card being saved, verified as dLocal documents it (the card object): a CARD payment of amount
   * 0 with `verify: true`, and `save: true` so that a verified card answers a card_id, the lasting
   * reference charged later (a Smart Fields token is for one use). Its bank may ask for 3-D Secure.
   */
  async verifyCard(req: { token: string; idempotencyKey: string; returnUrl: string; country: CountryCode; payerDocument?: string }): Promise<VerificationResult> {
    let payment: DlocalPayment;
    try {
      payment = await this.options.client.createCardPaymentOnce({
        orderId: req.idempotencyKey,
        amountMinor: 0,
        // In the account's country and its currency, as a funding goes in its project's (decision 067).
        currency: COUNTRIES[req.country].currency,
        country: req.country,
        card: this.cardRef(req.token),
        verify: true,
        save: true,
        // dLocal requires the payer's document in Colombia and Mexico, a card's verification included.
        payer: await this.payer(req.idempotencyKey, req.payerDocument),
        description: 'ArreglaYa',
        notificationUrl: this.options.notificationUrl,
        callbackUrl: this.options.callbackUrl(req.returnUrl),
      });
    } catch (err) {
      if (refused(err)) return { id: req.idempotencyKey, idempotencyKey: req.idempotencyKey, status: 'failed', failureCode: refusalCode(err), actionUrl: null };
      return unknownOutcome(err);
    }
    return savedAs(toVerificationResult(payment, req.idempotencyKey));
  }

  async retrieveVerification(idempotencyKey: string): Promise<VerificationResult | null> {
    const payment = await this.findByOrder(idempotencyKey);
    return payment ? savedAs(toVerificationResult(payment, idempotencyKey)) : null;
  }

  /**
   * dLocal's Payins API documents no listing of payments (reconciliation there is the Merchant
   * Dashboard's reports). Every card payment we make is a row of ours first, and reconcile() asks
   * dLocal for each unsettled one by its order; a payment dLocal notifies that we do not know is
   * reported by the notification route. So: none listed here (docs/dlocal-contract.md).
   */
  listCharges(_since: Date): Promise<ChargeResult[]> {
    return Promise.resolve([]);
  }

  /**
   * A card refund is SUCCESS at once. dLocal documents no idempotency key for refunds: our key goes
   * in the description, and a refund already made with it is found before asking again.
   */
  async refund(req: { chargeId: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string }> {
    try {
      const payment = await this.options.client.retrievePayment(req.chargeId);
      const made = payment.refunds?.find((r) => r.description === req.idempotencyKey);
      if (made) return { id: made.id };
      const refund = await this.options.client.createRefund({
        paymentId: req.chargeId,
        amountMinor: req.amountMinor,
        currency: payment.currency,
        description: req.idempotencyKey,
        notificationUrl: this.options.notificationUrl,
      });
      if (refund.status === 'REJECTED' || refund.status === 'CANCELLED') throw new Error(`dLocal refused the refund (${refund.status_code})`);
      return { id: refund.id };
    } catch (err) {
      if (refused(err)) throw err;
      return unknownOutcome(err);
    }
  }

  /** The payment of an order of ours, or null when dLocal has none (404). */
  private async findByOrder(orderId: string): Promise<DlocalPayment | null> {
    try {
      const order = await this.options.client.retrieveOrder(orderId);
      return await this.options.client.retrievePayment(order.payment_id);
    } catch (err) {
      if (err instanceof DlocalApiError && err.httpStatus === 404) return null;
      return unknownOutcome(err);
    }
  }

  /** A saved card's card_id (kept as `card_id:…`) or a Smart Fields token. */
  private cardRef(token: string): { token: string } | { cardId: string } {
    return token.startsWith(CARD_ID_PREFIX) ? { cardId: token.slice(CARD_ID_PREFIX.length) } : { token };
  }

  private async payer(idempotencyKey: string, document?: string): Promise<DlocalPayer> {
    const payer = await this.options.payerOf(idempotencyKey);
    // dLocal requires both; a payer we cannot name still pays under the platform's name.
    return { name: payer?.name.trim() || 'Cliente ArreglaYa', email: payer?.email ?? 'pagos@arreglaya.do', ...(document ? { document } : {}) };
  }
}
