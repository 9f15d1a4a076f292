import type { LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import type { Currency } from '@arreglaya/shared/domain';
import type { ApiErrorBody } from '@arreglaya/shared/errors';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { IDEMPOTENCY_KEY, type FundResult } from '@arreglaya/shared/schemas/payments';
import crypto from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CardProcessor } from './processor.ts';
import type { ReceiptDeps } from './receipts.ts';
import { lockProjectForMoney } from './payments.repository.ts';
import { claimMoneyRequest, lockMoneyRequest, storeMoneyResponse } from './money-requests.repository.ts';
import { withAnnouncements } from './money-events.repository.ts';

// The money room's common ground (decision 074): what every money step is given (PaymentsDeps),
// its answers, and the idempotency keys of its requests. Payment protection itself: decision 021.

// Payment protection (decision 021): funding a hired project, the escrow's release and refunds,
// and the reconciliation with the processor. Money moves only in ledger transactions (ledger.repository.ts).

export interface PaymentsDeps {
  db: Db;
  processor: CardProcessor;
  /** PLATFORM_FEE_PERCENT. */
  feePercent: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Receipts by mail (charges and refunds to the client); without it none are sent. */
  mail?: ReceiptDeps;
  /** Refunds of cash vouchers, through the processor that collected them (dlocal-cash.ts). */
  cashRefunds?: { refund(req: { chargeId: string; amountMinor: number; currency: Currency; idempotencyKey: string }): Promise<{ id: string }> };
  /** PAYMENT_ACTION_MINUTES: how long a card payment may wait in its 3-D Secure challenge (payment-expiry.ts). */
  actionMinutes?: number;
  /** Cash and transfer (funding-rails.ts, decision 051); without it only cards fund. */
  /** Wakes the refunds sweep after a commit that decided one (a late voucher's money going back); else the minute's run sends it. */
  kickRefunds?: () => void;
  /**
   * Delivers what a money step announced (money_events, decision 074), by the ids it just recorded,
   * once its transaction committed: notifications/money-notices.ts's deliverMoneyNotices. Without
   * it the `money-events` job delivers them on its next run.
   */
  announce?: (events: readonly string[]) => Promise<unknown>;
  rails?: {
    open(actor: Actor, projectId: string, rail: 'cash' | 'transfer', key: string, method?: LocalMethodId, payerDocument?: string): Promise<Answer<FundResult>>;
    cancel(actor: Actor, projectId: string, paymentId: string): Promise<void>;
  };
}

export const DEFAULT_PLATFORM_FEE_PERCENT = 10;

export interface Answer<T> {
  statusCode: number;
  body: T | ApiErrorBody;
}

export interface Actor {
  id: string;
  role: string;
}

/** The Idempotency-Key header, checked; a 400 naming it otherwise. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !IDEMPOTENCY_KEY.test(key)) throw new AppError('VALIDATION', tp.idempotency.missing, { 'Idempotency-Key': tp.idempotency.missing });
  return key;
}

/** An optional Idempotency-Key header (approve, claim): checked when sent. */
export function optionalIdempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const key = Array.isArray(header) ? header[0] : header;
  return key === undefined ? undefined : idempotencyKeyOf(key);
}

/**
 * A money move with an optional idempotency key (approving releases, a claim freezes), in the
 * caller's transaction: the project is locked first (as funding does), then the key; the same key
 * replays the first answer without doing anything, the same key with another request is a 409,
 * and the answer is stored in the transaction that did the move. A refusal stores nothing.
 */
export async function onceForKey<T>(tx: Tx, userId: string, key: string | undefined, projectId: string, request: unknown, run: () => Promise<T>): Promise<T> {
  if (key === undefined) return run();
  await lockProjectForMoney(tx, projectId);
  const hash = hashOf({ projectId, request });
  const row = (await claimMoneyRequest(tx, userId, key, hash)) ?? (await lockMoneyRequest(tx, userId, key))!;
  if (row.requestHash !== hash) throw new AppError('CONFLICT', tp.idempotency.reused);
  if (row.response !== null) return row.response as T;
  const answer = await run();
  await storeMoneyResponse(tx, row.id, 200, answer);
  return answer;
}

export const hashOf = (v: unknown) => crypto.createHash('sha256').update(JSON.stringify(v)).digest('hex');
export const paymentKey = (userId: string, key: string) => `${userId}:${key}`;
export const processorKey = (paymentId: string) => `pay_${paymentId}`;
export const returnUrlOf = (projectId: string, paymentId: string) => `/proyectos/${projectId}?pago=${paymentId}`;

/** What `announced` needs: the delivery, the mailer to wake, the log for a delivery that failed. */
export interface AnnounceDeps {
  announce?: (events: readonly string[]) => Promise<unknown>;
  mail?: { mailer: { kick(): void } };
  log?: { warn(obj: object, msg: string): void };
}

/**
 * After a money step's commit: the announcements it recorded (`events`, withAnnouncements) are
 * delivered now, by their ids (a failing listener is logged and its announcement left for the
 * `money-events` job: the money stays as committed), then the mail is woken for the receipts and notices.
 */
export async function announced(deps: AnnounceDeps, events: readonly string[]): Promise<void> {
  if (events.length > 0) {
    try {
      await deps.announce?.(events);
    } catch (err) {
      deps.log?.warn({ err }, 'money events not delivered after commit; the money-events job retries them');
    }
  }
  deps.mail?.mailer.kick();
}

/** A money step's transaction; once it committed, what it announced is delivered (announced). Its value. */
export async function moneyStep<T>(deps: AnnounceDeps & { db: Db }, run: (tx: Tx) => Promise<T>): Promise<T> {
  const { value, events } = await withAnnouncements(deps.db, run);
  await announced(deps, events);
  return value;
}
