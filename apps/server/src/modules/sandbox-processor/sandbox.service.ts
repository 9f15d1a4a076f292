import { cardBrandOf, type CardInputSchema } from '@arreglaya/shared/schemas/payments';
import type { Currency } from '@arreglaya/shared/domain';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ProcessorUnavailable, type CardDetails, type CardProcessor, type ChargeResult, type VerificationResult } from '../payments/processor.ts';
import {
  addRefunded,
  findCharge,
  findChargeByKey,
  findToken,
  findVerification,
  findVerificationByKey,
  insertChargeForToken,
  insertVerificationForToken,
  insertRefundOnce,
  insertToken,
  listChargesSince,
  settleChallenge,
  settleVerificationChallenge,
  type SandboxCharge,
  type SandboxVerification,
} from './sandbox.repository.ts';

// The built-in sandbox card processor (decision 021): it runs inside our server as if it were a
// separate service (its own routes under /sandbox-processor/v1, its own PostgreSQL schema, its own
// log child with card data redacted) and behaves like a real one with the test numbers developers
// know from Stripe. It never stores a card number or CVC either: a token keeps the brand, the last
// 4, the expiry and the behaviour the number asks for.

export type SandboxBehaviour = 'success' | 'declined' | 'insufficient_funds' | 'challenge' | 'processing_error';

/** The documented test numbers with a behaviour other than success (any other valid number succeeds). */
export const SANDBOX_CARDS: Record<string, SandboxBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
  '4000000000000119': 'processing_error',
};

export type CardData = z.output<typeof CardInputSchema>;

export type FaultKind = 'network' | 'timeout_before' | 'timeout_after';
export type FaultOp = 'charge' | 'retrieve' | 'refund' | 'verify' | 'retrieve_verification';

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

const CHALLENGE_PATH = '/sandbox-processor/v1/challenges';

/** What a charge does by its token's behaviour ('': a token the sandbox does not know). */
const CHARGE_OUTCOMES: Record<SandboxBehaviour | '', { status: string; failureCode: string | null }> = {
  success: { status: 'succeeded', failureCode: null },
  challenge: { status: 'requires_action', failureCode: null },
  declined: { status: 'failed', failureCode: 'declined' },
  insufficient_funds: { status: 'failed', failureCode: 'insufficient_funds' },
  processing_error: { status: 'failed', failureCode: 'processing_error' },
  '': { status: 'failed', failureCode: 'invalid_token' },
};

function toResult(c: Pick<SandboxCharge, 'id' | 'idempotencyKey' | 'status' | 'amountMinor' | 'currency' | 'failureCode'>): ChargeResult {
  return {
    id: c.id,
    idempotencyKey: c.idempotencyKey,
    status: c.status as ChargeResult['status'],
    amountMinor: c.amountMinor,
    currency: c.currency,
    failureCode: c.failureCode,
    actionUrl: c.status === 'requires_action' ? `${CHALLENGE_PATH}/${c.id}` : null,
  };
}

/** A verification's answer; it shares the charge's outcomes (a card that would be declined is refused at save). */
function toVerificationResult(v: SandboxVerification): VerificationResult {
  return {
    id: v.id,
    idempotencyKey: v.idempotencyKey,
    status: v.status as VerificationResult['status'],
    failureCode: v.failureCode,
    actionUrl: v.status === 'requires_action' ? `${CHALLENGE_PATH}/${v.id}` : null,
  };
}

/** Only a path of the same site is a return address (never another host). */
const sameSiteOnly = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : '/');

/** What the challenge page shows and answers: a challenged charge or a challenged verification. */
export type Challenge =
  { kind: 'charge'; id: string; status: string; amountMinor: number; currency: string } | { kind: 'verification'; id: string; status: string; brand: string; last4: string };

export class SandboxProcessor implements CardProcessor {
  readonly name = 'sandbox';
  private faults: { op: FaultOp; kind: FaultKind }[] = [];

  constructor(private readonly db: Db) {}

  /**
   * Tests: the next `times` calls of `op` fail. network: nothing happens and the call throws;
   * timeout_before: the same, reported as a timeout; timeout_after: the processor does the work,
   * then the answer is lost (the caller cannot know it happened).
   */
  injectFault(op: FaultOp, kind: FaultKind, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push({ op, kind });
  }

  clearFaults(): void {
    this.faults = [];
  }

  private async run<T>(op: FaultOp, work: () => Promise<T>): Promise<T> {
    const i = this.faults.findIndex((f) => f.op === op);
    const fault = i === -1 ? undefined : this.faults.splice(i, 1)[0];
    if (fault?.kind === 'network') throw new ProcessorUnavailable('network');
    if (fault?.kind === 'timeout_before') throw new ProcessorUnavailable('timeout');
    const result = await work();
    if (fault?.kind === 'timeout_after') throw new ProcessorUnavailable('timeout');
    return result;
  }

