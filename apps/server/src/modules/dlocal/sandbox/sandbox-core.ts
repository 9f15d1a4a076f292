import type { Db, DbOrTx } from '../../../db/client.ts';
import type { DlocalCredentials } from '../dlocal-signature.ts';
import { PAYMENT_STATUS_DETAILS, toDlocalAmount, type DlocalPaymentBody, type DlocalTicket } from '../dlocal-types.ts';
import {
  enqueueNotification,
  expireDueTickets,
  findCardToken,
  findPayment,
  listNotifications,
  listRefunds,
  postponeNotifications,
  transitionPayment,
  type SandboxCardToken,
  type SandboxPayment,
  type SandboxRefund,
} from './dlocal-sandbox.repository.ts';
import type { DeliveryFaults } from './notification-delivery.ts';
import { dlocalDate, refundObject, statusDetail, ticketReference } from './sandbox-answers.ts';
import { CASH_METHODS, COMPANY_NAME, SAVES_ON, TICKET_LIFETIME_MS, isOffline, savedCardIdOf } from './sandbox-methods.ts';

// What every part of the stand-in shares (decision 075 split it from dlocal-sandbox.ts): its
// settings and clock, reading and moving a payment with its notification in the same transaction,
// the payment object, and the test hooks on notifications and API faults. The APIs build on it:
// SandboxPayouts (sandbox-payouts.ts) ← SandboxPayins (sandbox-payins.ts) ← DlocalSandbox.

export const DLOCAL_SANDBOX_PREFIX = '/dlocal-sandbox';

/** The stand-in's fixed test credentials (DLOCAL_LOGIN etc. are for the real dLocal only). */
export const DLOCAL_SANDBOX_CREDENTIALS: DlocalCredentials = {
  login: 'sandbox-x-login',
  transKey: 'sandbox-x-trans-key',
  secretKey: 'sandbox-secret-key-not-a-real-one',
};
export type ApiFaultOp = 'create_payment' | 'retrieve' | 'refund' | 'create_payout';
export type ApiFaultKind = 'network' | 'timeout_before' | 'timeout_after' | 'server_error';
export interface DlocalSandboxSettings {
  /** Where the stand-in's pages are reached: APP_URL + /dlocal-sandbox (in redirect_url, image_url). */
  publicUrl: string;
  credentials?: DlocalCredentials;
  ticketLifetimeMs?: number;
  /** How long "the bank" takes to answer a payout (0: the next sweep settles it). */
  payoutSettleMs?: number;
  /** The stand-in's clock (tests move it instead of waiting). */
  now?: () => Date;
}
/** The stand-in's state and what its APIs share; DlocalSandbox is the whole stand-in. */
export class SandboxCore {
  readonly credentials: DlocalCredentials;
  readonly publicUrl: string;
  /** Tests and the demo: make the next notification deliveries fail (`failNextDeliveries`). */
  readonly deliveryFaults: DeliveryFaults = { failNext: 0 };
  protected readonly ticketLifetimeMs: number;
  protected readonly payoutSettleMs: number;
  protected readonly clock: () => Date;
  protected apiFaults: { op: ApiFaultOp; kind: ApiFaultKind }[] = [];

  constructor(
    protected readonly db: Db,
    settings: DlocalSandboxSettings,
  ) {
    this.credentials = settings.credentials ?? DLOCAL_SANDBOX_CREDENTIALS;
    this.publicUrl = settings.publicUrl.replace(/\/+$/, '');
    this.ticketLifetimeMs = settings.ticketLifetimeMs ?? TICKET_LIFETIME_MS;
    this.payoutSettleMs = settings.payoutSettleMs ?? 0;
    this.clock = settings.now ?? (() => new Date());
  }

  now(): Date {
    return this.clock();
  }

  /** Test hook: the last notification of a payment or refund is sent again (a replay, same body). */
  async replayLatestNotification(subjectId: string): Promise<boolean> {
    const last = (await listNotifications(this.db, subjectId)).at(-1);
    if (!last) return false;
    await enqueueNotification(this.db, { subjectKind: last.subjectKind, subjectId, url: last.url, body: last.body, nextAttemptAt: this.now() });
    return true;
  }

  /** Test hook: the undelivered notifications of a payment or refund go `ms` late. */
  delayNotifications(subjectId: string, ms: number): Promise<number> {
    return postponeNotifications(this.db, subjectId, new Date(this.now().getTime() + ms));
  }

  /** Test hook: the next `n` deliveries fail as if our server could not be reached. */
  failNextDeliveries(n: number): void {
    this.deliveryFaults.failNext = n;
  }

  /** The notifications of a payment or refund, in order (tests read attempts and times). */
  notifications(subjectId: string) {
    return listNotifications(this.db, subjectId);
  }

  /**
   * Test hook, as the card sandbox's: the next `times` API calls of `op` fail. network and
   * timeout_before: nothing happens; timeout_after: the stand-in does the work, the answer is
   * lost; server_error: dLocal answers 500 (7000) without doing it.
   */
  injectFault(op: ApiFaultOp, kind: ApiFaultKind, times = 1): void {
    for (let i = 0; i < times; i++) this.apiFaults.push({ op, kind });
  }

  clearFaults(): void {
    this.apiFaults = [];
    this.deliveryFaults.failNext = 0;
  }

  /** The fault the next call of `op` meets, if any (the in-process transport asks). */
  takeFault(op: ApiFaultOp): ApiFaultKind | undefined {
    const i = this.apiFaults.findIndex((f) => f.op === op);
    return i === -1 ? undefined : this.apiFaults.splice(i, 1)[0]!.kind;
  }

