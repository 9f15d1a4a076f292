import { cardBrandOf, cardDigits, luhnValid } from '@arreglaya/shared/schemas/payments';
import crypto from 'node:crypto';
import { DLOCAL_ERRORS } from '../dlocal-types.ts';
import { findCardToken, findPayment, expireDueTickets, insertCardToken, setTicketExpiry, type SandboxPayment } from './dlocal-sandbox.repository.ts';
import type { NotificationDeliveryDeps } from './notification-delivery.ts';
import { error, invalid, ticketReference, type ApiAnswer } from './sandbox-answers.ts';
import { BRAND_CODES, CASH_METHODS, COMPANY_NAME, DLOCAL_SANDBOX_CARDS, TokenizeSchema, VERIFIED_CODE, isOffline } from './sandbox-methods.ts';
import { SandboxPayins } from './sandbox-payins.ts';

// The built-in dLocal stand-in (issue 47; docs/dlocal-contract.md). dLocal cannot be reached from
// here, so outside production DLOCAL_API_URL=sandbox points our client at this: it runs inside our
// server as if it were dLocal (its routes under /dlocal-sandbox, its tables in the PostgreSQL schema
// dlocal_sandbox, never joined with ours) and answers dLocal's documented HTTP contract: the same
// paths, JSON shapes, status codes, error codes and signature checks, and the same asynchronous
// side: status changes notified to the notification_url, signed, retried on dLocal's schedule.
//
// How it decides, as dLocal's sandbox does: card payments are approved, unless the `description`
// is a documented status code (dLocal's sandbox trick: "302" is rejected for insufficient amount)
// or the card's number is one of the card sandbox's test numbers (declined, insufficient funds,
// 3-D Secure challenge, processing error). Cash tickets (ZP, Banco Popular) stay PENDING until a
// tester pays them on the ticket page, or expire after TICKET_LIFETIME_MS.
// Its parts, each along one of dLocal's APIs: sandbox-core.ts (state, notifications, test hooks),
// sandbox-payouts.ts, sandbox-payins.ts (payments and refunds), sandbox-methods.ts (cards, cash,
// countries) and sandbox-answers.ts (errors and objects); this file is the browser's side.

/** What the ticket page shows. */
export interface TicketView {
  id: string;
  status: string;
  amountMinor: number;
  currency: string;
  number: string;
  barcode: string;
  reference: string;
  expiresAt: Date;
  providerName: string;
  companyName: string;
  callbackUrl: string | null;
}

/** What the 3-D Secure page shows. */
export interface ChallengeView {
  id: string;
  status: string;
  statusCode: string;
  amountMinor: number;
  currency: string;
  brand: string;
  last4: string;
  callbackUrl: string | null;
}
export class DlocalSandbox extends SandboxPayins {
  // ---- The browser's side: Smart Fields' tokens, the ticket page, the 3-D Secure page ----

  /** A card token for the browser (dlocal.js createToken's stand-in); the number is never kept. */
  async tokenize(json: unknown): Promise<ApiAnswer> {
    const parsed = TokenizeSchema.safeParse(json);
    if (!parsed.success) return invalid(json, parsed.error.issues);
    const number = cardDigits(parsed.data.number);
    const brand = BRAND_CODES[cardBrandOf(number)];
    if (!/^\d{13,19}$/.test(number) || !luhnValid(number) || !brand) return error(DLOCAL_ERRORS.invalidRequest, { message: 'Invalid card number.', param: 'number' });
    const now = this.now();
    const { expiration_month: month, expiration_year: year } = parsed.data;
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
      return error(DLOCAL_ERRORS.invalidRequest, { message: 'Card expired.', param: 'expiration_year' });
    const id = `CV-${crypto.randomUUID()}`;
    await insertCardToken(this.db, {
      id,
      brand,
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
      behaviour: DLOCAL_SANDBOX_CARDS[number] ?? 'success',
      createdAt: now,
    });
    return { status: 200, body: { token: id } };
  }

  /** The ticket page's data (expired on read), or null for a payment that is no ticket. */
  async ticket(id: string): Promise<TicketView | null> {
    const payment = await this.readPayment(undefined, id);
    if (!payment || !isOffline(payment.paymentMethodType) || !payment.ticketNumber) return null;
    return {
      id: payment.id,
      status: payment.status,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      number: payment.ticketNumber,
      barcode: payment.ticketBarcode ?? '',
      reference: ticketReference(payment),
      expiresAt: payment.ticketExpiresAt!,
      providerName: CASH_METHODS[payment.paymentMethodId]?.providerName ?? payment.paymentMethodId,
      companyName: COMPANY_NAME,
      callbackUrl: payment.callbackUrl,
    };
  }

  /** The tester pays the ticket at the counter: PENDING → PAID, once, unless it expired. */
  async payTicket(id: string): Promise<SandboxPayment | null> {
    const payment = await this.readPayment(undefined, id);
    if (!payment || !isOffline(payment.paymentMethodType)) return null;
    return (await this.move(payment.id, { status: 'PENDING', statusCode: '100' }, '200')) ?? null;
  }

  /** The 3-D Secure page's data. */
  async challenge(id: string): Promise<ChallengeView | null> {
    const payment = await findPayment(this.db, id);
    if (!payment || payment.paymentMethodType !== 'CARD') return null;
    const token = payment.cardTokenId ? await findCardToken(this.db, payment.cardTokenId) : undefined;
    return {
      id: payment.id,
      status: payment.status,
      statusCode: payment.statusCode,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      brand: token?.brand ?? '',
      last4: token?.last4 ?? '',
      callbackUrl: payment.callbackUrl,
    };
  }

  /** The payer answers the challenge: PENDING (101) → PAID (a card verification: VERIFIED) or REJECTED, once. */
  async answerChallenge(id: string, confirm: boolean): Promise<SandboxPayment | null> {
    const payment = await findPayment(this.db, id);
    const approved = payment?.amountMinor === 0 ? VERIFIED_CODE : '200';
    return (await this.move(id, { status: 'PENDING', statusCode: '101' }, confirm ? approved : '300')) ?? null;
  }

  // ---- Sweeps and test hooks ----

  /** Every pending ticket past its expiry becomes EXPIRED (500) and is notified; how many. */
  async sweepExpired(now: Date = this.now()): Promise<number> {
    return this.db.transaction(async (tx) => {
      const expired = await expireDueTickets(tx, now);
      for (const p of expired) await this.notifyPayment(tx, p, now);
      return expired.length;
    });
  }

  /** Test hook: a pending ticket expires now (and is notified). */
  async expireNow(id: string): Promise<boolean> {
    const now = this.now();
    if (!(await setTicketExpiry(this.db, id, now))) return false;
    return (await this.expireOne(id, now)) !== undefined;
  }

  /** What deliverDueNotifications needs to deliver this stand-in's notifications. */
  deliveryDeps(transport: NotificationDeliveryDeps['transport'], log: NotificationDeliveryDeps['log']): NotificationDeliveryDeps & { sweep: (now: Date) => Promise<number> } {
    return {
      db: this.db,
      credentials: { login: this.credentials.login, secretKey: this.credentials.secretKey },
      transport,
      log,
      faults: this.deliveryFaults,
      sweep: async (now) => (await this.sweepExpired(now)) + (await this.settlePayouts(now)),
    };
  }
}
