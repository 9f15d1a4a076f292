import { cardBrandOf, cardDigits, luhnValid } from '@arreglaya/shared/schemas/payments';
import { CO_BANKS, DR_BANKS, MX_BANKS, cedulaValid, clabeValid, coMxDocumentValid, passportValid, rncValid } from '@arreglaya/shared/payout-banks';
import { isValidIdDocument, PERSONAL_ID, TAX_ID } from '@arreglaya/shared/id-documents';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { DlocalCredentials } from '../dlocal-signature.ts';
import {
  DLOCAL_ERRORS,
  PAYMENT_STATUS_DETAILS,
  PAYOUT_ERRORS,
  PAYOUT_REJECTION_REASONS,
  PAYOUT_STATUS_CODES,
  REFUND_STATUS_CODES,
  fromDlocalAmount,
  toDlocalAmount,
  type DlocalPaymentBody,
  type DlocalPaymentStatusBody,
  type DlocalPayoutBody,
  type DlocalPayoutStatus,
  type DlocalRefundBody,
  type DlocalRefundStatus,
  type DlocalTicket,
} from '../dlocal-types.ts';
import {
  addRefunded,
  dueSandboxPayouts,
  enqueueNotification,
  findSandboxPayout,
  findSandboxPayoutByExternalId,
  insertPayoutOnce,
  transitionPayout,
  expireDueTickets,
  findCardToken,
  findPayment,
  findPaymentByOrder,
  findRefund,
  insertCardToken,
  insertPaymentOnce,
  insertRefund,
  listNotifications,
  listRefunds,
  postponeNotifications,
  setTicketExpiry,
  settleRefund,
  subtractRefunded,
  transitionPayment,
  type SandboxCardToken,
  type SandboxPayment,
  type SandboxPayout,
  type SandboxRefund,
} from './dlocal-sandbox.repository.ts';
import type { DeliveryFaults, NotificationDeliveryDeps } from './notification-delivery.ts';

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

export const DLOCAL_SANDBOX_PREFIX = '/dlocal-sandbox';

/** The stand-in's fixed test credentials (DLOCAL_LOGIN etc. are for the real dLocal only). */
export const DLOCAL_SANDBOX_CREDENTIALS: DlocalCredentials = {
  login: 'sandbox-x-login',
  transKey: 'sandbox-x-trans-key',
  secretKey: 'sandbox-secret-key-not-a-real-one',
};

export type SandboxCardBehaviour = 'success' | 'declined' | 'insufficient_funds' | 'challenge' | 'processing_error';

/** The card sandbox's test numbers (decision 021), with the same meaning here; any other valid number pays. */
export const DLOCAL_SANDBOX_CARDS: Record<string, SandboxCardBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
  '4000000000000119': 'processing_error',
};

/** What a card payment becomes by its token's behaviour: the documented status code. */
const CARD_OUTCOMES: Record<SandboxCardBehaviour, string> = {
  success: '200',
  challenge: '101',
  declined: '301',
  insufficient_funds: '302',
  processing_error: '321',
};

/** A card verified with `verify: true` and amount 0 (VERIFIED; the code is ours, see docs/dlocal-contract.md). */
const VERIFIED_CODE = '700';
/** The statuses after which a payment with `save: true` answers its card_id. */
const SAVES_ON = ['PAID', 'VERIFIED'];
/** A saved card's card_id: named after the payment that saved it (CID-<the payment's uuid>). */
const savedCardIdOf = (paymentId: string) => `CID-${paymentId.replace(/^D-4-/, '')}`;
const isSavedCardId = (id: string) => id.startsWith('CID-');
const paymentIdOfSavedCard = (cardId: string) => `D-4-${cardId.slice(4)}`;

/** A cash ticket's life when the request sets none (dLocal's help centre: 5 calendar days). */
export const TICKET_LIFETIME_MS = 5 * 24 * 3600_000;

/**
 * The countries the stand-in serves (decision 067): the Dominican Republic, Colombia and Mexico,
 * each with its currencies and its local methods as dLocal's country pages list them: cash
 * tickets (ZP Banco Popular, EY Efecty, OX OXXO) and bank transfers (PC PSE, by REDIRECT only; SE
 * SPEI, whose DIRECT answer is a ticket carrying the CLABE to pay to). Cards in every country.
 */
