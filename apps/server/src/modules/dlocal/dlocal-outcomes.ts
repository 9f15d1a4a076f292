import type { CardBrand } from '@arreglaya/shared/domain';
import type { CardDetails, ChargeResult, VerificationResult } from '../payments/processor.ts';
import { verifySignature, type VerifyOptions } from './dlocal-signature.ts';
import { DlocalPaymentSchema, DlocalPayoutSchema, DlocalRefundSchema, fromDlocalAmount, type DlocalPayment, type DlocalPayout, type DlocalRefund } from './dlocal-types.ts';

// What our side does with dLocal's answers and notifications: a payment's status onto the charge
// statuses the payments service and its ledger already know (processor.ts), a refund's onto done /
// waiting / refused, and a notification checked (signature) and read (payment or refund object).
// Every mapping goes by `status`, refined by `status_code`: a notification may come late, twice or
// out of order, so the receiver settles by the state it reads (idempotently), never by counting.

/** A REJECTED payment's reason, in the card processor's failure codes. */
export function failureCodeOf(statusCode: string): string {
  switch (statusCode) {
    case '302':
      return 'insufficient_funds';
    case '316': // unsupported operation
    case '318': // invalid transaction
    case '321': // error in acquirer
      return 'processing_error';
    default:
      // 300 (also a 3-D Secure challenge the payer cancelled), 301, 303–315, 317, 319, 320…
      return 'declined';
  }
}

/**
 * A payment as a ChargeResult (processor.ts): PAID → succeeded; PENDING → requires_action, with
 * where the payer acts (the 3-D Secure page, or the cash ticket); REJECTED → failed with its reason;
 * CANCELLED and EXPIRED → canceled ('cancelled', 'expired'). An undocumented status reads as still
 * waiting (requires_action with no page): ask again later.
 */
export function toChargeResult(p: DlocalPayment, idempotencyKey: string): ChargeResult {
  const base = { id: p.id, idempotencyKey, amountMinor: fromDlocalAmount(p.amount), currency: p.currency };
  switch (p.status) {
    case 'PAID':
    case 'VERIFIED':
      return { ...base, status: 'succeeded', failureCode: null, actionUrl: null };
    case 'REJECTED':
      return { ...base, status: 'failed', failureCode: failureCodeOf(p.status_code), actionUrl: null };
    case 'CANCELLED':
      return { ...base, status: 'canceled', failureCode: 'cancelled', actionUrl: null };
    case 'EXPIRED':
      return { ...base, status: 'canceled', failureCode: 'expired', actionUrl: null };
    default:
      return { ...base, status: 'requires_action', failureCode: null, actionUrl: p.three_dsecure?.redirect_url ?? p.redirect_url ?? p.ticket?.image_url ?? null };
  }
}

/** dLocal's brand codes (the card object's `brand`) as ours. */
const BRANDS: Record<string, CardBrand> = { VI: 'visa', VD: 'visa', MC: 'mastercard', MD: 'mastercard', AE: 'amex', DI: 'discover', DC: 'diners', JC: 'jcb' };

/** The card a payment object describes (brand, last 4, expiry), when it says all of it. */
export function cardOf(p: DlocalPayment): CardDetails | null {
  const c = p.card;
  if (!c?.last4 || c.expiration_month === undefined || c.expiration_year === undefined) return null;
  return { brand: BRANDS[c.brand ?? ''] ?? 'unknown', last4: c.last4, expMonth: c.expiration_month, expYear: c.expiration_year };
}

/**
 * A card verification (`verify: true`, amount 0, `save: true`) as a VerificationResult: VERIFIED
 * (or PAID) → succeeded with the card and its card_id; PENDING → requires_action (3-D Secure);
 * REJECTED → failed; CANCELLED and EXPIRED → canceled.
 */
export function toVerificationResult(p: DlocalPayment, idempotencyKey: string): VerificationResult {
  const charge = toChargeResult(p, idempotencyKey);
  return {
    id: p.id,
    idempotencyKey,
    status: charge.status,
    failureCode: charge.failureCode,
    actionUrl: charge.actionUrl,
    card: cardOf(p),
    savedToken: charge.status === 'succeeded' ? (p.card?.card_id ?? null) : null,
  };
}

/** Whether a payment's status is final (no notification will move it again, refunds aside). */
export function isFinal(p: Pick<DlocalPayment, 'status'>): boolean {
  return ['PAID', 'VERIFIED', 'REJECTED', 'CANCELLED', 'EXPIRED'].includes(p.status);
}