  /** The browser's tokenize call (the card is already validated by CardInputSchema). */
  async tokenize(card: CardData): Promise<{ id: string } & CardDetails> {
    const brand = cardBrandOf(card.number);
    const token = { id: newId('tok'), brand, last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    await insertToken(this.db, { ...token, behaviour: SANDBOX_CARDS[card.number] ?? 'success' });
    return token;
  }

  async describeToken(token: string): Promise<CardDetails | null> {
    const t = await findToken(this.db, token);
    return t ? { brand: t.brand as CardDetails['brand'], last4: t.last4, expMonth: t.expMonth, expYear: t.expYear } : null;
  }

  charge(req: { token: string; amountMinor: number; currency: Currency; idempotencyKey: string; returnUrl: string }): Promise<ChargeResult> {
    return this.run('charge', async () => {
      // A repeated key answers with the first charge, whatever else the request says (insertChargeForToken finds it).
      // The token's behaviour picks the outcome from CHARGE_OUTCOMES in the same statement as the insert.
      const charge = await insertChargeForToken(
        this.db,
        req.token,
        {
          id: newId('ch'),
          tokenId: req.token.slice(0, 40),
          amountMinor: req.amountMinor,
          currency: req.currency,
          idempotencyKey: req.idempotencyKey,
          returnUrl: sameSiteOnly(req.returnUrl),
        },
        CHARGE_OUTCOMES,
      );
      return toResult(charge);
    });
  }

  retrieveCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    return this.run('retrieve', async () => {
      const c = await findChargeByKey(this.db, idempotencyKey);
      return c ? toResult(c) : null;
    });
  }

  /** The sandbox's cards are of every country: `country` and `payerDocument` change nothing here (dLocal's stand-in checks them). */
  verifyCard(req: { token: string; idempotencyKey: string; returnUrl: string; country?: string; payerDocument?: string }): Promise<VerificationResult> {
    return this.run('verify', async () => {
      // A zero-amount check: the token's behaviour picks the outcome from the charges' table (a
      // repeated key answers with the first verification).
      const verification = await insertVerificationForToken(
        this.db,
        req.token,
        { id: newId('seti'), tokenId: req.token.slice(0, 40), idempotencyKey: req.idempotencyKey, returnUrl: sameSiteOnly(req.returnUrl) },
        CHARGE_OUTCOMES,
      );
      return toVerificationResult(verification);
    });
  }

  retrieveVerification(idempotencyKey: string): Promise<VerificationResult | null> {
    return this.run('retrieve_verification', async () => {
      const v = await findVerificationByKey(this.db, idempotencyKey);
      return v ? toVerificationResult(v) : null;
    });
  }

  async listCharges(since: Date): Promise<ChargeResult[]> {
    return (await listChargesSince(this.db, since)).map(toResult);
  }

  refund(req: { chargeId: string; amountMinor: number; idempotencyKey: string }): Promise<{ id: string }> {
    return this.run('refund', () =>
      this.db.transaction(async (tx) => {
        const refund = await insertRefundOnce(tx, { id: newId('re'), chargeId: req.chargeId, amountMinor: req.amountMinor, idempotencyKey: req.idempotencyKey });
        if (refund.created && !(await addRefunded(tx, req.chargeId, req.amountMinor))) throw new Error('sandbox: refund exceeds the charge or the charge did not succeed');
        return { id: refund.id };
      }),
    );
  }

  /** The challenge page's answer (a charge's `ch_` or a verification's `seti_`): confirm or cancel once; where to send the payer back. */
  async answerChallenge(id: string, confirm: boolean): Promise<{ returnUrl: string } | null> {
    const status = confirm ? 'succeeded' : 'canceled';
    if (id.startsWith('seti_')) {
      const verification = await findVerification(this.db, id);
      if (!verification) return null;
      await settleVerificationChallenge(this.db, id, status);
      return { returnUrl: verification.returnUrl ?? '/' };
    }
    const charge = await findCharge(this.db, id);
    if (!charge) return null;
    await settleChallenge(this.db, id, status);
    return { returnUrl: charge.returnUrl ?? '/' };
  }

  /** What the challenge page asks about: the charge's amount, or the card a verification is for. */
  async challenge(id: string): Promise<Challenge | null> {
    if (id.startsWith('seti_')) {
      const v = await findVerification(this.db, id);
      const token = v && (await findToken(this.db, v.tokenId));
      return v ? { kind: 'verification', id: v.id, status: v.status, brand: token?.brand ?? 'unknown', last4: token?.last4 ?? '' } : null;
    }
    const c = await findCharge(this.db, id);
    return c ? { kind: 'charge', id: c.id, status: c.status, amountMinor: c.amountMinor, currency: c.currency } : null;
  }
}