const COUNTRY_CURRENCIES: Record<string, readonly string[]> = { DO: ['DOP', 'USD'], CO: ['COP'], MX: ['MXN'] };
const CASH_METHODS: Record<string, { providerName: string; country: string; type: 'TICKET' | 'BANK_TRANSFER'; flows: readonly string[] }> = {
  ZP: { providerName: 'Banco Popular', country: 'DO', type: 'TICKET', flows: ['DIRECT', 'REDIRECT'] },
  EY: { providerName: 'Efecty', country: 'CO', type: 'TICKET', flows: ['DIRECT', 'REDIRECT'] },
  PC: { providerName: 'PSE', country: 'CO', type: 'BANK_TRANSFER', flows: ['REDIRECT'] },
  OX: { providerName: 'OXXO', country: 'MX', type: 'TICKET', flows: ['DIRECT', 'REDIRECT'] },
  SE: { providerName: 'SPEI', country: 'MX', type: 'BANK_TRANSFER', flows: ['DIRECT', 'REDIRECT'] },
};
/** A payment paid later, away from the card form: a ticket, or a bank transfer (PSE, SPEI). */
const isOffline = (type: string) => type === 'TICKET' || type === 'BANK_TRANSFER';
/** The stand-in's own SPEI account (STP, 646): an 18-digit CLABE with its check digit for each payment. */
function speiClabe(): string {
  const first = `646180${digits(11)}`;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((first.charCodeAt(i) - 48) * weights[i % 3]!) % 10;
  return `${first}${(10 - (sum % 10)) % 10}`;
}
const COMPANY_NAME = 'DLOCAL';

const BRAND_CODES: Record<string, string> = { visa: 'VI', mastercard: 'MC', amex: 'AE', discover: 'DI', diners: 'DC', jcb: 'JC' };

export type ApiFaultOp = 'create_payment' | 'retrieve' | 'refund' | 'create_payout';
export type ApiFaultKind = 'network' | 'timeout_before' | 'timeout_after' | 'server_error';

/** An answer of the stand-in's API: an HTTP status and a JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

const error = (e: { http: number; code: number; message: string }, extra: { message?: string; param?: string } = {}): ApiAnswer => ({
  status: e.http,
  body: { code: e.code, message: extra.message ?? e.message, ...(extra.param === undefined ? {} : { param: extra.param }) },
});

/** dLocal's date shape: 2018-12-26T20:37:20.000+0000. */
const dlocalDate = (d: Date) => d.toISOString().replace('Z', '+0000');

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

const PayerSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    /** The payer's ID (the Dominican Republic's cédula, 11 digits; Colombia's CC, Mexico's CURP): required in CO and MX for local methods (PAYER_DOCUMENTS). */
    document: z
      .string()
      .regex(/^[0-9A-Z]{6,18}$/)
      .optional(),
    user_reference: z.string().max(100).optional(),
  })
  .loose();

