import type { CountryCode } from '@arreglaya/shared/countries';
import type { CardBrand, Currency } from '@arreglaya/shared/domain';

// The card processor behind an interface (decision 021). Services only see this; PROCESSOR names
// the implementation (the built-in sandbox today; AZUL, CardNET or Stripe later). Every call that
// moves money carries an idempotency key: the processor answers a repeated key with the first result.

export type ChargeStatus = 'succeeded' | 'requires_action' | 'failed' | 'canceled';

export interface ChargeResult {
  id: string;
  idempotencyKey: string;
  status: ChargeStatus;
  amountMinor: number;
  currency: string;
  /** declined, insufficient_funds, processing_error, challenge_canceled. */
  failureCode: string | null;
  /** Where the payer confirms a challenged charge (3-D Secure), while it requires action. */
  actionUrl: string | null;
}

/**
 * A zero-amount verification of a card being saved (as Stripe's SetupIntent): no money moves; the
 * bank may ask for a challenge (requires_action, then succeeded or canceled).
 */
export interface VerificationResult {
  id: string;
  idempotencyKey: string;
  status: ChargeStatus;
  /** declined, insufficient_funds, processing_error, challenge_canceled, invalid_token. */
  failureCode: string | null;
  /** Where the card holder answers the bank's challenge, while it requires action. */
  actionUrl: string | null;
  /** The card as the processor read it, when its tokens do not say (dLocal's answer). */
  card?: CardDetails | null;
  /** The processor's lasting reference for the verified card, when its tokens are for one use (dLocal's card_id): saved and charged instead. */
  savedToken?: string | null;
}

export interface CardDetails {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CardProcessor {
  readonly name: string;
  /** What a token stands for (never the number); null when the processor does not know it. */
  describeToken(token: string): Promise<CardDetails | null>;
  /** `payerDocument`: the payer's document where the country asks it (dLocal in Colombia and Mexico, decision 067), compacted; sent, never stored. */
  charge(req: { token: string; amountMinor: number; currency: Currency; idempotencyKey: string; returnUrl: string; payerDocument?: string }): Promise<ChargeResult>;
  /** The charge made with this idempotency key, if the processor has one (reconciliation). */
  retrieveCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Verifies a card with no amount before it is saved; a repeated key answers with the first
   * verification. `country`: the account's, where the card is verified (in its currency);
   * `payerDocument` as for a charge (Colombia, Mexico: decision 067), compacted; sent, never stored.
   */
  verifyCard(req: { token: string; idempotencyKey: string; returnUrl: string; country: CountryCode; payerDocument?: string }): Promise<VerificationResult>;
  /** The verification made with this idempotency key (after its challenge), if the processor has one. */
  retrieveVerification(idempotencyKey: string): Promise<VerificationResult | null>;
  /** Charges made since `since` (reconciliation compares them with our payments). */
  listCharges(since: Date): Promise<ChargeResult[]>;
  refund(req: { chargeId: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string }>;
  // Payouts are not the card processor's: they go through dLocal's Payouts v3 (decision 052, payments/dlocal-payouts.ts).
}

/**
 * The processor could not be reached or did not answer in time. Whether the operation happened is
 * unknown: retry with the same idempotency key, or let reconciliation ask later.
 */
export class ProcessorUnavailable extends Error {
  constructor(readonly kind: 'network' | 'timeout') {
    super(`card processor ${kind === 'network' ? 'unreachable' : 'timed out'}`);
    this.name = 'ProcessorUnavailable';
  }
}

export const PROCESSORS = ['sandbox', 'dlocal'] as const;
export type ProcessorName = (typeof PROCESSORS)[number];