  // ---- Inside (for the APIs built on it) ----

  /** A payment of this merchant (any merchant for the pages), its ticket expired first if due. */
  protected async readPayment(login: string | undefined, id: string): Promise<SandboxPayment | undefined> {
    const payment = await findPayment(this.db, id);
    if (!payment || (login !== undefined && payment.merchantLogin !== login)) return undefined;
    if (payment.status === 'PENDING' && payment.ticketExpiresAt && payment.ticketExpiresAt <= this.now())
      return (await this.expireOne(id, this.now())) ?? (await findPayment(this.db, id));
    return payment;
  }

  protected expireOne(id: string, now: Date): Promise<SandboxPayment | undefined> {
    return this.db.transaction(async (tx) => {
      const [expired] = await expireDueTickets(tx, now, id);
      if (expired) await this.notifyPayment(tx, expired, now);
      return expired;
    });
  }

  /** One status change, once (from `from`), notified in the same transaction. */
  protected move(id: string, from: { status: string; statusCode?: string }, statusCode: string): Promise<SandboxPayment | undefined> {
    const now = this.now();
    const { status } = PAYMENT_STATUS_DETAILS[statusCode]!;
    return this.db.transaction(async (tx) => {
      const current = await findPayment(tx, id);
      // A ticket past its expiry cannot be paid: it expires instead.
      if (current?.status === 'PENDING' && current.ticketExpiresAt && current.ticketExpiresAt <= now) {
        const [expired] = await expireDueTickets(tx, now, id);
        if (expired) await this.notifyPayment(tx, expired, now);
        return undefined;
      }
      const moved = await transitionPayment(tx, id, from, { status, statusCode, at: now, approved: status === 'PAID' });
      if (moved) await this.notifyPayment(tx, moved, now);
      return moved;
    });
  }

  protected async notifyPayment(tx: DbOrTx, payment: SandboxPayment, now: Date): Promise<void> {
    if (!payment.notificationUrl) return;
    const body = JSON.stringify(await this.paymentObject(tx, payment));
    await enqueueNotification(tx, { subjectKind: 'payment', subjectId: payment.id, url: payment.notificationUrl, body, nextAttemptAt: now, createdAt: now });
  }

  protected async notifyRefund(tx: DbOrTx, refund: SandboxRefund, payment: SandboxPayment, now: Date): Promise<void> {
    if (!refund.notificationUrl) return;
    const body = JSON.stringify(refundObject(refund, payment));
    await enqueueNotification(tx, { subjectKind: 'refund', subjectId: refund.id, url: refund.notificationUrl, body, nextAttemptAt: now, createdAt: now });
  }

  /** The payment object as dLocal gives it (Create, Retrieve, and each notification's body). */
  async paymentObject(db: DbOrTx, p: SandboxPayment): Promise<DlocalPaymentBody> {
    const token: SandboxCardToken | undefined = p.cardTokenId ? await findCardToken(db, p.cardTokenId) : undefined;
    const saved = p.paymentMethodType === 'CARD' && SAVES_ON.includes(p.status) ? await findCardToken(db, savedCardIdOf(p.id)) : undefined;
    const refunds = await listRefunds(db, p.id);
    const pageUrl = (kind: 'tickets' | 'three-ds') => `${this.publicUrl}/${kind}/${encodeURIComponent(p.id)}`;
    const ticket: DlocalTicket | undefined =
      isOffline(p.paymentMethodType) && p.paymentMethodFlow === 'DIRECT' && p.ticketNumber
        ? {
            type: p.paymentMethodId === 'SE' ? 'CLABE' : 'CUSTOM',
            number: p.ticketNumber,
            barcode: p.ticketBarcode ?? '',
            format: 'CODE_128',
            id: ticketReference(p),
            expiration_date: dlocalDate(p.ticketExpiresAt!),
            company_name: COMPANY_NAME,
            provider_name: CASH_METHODS[p.paymentMethodId]?.providerName ?? p.paymentMethodId,
            image_url: pageUrl('tickets'),
          }
        : undefined;
    return {
      id: p.id,
      amount: toDlocalAmount(p.amountMinor),
      currency: p.currency,
      country: p.country,
      payment_method_id: p.paymentMethodId,
      payment_method_type: p.paymentMethodType,
      payment_method_flow: p.paymentMethodFlow,
      ...(token
        ? { card: { expiration_month: token.expMonth, expiration_year: token.expYear, brand: token.brand, last4: token.last4, ...(saved ? { card_id: saved.id } : {}) } }
        : {}),
      ...(p.status === 'PENDING' && p.statusCode === '101' ? { three_dsecure: { redirect_url: pageUrl('three-ds') } } : {}),
      ...(ticket ? { ticket } : {}),
      ...(isOffline(p.paymentMethodType) && p.paymentMethodFlow === 'REDIRECT' ? { redirect_url: pageUrl('tickets') } : {}),
      ...(p.payerUserReference ? { payer: { user_reference: p.payerUserReference } } : {}),
      created_date: dlocalDate(p.createdAt),
      ...(p.approvedAt ? { approved_date: dlocalDate(p.approvedAt) } : {}),
      status: p.status,
      status_code: p.statusCode,
      status_detail: statusDetail(p.statusCode),
      order_id: p.orderId,
      ...(p.description ? { description: p.description } : {}),
      ...(p.notificationUrl ? { notification_url: p.notificationUrl } : {}),
      ...(p.callbackUrl ? { callback_url: p.callbackUrl } : {}),
      refunds: refunds.map((r) => refundObject(r, p)),
    };
  }
}