/** A refund's state: SUCCESS done; PENDING waiting (a cash payment's bank transfer); REJECTED, CANCELLED refused. */
export function refundState(r: Pick<DlocalRefund, 'status'>): 'succeeded' | 'pending' | 'failed' {
  if (r.status === 'SUCCESS') return 'succeeded';
  if (r.status === 'REJECTED' || r.status === 'CANCELLED') return 'failed';
  return 'pending';
}

export type DlocalNotification = { kind: 'payment'; payment: DlocalPayment } | { kind: 'refund'; refund: DlocalRefund } | { kind: 'invalid'; reason: 'signature' | 'body' };

const INVALID_SIGNATURE = Symbol('invalid signature');
const INVALID_BODY = Symbol('invalid body');

/** A notification's body as JSON once its signature is checked against the exact bytes received; which check failed otherwise. */
function signedJson(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string | Buffer,
  opts: Pick<VerifyOptions, 'login' | 'secretKey' | 'maxSkewMs' | 'now'>,
): unknown {
  if (!verifySignature(headers, rawBody, opts)) return INVALID_SIGNATURE;
  try {
    return JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    return INVALID_BODY;
  }
}

/**
 * A notification POSTed to our notification_url ("Receive notifications"): its signature checked
 * against the exact bytes received (with our login and secret key), then read as the payment object,
 * or the refund object (which names its payment_id). Never throws. Answer 2xx only once it is
 * stored: dLocal retries anything else (hourly, then every 12 hours, 12 attempts).
 */
export function readDlocalNotification(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string | Buffer,
  opts: Pick<VerifyOptions, 'login' | 'secretKey' | 'maxSkewMs' | 'now'>,
): DlocalNotification {
  const json = signedJson(headers, rawBody, opts);
  if (json === INVALID_SIGNATURE) return { kind: 'invalid', reason: 'signature' };
  if (json === INVALID_BODY) return { kind: 'invalid', reason: 'body' };
  if (json !== null && typeof json === 'object' && 'payment_id' in json) {
    const refund = DlocalRefundSchema.safeParse(json);
    return refund.success ? { kind: 'refund', refund: refund.data } : { kind: 'invalid', reason: 'body' };
  }
  const payment = DlocalPaymentSchema.safeParse(json);
  return payment.success ? { kind: 'payment', payment: payment.data } : { kind: 'invalid', reason: 'body' };
}

/**
 * A payout's state for our side (decision 052): PAID paid; REJECTED and CANCELLED failed (the money
 * goes back to the contractor's balance); PENDING, DELIVERED and the holds still on their way. The
 * reason of a failure: dLocal's status_detail when it names a documented reason (ERROR_…), otherwise
 * CANCELLED or its status code.
 */
export function payoutState(p: Pick<DlocalPayout, 'status' | 'status_code' | 'status_detail'>): { state: 'paid' | 'failed' | 'sent'; reason: string | null } {
  if (p.status === 'PAID') return { state: 'paid', reason: null };
  if (p.status === 'REJECTED' || p.status === 'CANCELLED') {
    const detail = p.status_detail ?? '';
    const reason = /^ERROR_[A-Z_]+$/.test(detail) ? detail : p.status === 'CANCELLED' ? 'CANCELLED' : p.status_code;
    return { state: 'failed', reason };
  }
  return { state: 'sent', reason: null };
}

export type DlocalPayoutNotification = { kind: 'payout'; payout: DlocalPayout } | { kind: 'invalid'; reason: 'signature' | 'body' };

/**
 * A payout notification ("Notification parameters", Payouts v3: the body is the payout object, as
 * Get payout gives it), its signature checked as the Payins notifications' (X-Date, X-Login,
 * Authorization: V2-HMAC-SHA256 over login + date + body) against the exact bytes. Never throws.
 */
export function readDlocalPayoutNotification(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string | Buffer,
  opts: Pick<VerifyOptions, 'login' | 'secretKey' | 'maxSkewMs' | 'now'>,
): DlocalPayoutNotification {
  const json = signedJson(headers, rawBody, opts);
  if (json === INVALID_SIGNATURE) return { kind: 'invalid', reason: 'signature' };
  if (json === INVALID_BODY) return { kind: 'invalid', reason: 'body' };
  const payout = DlocalPayoutSchema.safeParse(json);
  return payout.success ? { kind: 'payout', payout: payout.data } : { kind: 'invalid', reason: 'body' };
}