const CreatePaymentSchema = z
  .object({
    amount: z.number(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    country: z.string().regex(/^[A-Z]{2}$/),
    payment_method_id: z.string().min(1).max(10),
    payment_method_flow: z.enum(['DIRECT', 'REDIRECT']),
    payer: PayerSchema,
    card: z.record(z.string(), z.unknown()).optional(),
    order_id: z.string().min(1).max(200),
    description: z.string().max(100).optional(),
    notification_url: z.url({ protocol: /^https?$/ }).optional(),
    callback_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .loose();

const CreateRefundSchema = z
  .object({
    payment_id: z.string().min(1).max(60),
    amount: z.number().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    notification_url: z.url({ protocol: /^https?$/ }).optional(),
    description: z.string().max(100).optional(),
  })
  .loose();

/**
 * Payouts v3's test rules (decision 052), besides dLocal's own sandbox trick (a `description` of
 * `DELIVERED:PAID`, or `DELIVERED:<reason>` with a documented rejection reason): an account number
 * ending in one of these is rejected by "the bank" with that reason; any other is paid.
 */
export const DLOCAL_SANDBOX_PAYOUT_RULES: Record<string, (typeof PAYOUT_REJECTION_REASONS)[number]> = {
  '0000': 'ERROR_ACCOUNT_INCORRECT',
  '9999': 'ERROR_ACCOUNT_CLOSED',
  '0009': 'ERROR_BENEFICIARY_DOCUMENT_ID_INVALID',
};
/** A beneficiary whose document is this cédula is blacklisted (5013), refused at once. */
export const DLOCAL_SANDBOX_BLACKLISTED_DOCUMENT = '40212345678';

/**
 * dLocal's Colombia and Mexico pages: "document required? Yes" (CC or NIT; CURP or RFC). The stand-in
 * asks it of the local methods' payments (PSE, Efecty, OXXO, SPEI), checked by each country's rule
 * (id-documents.ts, decision 065); a card's payer is not asked here (decision 067's consequences).
 */
const PAYER_DOCUMENTS: Record<string, (id: string) => boolean> = {
  CO: (id) => isValidIdDocument(PERSONAL_ID.CO, id) || isValidIdDocument(TAX_ID.CO, id),
  MX: (id) => isValidIdDocument(PERSONAL_ID.MX, id) || isValidIdDocument(TAX_ID.MX, id),
};

/** Each country's bank codes (decision 067): a code of another country's bank is refused. */
const PAYOUT_BANK_CODES: Record<string, Set<string>> = {
  DO: new Set<string>(DR_BANKS.map((b) => b.code)),
  CO: new Set<string>(CO_BANKS.map((b) => b.code)),
  MX: new Set<string>(MX_BANKS.map((b) => b.code)),
};
/** Each country's documents, checked as the country pages describe them (CO and MX by format: the country ID validators (065) replace it). */
const PAYOUT_DOCUMENTS: Record<string, Record<string, (id: string) => boolean>> = {
  DO: { CE: cedulaValid, RN: rncValid, PASS: passportValid },
  CO: { CC: (id) => coMxDocumentValid('cc', id), NIT: (id) => coMxDocumentValid('nit', id) },
  MX: { CURP: (id) => coMxDocumentValid('curp', id), RFC: (id) => coMxDocumentValid('rfc', id) },
};

const CreatePayoutSchema = z
  .object({
    external_id: z.string().min(1).max(100),
    payment_method_id: z.literal('BANK_TRANSFER'),
    flow_type: z.enum(['B2C', 'B2B', 'P2P']),
    country: z.string().regex(/^[A-Z]{2}$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    amount: z.number(),
    purpose: z.string().min(1).max(40),
    description: z.string().max(200).optional(),
    statement_descriptor: z.string().max(100).optional(),
    notification_url: z.url({ protocol: /^https?$/ }).optional(),
    beneficiary: z
      .object({
        first_name: z.string().trim().min(1).max(100).optional(),
        last_name: z.string().trim().min(1).max(100).optional(),
        business_name: z.string().trim().min(1).max(200).optional(),
        document: z.object({ type: z.enum(['CE', 'RN', 'PASS', 'CC', 'NIT', 'CURP', 'RFC']), id: z.string().min(1).max(30) }),
        bank_account: z.object({ code: z.string().min(1).max(20), account: z.string().regex(/^\d{6,20}$/), type: z.enum(['C', 'S']) }),
      })
      .loose(),
  })
  .loose();

/** The first zod issue as Payouts' error: 3001 empty params, 3000 invalid params. */
function invalidPayout(json: unknown, issues: z.core.$ZodIssue[]): ApiAnswer {
  const issue = issues[0]!;
  const param = issue.path.map(String).join('.');
  if (valueAt(json, issue.path) === undefined) return error(PAYOUT_ERRORS.emptyParams, { message: `Empty params ${param}`, param });
  return error(PAYOUT_ERRORS.invalidParams, { message: `Invalid params ${param}`, param });
}

const SandboxToolSchema = z.object({ payment_id: z.string().min(1).max(60), status: z.enum(['PAID', 'REJECTED']) });

/** What the stand-in's Smart Fields take from the browser (dlocal.js createToken's card fields). */
const TokenizeSchema = z.object({
  number: z.string().max(30),
  cvv: z.string().regex(/^\d{3,4}$/),
  expiration_month: z.coerce.number().int().min(1).max(12),
  expiration_year: z.coerce.number().int().min(2000).max(2100),
  holder_name: z.string().trim().min(1).max(100).optional(),
});

/** The value at a path of the raw JSON (to tell a missing parameter, 5001, from an invalid one, 5000). */
function valueAt(json: unknown, path: PropertyKey[]): unknown {
  let v: unknown = json;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** The first zod issue as dLocal's error: 5001 for a missing parameter, 5000 for an invalid one. */
function invalid(json: unknown, issues: z.core.$ZodIssue[]): ApiAnswer {
  const issue = issues[0]!;
  const param = issue.path.map(String).join('.');
  if (valueAt(json, issue.path) === undefined) return error(DLOCAL_ERRORS.missingParameter, { message: `Missing parameter: ${param}`, param });
  return error(DLOCAL_ERRORS.invalidRequest, { message: `Invalid parameter: ${param}`, param });
}

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join('');

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

export class DlocalSandbox {
  readonly credentials: DlocalCredentials;
  readonly publicUrl: string;
  /** Tests and the demo: make the next notification deliveries fail (`failNextDeliveries`). */
  readonly deliveryFaults: DeliveryFaults = { failNext: 0 };
  private readonly ticketLifetimeMs: number;
  private readonly payoutSettleMs: number;
  private readonly clock: () => Date;
  private apiFaults: { op: ApiFaultOp; kind: ApiFaultKind }[] = [];

  constructor(
    private readonly db: Db,
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

  // ---- The Payins API (the routes have checked the signature; `login` is the merchant's X-Login) ----

  async createPayment(login: string, json: unknown): Promise<ApiAnswer> {
    const parsed = CreatePaymentSchema.safeParse(json);
    if (!parsed.success) return invalid(json, parsed.error.issues);
    const req = parsed.data;
    const currencies = COUNTRY_CURRENCIES[req.country];
    if (!currencies) return error(DLOCAL_ERRORS.countryNotSupported, { param: 'country' });
    if (!currencies.includes(req.currency)) return error(DLOCAL_ERRORS.currencyNotAllowed, { param: 'currency' });
    // The card object's `verify` checks a card with amount 0 (and only with it); anything else pays something.
    const verify = req.payment_method_id === 'CARD' && req.card?.verify === true;
    if (verify && req.amount !== 0) return error(DLOCAL_ERRORS.invalidRequest, { message: 'Invalid parameter: amount (verify needs amount 0)', param: 'amount' });
    if (!verify && !(req.amount > 0)) return error(DLOCAL_ERRORS.amountTooLow, { param: 'amount' });
    if (!twoDecimals(req.amount) || req.amount > 10_000_000) return error(DLOCAL_ERRORS.invalidRequest, { message: 'Invalid parameter: amount', param: 'amount' });
    const now = this.now();
    const base = {
      id: `D-4-${crypto.randomUUID()}`,
      merchantLogin: login,
      orderId: req.order_id,
      amountMinor: fromDlocalAmount(req.amount),
      currency: req.currency,
      country: req.country,
      paymentMethodId: req.payment_method_id,
      paymentMethodFlow: req.payment_method_flow,
      payerUserReference: req.payer.user_reference ?? null,
      description: req.description ?? null,
      notificationUrl: req.notification_url ?? null,
      callbackUrl: req.callback_url ?? null,
      createdAt: now,
      updatedAt: now,
    };

    let row: typeof base & {
      paymentMethodType: string;
      status: string;
      statusCode: string;
      cardTokenId?: string;
      approvedAt?: Date;
      ticketNumber?: string;
      ticketBarcode?: string;
      ticketExpiresAt?: Date;
    };
    if (req.payment_method_id === 'CARD') {
      // Our server never sends a card number: the docs send one to /secure_payments, which we do not serve.
      if (!req.card) return error(DLOCAL_ERRORS.missingParameter, { message: 'Missing parameter: card', param: 'card' });
      if (['number', 'cvv', 'encrypted_data'].some((k) => k in req.card!))
        return error(DLOCAL_ERRORS.unsupportedOperation, { message: 'Card data must be sent to /secure_payments; send a token here.', param: 'card' });
      if (req.payment_method_flow !== 'DIRECT') return error(DLOCAL_ERRORS.methodNotAvailable, { message: 'Method not available: CARD by REDIRECT', param: 'payment_method_flow' });
      const tokenId = typeof req.card.token === 'string' ? req.card.token : typeof req.card.card_id === 'string' ? req.card.card_id : undefined;
      if (tokenId === undefined) return error(DLOCAL_ERRORS.missingParameter, { message: 'Missing parameter: card.token', param: 'card.token' });
      const token = await findCardToken(this.db, tokenId.slice(0, 60));
      // A saved card's card_id is usable once the payment that saved it succeeded.
      const savedBy = token && isSavedCardId(token.id) ? await findPayment(this.db, paymentIdOfSavedCard(token.id)) : undefined;
      if (!token || (isSavedCardId(token.id) && !(savedBy && SAVES_ON.includes(savedBy.status))))
        return error(DLOCAL_ERRORS.tokenNotFound, { param: typeof req.card.card_id === 'string' ? 'card.card_id' : 'card.token' });
      // dLocal's sandbox trick: a documented status code in the description decides the outcome.
      const forced = req.description !== undefined && /^(200|101|3\d\d)$/.test(req.description.trim()) && PAYMENT_STATUS_DETAILS[req.description.trim()];
      const outcome = CARD_OUTCOMES[token.behaviour as SandboxCardBehaviour];
      const statusCode = forced ? req.description!.trim() : verify && outcome === '200' ? VERIFIED_CODE : outcome;
      const status = PAYMENT_STATUS_DETAILS[statusCode]!.status;
      row = { ...base, paymentMethodType: 'CARD', status, statusCode, cardTokenId: token.id, ...(status === 'PAID' ? { approvedAt: now } : {}) };
    } else if (CASH_METHODS[req.payment_method_id]) {
      const method = CASH_METHODS[req.payment_method_id]!;
      // A method of another country, or a flow it does not have (PSE is REDIRECT only): not available.
      if (method.country !== req.country) return error(DLOCAL_ERRORS.methodNotAvailable, { param: 'payment_method_id' });
      if (!method.flows.includes(req.payment_method_flow)) return error(DLOCAL_ERRORS.methodNotAvailable, { param: 'payment_method_flow' });
      const documentRule = PAYER_DOCUMENTS[req.country];
      if (documentRule && !req.payer.document) return error(DLOCAL_ERRORS.missingParameter, { message: 'Missing parameter: payer.document', param: 'payer.document' });
      if (documentRule && !documentRule(req.payer.document!)) return error(DLOCAL_ERRORS.invalidRequest, { message: 'Invalid parameter: payer.document', param: 'payer.document' });
      row = {
        ...base,
        paymentMethodType: method.type,
        status: 'PENDING',
        statusCode: '100',
        // A SPEI payment's "ticket" is the CLABE to transfer to; PSE's is the bank's reference of the debit.
        ticketNumber: req.payment_method_id === 'SE' ? speiClabe() : digits(16),
        ticketBarcode: method.type === 'TICKET' ? digits(44) : '',
        ticketExpiresAt: new Date(now.getTime() + this.ticketLifetimeMs),
      };
    } else {
      return error(DLOCAL_ERRORS.methodNotAvailable, { param: 'payment_method_id' });
    }

    const created = await this.db.transaction(async (tx) => {
      const payment = await insertPaymentOnce(tx, row);
      if (!payment) return payment;
      // `save`: the card_id is made now and answered (and usable) once the payment is PAID or VERIFIED.
      if (req.card?.save === true && row.cardTokenId) {
        const card = (await findCardToken(tx, row.cardTokenId))!;
        await insertCardToken(tx, { ...card, id: savedCardIdOf(payment.id), createdAt: now });
      }
      await this.notifyPayment(tx, payment, now);
      return payment;
    });
    // The merchant used this order id already: dLocal refuses a second payment, whatever the body.
    if (!created) return error(DLOCAL_ERRORS.orderIdDuplicated, { param: 'order_id' });
    return { status: 200, body: await this.paymentObject(this.db, created) };
  }

  async getPayment(login: string, id: string): Promise<ApiAnswer> {
    const payment = await this.readPayment(login, id);
    if (!payment) return error(DLOCAL_ERRORS.paymentNotFound);
    return { status: 200, body: await this.paymentObject(this.db, payment) };
  }

  async getPaymentStatus(login: string, id: string): Promise<ApiAnswer> {
    const payment = await this.readPayment(login, id);
    if (!payment) return error(DLOCAL_ERRORS.paymentNotFound);
    const body: DlocalPaymentStatusBody = { id: payment.id, status: payment.status, status_code: payment.statusCode, status_detail: statusDetail(payment.statusCode) };
    return { status: 200, body };
  }

  async getOrder(login: string, orderId: string): Promise<ApiAnswer> {
    const found = await findPaymentByOrder(this.db, login, orderId);
    const payment = found && (await this.readPayment(login, found.id));
    if (!payment) return error(DLOCAL_ERRORS.paymentNotFound, { message: 'Order not found.' });
    return {
      status: 200,
      body: {
        order_id: payment.orderId,
        payment_id: payment.id,
        amount: toDlocalAmount(payment.amountMinor),
        currency: payment.currency,
        created_date: dlocalDate(payment.createdAt),
        ...(payment.approvedAt ? { approved_date: dlocalDate(payment.approvedAt) } : {}),
        status: payment.status,
        status_code: payment.statusCode,
        status_detail: statusDetail(payment.statusCode),
      },
    };
  }

  async createRefund(login: string, json: unknown): Promise<ApiAnswer> {
    const parsed = CreateRefundSchema.safeParse(json);
    if (!parsed.success) return invalid(json, parsed.error.issues);
    const req = parsed.data;
    if ((req.amount === undefined) !== (req.currency === undefined)) {
      const param = req.amount === undefined ? 'amount' : 'currency';
      return error(DLOCAL_ERRORS.missingParameter, { message: `Missing parameter: ${param}`, param });
    }
    const payment = await this.readPayment(login, req.payment_id);
    if (!payment) return error(DLOCAL_ERRORS.paymentNotFound, { param: 'payment_id' });
    if (payment.status !== 'PAID') return error(DLOCAL_ERRORS.invalidStatus, { message: `Payment ${payment.id} has not status PAID. Actual status: ${payment.status}` });
    if (req.currency !== undefined && req.currency !== payment.currency) return error(DLOCAL_ERRORS.currencyNotAllowed, { param: 'currency' });
    if (req.amount !== undefined && (!(req.amount > 0) || !twoDecimals(req.amount)))
      return error(DLOCAL_ERRORS.invalidRequest, { message: 'Invalid parameter: amount', param: 'amount' });
    const amountMinor = req.amount === undefined ? payment.amountMinor - payment.refundedMinor : fromDlocalAmount(req.amount);
    if (amountMinor <= 0) return error(DLOCAL_ERRORS.amountExceeded, { param: 'amount' });
    const now = this.now();
    // A card refund is a reversal, done at once; a cash payment is paid back by bank transfer, later.
    const status: DlocalRefundStatus = payment.paymentMethodType === 'CARD' ? 'SUCCESS' : 'PENDING';
    const refund = await this.db.transaction(async (tx) => {
      if (!(await addRefunded(tx, payment.id, amountMinor, now))) return undefined;
      const r = await insertRefund(tx, {
        id: `REF-${crypto.randomUUID()}`,
        paymentId: payment.id,
        amountMinor,
        currency: payment.currency,
        status,
        notificationUrl: req.notification_url ?? null,
        description: req.description ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await this.notifyRefund(tx, r, payment, now);
      return r;
    });
    if (!refund) return error(DLOCAL_ERRORS.amountExceeded, { param: 'amount' });
    return { status: 200, body: refundObject(refund, payment) };
  }

  async getRefund(login: string, id: string): Promise<ApiAnswer> {
    const refund = await findRefund(this.db, id);
    const payment = refund && (await findPayment(this.db, refund.paymentId));
    if (!refund || !payment || payment.merchantLogin !== login) return error(DLOCAL_ERRORS.paymentNotFound, { message: 'Refund not found.' });
    return { status: 200, body: refundObject(refund, payment) };
  }

  async getRefundStatus(login: string, id: string): Promise<ApiAnswer> {
    const answer = await this.getRefund(login, id);
    if (answer.status !== 200) return answer;
    const r = answer.body as DlocalRefundBody;
    return { status: 200, body: { id: r.id, status: r.status, status_code: r.status_code, status_detail: r.status_detail } };
  }

  /**
   * dLocal's sandbox tool (POST /sandbox-tools/payments, "Testing DIRECT cash payments"): a pending
   * payment is forced to PAID or REJECTED.
   */
  async sandboxTool(login: string, json: unknown): Promise<ApiAnswer> {
    const parsed = SandboxToolSchema.safeParse(json);
    if (!parsed.success) return invalid(json, parsed.error.issues);
    const payment = await this.readPayment(login, parsed.data.payment_id);
    if (!payment) return { status: 404, body: { code: 0, status: 'ERROR', message: '404 {"code":4000,"message":"Payment not found"}' } };
    const moved = await this.move(payment.id, { status: 'PENDING' }, parsed.data.status === 'PAID' ? '200' : '300');
    if (!moved) {
      const latest = await findPayment(this.db, payment.id);
      return error(DLOCAL_ERRORS.invalidStatus, { message: `Payment ${payment.id} has not status PENDING. Actual status: ${latest?.status ?? payment.status}` });
    }
    return { status: 200, body: await this.paymentObject(this.db, moved) };
  }

  // ---- Payouts v3 (decision 052) ----

  /**
   * Submit a payout (Dominican Republic, BANK_TRANSFER): validated as the country page asks (the
   * document's type and check digit, a bank code of the list, account type C or S, DOP or USD with
   * two decimals), unique by external_id (5011 on a reuse, whatever the body), PENDING (100) and
   * notified; "the bank" answers at the next sweep by the test rules.
   */
  async createPayout(login: string, json: unknown): Promise<ApiAnswer> {
    const parsed = CreatePayoutSchema.safeParse(json);
    if (!parsed.success) return invalidPayout(json, parsed.error.issues);
    const req = parsed.data;
    const currencies = COUNTRY_CURRENCIES[req.country];
    if (!currencies) return error(PAYOUT_ERRORS.countryNotFound, { param: 'country' });
    if (!currencies.includes(req.currency)) return error(PAYOUT_ERRORS.invalidParams, { message: 'Invalid params currency', param: 'currency' });
    if (!(req.amount > 0) || !twoDecimals(req.amount)) return error(PAYOUT_ERRORS.invalidParams, { message: 'Invalid params amount', param: 'amount' });
    if (req.amount > 10_000_000) return error(PAYOUT_ERRORS.limitExceeded, { message: 'Limit exceeded amount', param: 'amount' });
    const b = req.beneficiary;
    const named = req.flow_type === 'B2B' ? b.business_name !== undefined : b.first_name !== undefined && b.last_name !== undefined;
    if (!named) {
      const param = req.flow_type === 'B2B' ? 'beneficiary.business_name' : b.first_name === undefined ? 'beneficiary.first_name' : 'beneficiary.last_name';
      return error(PAYOUT_ERRORS.emptyParams, { message: `Empty params ${param}`, param });
    }
    const doc = b.document;
    const docOk = PAYOUT_DOCUMENTS[req.country]![doc.type]?.(doc.id) ?? false;
    if (!docOk) return error(PAYOUT_ERRORS.invalidParams, { message: `Invalid params beneficiary.document.id ${doc.type}`, param: 'beneficiary.document.id' });
    if (!PAYOUT_BANK_CODES[req.country]!.has(b.bank_account.code)) return error(PAYOUT_ERRORS.invalidBankCode, { param: 'beneficiary.bank_account.code' });
    // Mexico pays to a CLABE (18 digits, its check digit, its bank's first three).
    if (req.country === 'MX' && !(clabeValid(b.bank_account.account) && b.bank_account.account.startsWith(b.bank_account.code)))
      return error(PAYOUT_ERRORS.invalidParams, { message: 'Invalid params beneficiary.bank_account.account', param: 'beneficiary.bank_account.account' });
    if (doc.id === DLOCAL_SANDBOX_BLACKLISTED_DOCUMENT) return error(PAYOUT_ERRORS.beneficiaryBlacklisted);

    const now = this.now();
    const forced = req.description?.trim().match(/^DELIVERED:([A-Z_]+)$/)?.[1];
    const outcome =
      forced === 'PAID' || (forced && (PAYOUT_REJECTION_REASONS as readonly string[]).includes(forced))
        ? forced
        : (DLOCAL_SANDBOX_PAYOUT_RULES[b.bank_account.account.slice(-4)] ?? 'PAID');
    const created = await this.db.transaction(async (tx) => {
      const payout = await insertPayoutOnce(tx, {
        id: `PO-4-${crypto.randomUUID()}`,
        merchantLogin: login,
        externalId: req.external_id,
        amountMinor: fromDlocalAmount(req.amount),
        currency: req.currency,
        country: req.country,
        paymentMethodId: req.payment_method_id,
        flowType: req.flow_type,
        purpose: req.purpose,
        status: 'PENDING',
        statusCode: PAYOUT_STATUS_CODES.PENDING.code,
        statusDetail: PAYOUT_STATUS_CODES.PENDING.detail,
        outcome,
        bankCode: b.bank_account.code,
        accountType: b.bank_account.type,
        accountLast4: b.bank_account.account.slice(-4),
        documentType: doc.type,
        description: req.description ?? null,
        notificationUrl: req.notification_url ?? null,
        settlesAt: new Date(now.getTime() + this.payoutSettleMs),
        createdAt: now,
        updatedAt: now,
      });
      if (payout) await this.notifyPayout(tx, payout, now);
      return payout;
    });
    if (!created) return error(PAYOUT_ERRORS.externalIdUsed, { param: 'external_id' });
    return { status: 200, body: payoutObject(created) };
  }

  async getPayout(login: string, id: string): Promise<ApiAnswer> {
    const payout = await findSandboxPayout(this.db, login, id);
    return payout ? { status: 200, body: payoutObject(payout) } : error(PAYOUT_ERRORS.payoutNotFound);
  }

  async getPayoutByExternalId(login: string, externalId: string): Promise<ApiAnswer> {
    const payout = await findSandboxPayoutByExternalId(this.db, login, externalId);
    return payout ? { status: 200, body: payoutObject(payout) } : error(PAYOUT_ERRORS.payoutNotFound);
  }

  /** "The bank" answers every open payout due at `now`: PAID (200) or REJECTED (300, the reason in status_detail), each notified once. */
  async settlePayouts(now: Date = this.now(), onlyId?: string): Promise<number> {
    let settled = 0;
    for (const p of await dueSandboxPayouts(this.db, now, onlyId)) {
      const status: DlocalPayoutStatus = p.outcome === 'PAID' ? 'PAID' : 'REJECTED';
      const detail = status === 'PAID' ? PAYOUT_STATUS_CODES.PAID.detail : p.outcome;
      const moved = await this.movePayout(p.id, ['PENDING', 'DELIVERED'], status, detail, now);
      if (moved) settled++;
    }
    return settled;
  }

  /** Test hook (dLocal's "cancel" of a pending payout by the merchant): PENDING → CANCELLED (400), notified; false when it is not pending. */
  async cancelPayout(id: string): Promise<boolean> {
    return (await this.movePayout(id, ['PENDING'], 'CANCELLED', PAYOUT_STATUS_CODES.CANCELLED.detail, this.now())) !== undefined;
  }

  private movePayout(id: string, from: string[], status: DlocalPayoutStatus, detail: string, now: Date): Promise<SandboxPayout | undefined> {
    return this.db.transaction(async (tx) => {
      const moved = await transitionPayout(tx, id, from, { status, statusCode: PAYOUT_STATUS_CODES[status].code, statusDetail: detail, at: now });
      if (moved) await this.notifyPayout(tx, moved, now);
      return moved;
    });
  }

  private async notifyPayout(tx: DbOrTx, payout: SandboxPayout, now: Date): Promise<void> {
    if (!payout.notificationUrl) return;
    const body = JSON.stringify(payoutObject(payout));
    await enqueueNotification(tx, { subjectKind: 'payout', subjectId: payout.id, url: payout.notificationUrl, body, nextAttemptAt: now, createdAt: now });
  }

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

  /** Test hook: a pending refund (of a cash payment) is paid or refused by the bank. */
  async settleRefund(id: string, status: Exclude<DlocalRefundStatus, 'PENDING'>): Promise<boolean> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const refund = await settleRefund(tx, id, status, now);
      if (!refund) return false;
      const payment = (await findPayment(tx, refund.paymentId))!;
      // A refund that did not happen gives its amount back to what may still be refunded.
      if (status !== 'SUCCESS') await subtractRefunded(tx, payment.id, refund.amountMinor, now);
      await this.notifyRefund(tx, refund, payment, now);
      return true;
    });
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

  // ---- Inside ----

  /** A payment of this merchant (any merchant for the pages), its ticket expired first if due. */
  private async readPayment(login: string | undefined, id: string): Promise<SandboxPayment | undefined> {
    const payment = await findPayment(this.db, id);
    if (!payment || (login !== undefined && payment.merchantLogin !== login)) return undefined;
    if (payment.status === 'PENDING' && payment.ticketExpiresAt && payment.ticketExpiresAt <= this.now())
      return (await this.expireOne(id, this.now())) ?? (await findPayment(this.db, id));
    return payment;
  }

  private expireOne(id: string, now: Date): Promise<SandboxPayment | undefined> {
    return this.db.transaction(async (tx) => {
      const [expired] = await expireDueTickets(tx, now, id);
      if (expired) await this.notifyPayment(tx, expired, now);
      return expired;
    });
  }

  /** One status change, once (from `from`), notified in the same transaction. */
  private move(id: string, from: { status: string; statusCode?: string }, statusCode: string): Promise<SandboxPayment | undefined> {
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

  private async notifyPayment(tx: DbOrTx, payment: SandboxPayment, now: Date): Promise<void> {
    if (!payment.notificationUrl) return;
    const body = JSON.stringify(await this.paymentObject(tx, payment));
    await enqueueNotification(tx, { subjectKind: 'payment', subjectId: payment.id, url: payment.notificationUrl, body, nextAttemptAt: now, createdAt: now });
  }

  private async notifyRefund(tx: DbOrTx, refund: SandboxRefund, payment: SandboxPayment, now: Date): Promise<void> {
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

function statusDetail(code: string): string {
  return PAYMENT_STATUS_DETAILS[code]?.detail ?? 'The payment is pending.';
}

/** The ticket's reference code (ticket.id): the method and part of its number. */
function ticketReference(p: SandboxPayment): string {
  return `${p.paymentMethodId}-${p.ticketNumber?.slice(0, 8) ?? ''}`;
}

function refundObject(r: SandboxRefund, p: SandboxPayment): DlocalRefundBody {
  const status = r.status as DlocalRefundStatus;
  const { code, detail } = REFUND_STATUS_CODES[status] ?? REFUND_STATUS_CODES.PENDING;
  return {
    id: r.id,
    payment_id: r.paymentId,
    amount: toDlocalAmount(r.amountMinor),
    amount_refunded: status === 'SUCCESS' ? toDlocalAmount(r.amountMinor) : 0,
    currency: r.currency,
    status,
    status_code: code,
    status_detail: detail,
    created_date: dlocalDate(r.createdAt),
    ...(r.notificationUrl ? { notification_url: r.notificationUrl } : {}),
    ...(r.description ? { description: r.description } : {}),
    order_id: p.orderId,
  };
}

/** The payout object (Submit, Get, and each notification's body: "Notification parameters"). */
function payoutObject(p: SandboxPayout): DlocalPayoutBody {
  return {
    id: p.id,
    external_id: p.externalId,
    status: p.status,
    status_code: p.statusCode,
    status_detail: p.statusDetail,
    created_date: p.createdAt.toISOString(),
    last_updated: p.updatedAt.toISOString(),
    payment_method_id: p.paymentMethodId,
    flow_type: p.flowType,
    country: p.country,
    currency: p.currency,
    currency_to_pay: p.currency,
    amount: toDlocalAmount(p.amountMinor),
    purpose: p.purpose,
    ...(p.description ? { description: p.description } : {}),
    on_hold: false,
    ...(p.notificationUrl ? { notification_url: p.notificationUrl } : {}),
  };
}
