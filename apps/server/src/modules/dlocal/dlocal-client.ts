import type { z } from 'zod';
import { ProcessorUnavailable } from '../payments/processor.ts';
import { payloadSignature, signRequest, type DlocalCredentials } from './dlocal-signature.ts';
import {
  DlocalErrorSchema,
  DlocalOrderSchema,
  DlocalPaymentSchema,
  DlocalPaymentStatusSchema,
  DlocalPayoutSchema,
  DlocalRefundSchema,
  DLOCAL_PAYOUTS_API_VERSION,
  DLOCAL_PAYOUTS_PATH,
  fromDlocalAmount,
  toDlocalAmount,
  type DlocalCreatePaymentBody,
  type DlocalCreatePayoutBody,
  type DlocalPayout,
  type DlocalCreateRefundBody,
  type DlocalOrder,
  type DlocalPayer,
  type DlocalPayment,
  type DlocalPaymentStatusBody,
  type DlocalRefund,
} from './dlocal-types.ts';

// A typed client for dLocal's Payins API (docs/dlocal-contract.md): create a payment (a card by
// dLocal's own token, DIRECT; a cash ticket in the Dominican Republic), read it, its status, its
// order, and create and read refunds. It speaks through a transport, so production uses fetch with a
// timeout and the built-in stand-in is called in-process through Fastify's inject, with the same
// HTTP semantics. What it never does: send a card number (dLocal tokenizes in the browser), or log a
// token, a payer's name, document or e-mail, or an amount next to a name.

export interface DlocalHttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body: string;
}
export interface DlocalHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
/** One HTTP exchange. Throws on a network error or a timeout (a TimeoutError or AbortError). */
export type DlocalTransport = (req: DlocalHttpRequest) => Promise<DlocalHttpResponse>;

/** The real network, each request bounded by `timeoutMs`. */
export function fetchDlocalTransport(timeoutMs = 15_000): DlocalTransport {
  return async (req) => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.method === 'GET' ? {} : { body: req.body }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => (headers[key] = value));
    return { status: res.status, headers, body: await res.text() };
  };
}

/**
 * dLocal answered with an error: its `{code, message, param}` body (4xx: the request was refused;
 * 5xx: dLocal failed, and whether the operation happened is unknown, as with ProcessorUnavailable).
 */
export class DlocalApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | null,
    readonly detail: string,
    readonly param?: string,
  ) {
    super(`dLocal answered ${httpStatus}${code === null ? '' : ` (${code})`}: ${detail}`);
    this.name = 'DlocalApiError';
  }

  /** 5xx or 429: the request may or may not have been done; retry the same order or ask later. */
  get outcomeUnknown(): boolean {
    return this.httpStatus >= 500 || this.httpStatus === 429;
  }

  /** 5009: a payment with this order_id exists already (dLocal's answer to a repeated create). */
  get duplicateOrder(): boolean {
    return this.code === 5009;
  }

  /** 5011 (Payouts v3): a payout with this external_id exists already. */
  get duplicateExternalId(): boolean {
    return this.code === 5011;
  }
}

/** An answer that is not what the docs say (unparseable or of another shape). */
export class DlocalProtocolError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'DlocalProtocolError';
  }
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DlocalClientOptions {
  /** https://api.dlocal.com, https://sandbox.dlocal.com, or the stand-in's address (…/dlocal-sandbox). */
  baseUrl: string;
  credentials: DlocalCredentials;
  transport: DlocalTransport;
  log?: Log;
  /** The X-Date clock (tests). */
  now?: () => Date;
}

/** A card payment: dLocal's token from its Smart Fields (or a saved card's card_id), DIRECT flow. */
export interface CardPaymentRequest {
  orderId: string;
  amountMinor: number;
  currency: string;
  country: string;
  card: { token: string } | { cardId: string };
  payer: DlocalPayer;
  description?: string;
  notificationUrl?: string;
  /** Where dLocal sends the payer back after a 3-D Secure challenge. */
  callbackUrl?: string;
  /** The card object's `verify` (with amount 0: the card is checked, nothing is charged) and `save` (a card_id back once it succeeds). */
  verify?: boolean;
  save?: boolean;
}

/** A cash ticket (the Dominican Republic: ZP, Banco Popular): DIRECT gives the ticket, REDIRECT dLocal's page. */
export interface CashPaymentRequest {
  orderId: string;
  amountMinor: number;
  currency: string;
  country: string;
  paymentMethodId: string;
  flow: 'DIRECT' | 'REDIRECT';
  payer: DlocalPayer;
  description?: string;
  notificationUrl?: string;
  callbackUrl?: string;
}

export interface RefundRequest {
  paymentId: string;
  /** Absent: the whole payment (dLocal's default). */
  amountMinor?: number;
  currency?: string;
  notificationUrl?: string;
  /** Free text dLocal keeps with the refund: we put our refund key here to find it again. */
  description?: string;
}

function networkFailure(err: unknown): ProcessorUnavailable {
  const name = err instanceof Error ? err.name : '';
  return new ProcessorUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
}

/** The body of a card payment (DIRECT; a token or a card_id, never a number). */
function cardPaymentBody(req: CardPaymentRequest): DlocalCreatePaymentBody {
  return {
    amount: toDlocalAmount(req.amountMinor),
    currency: req.currency,
    country: req.country,
    payment_method_id: 'CARD',
    payment_method_flow: 'DIRECT',
    payer: req.payer,
    card: {
      ...('token' in req.card ? { token: req.card.token } : { card_id: req.card.cardId }),
      ...(req.verify ? { verify: true } : {}),
      ...(req.save ? { save: true } : {}),
    },
    order_id: req.orderId,
    ...(req.description === undefined ? {} : { description: req.description }),
    ...(req.notificationUrl === undefined ? {} : { notification_url: req.notificationUrl }),
    ...(req.callbackUrl === undefined ? {} : { callback_url: req.callbackUrl }),
  };
}

export class DlocalClient {
  private readonly baseUrl: string;

  constructor(private readonly options: DlocalClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** POST /payments with a card token. */
  createCardPayment(req: CardPaymentRequest): Promise<DlocalPayment> {
    return this.createPayment(cardPaymentBody(req));
  }

  /** POST /payments for our order, or the payment this order already made (createPaymentOnce). */
  async createCardPaymentOnce(req: CardPaymentRequest): Promise<DlocalPayment> {
    return (await this.createPaymentOnce(cardPaymentBody(req))).payment;
  }

  /** POST /payments for a cash ticket. */
  createCashPayment(req: CashPaymentRequest): Promise<DlocalPayment> {
    return this.createPayment({
      amount: toDlocalAmount(req.amountMinor),
      currency: req.currency,
      country: req.country,
      payment_method_id: req.paymentMethodId,
      payment_method_flow: req.flow,
      payer: req.payer,
      order_id: req.orderId,
      ...(req.description === undefined ? {} : { description: req.description }),
      ...(req.notificationUrl === undefined ? {} : { notification_url: req.notificationUrl }),
      ...(req.callbackUrl === undefined ? {} : { callback_url: req.callbackUrl }),
    });
  }

  /** POST /payments, the body as given. */
  createPayment(body: DlocalCreatePaymentBody): Promise<DlocalPayment> {
    return this.call('POST', '/payments', DlocalPaymentSchema, body);
  }

  /**
   * Creates the payment, or finds the one this order_id already made: dLocal refuses a second
   * payment with an order_id (5009), so a retry after a lost answer reads the order and its payment
   * back. A payment found with another amount or currency is an error (the order_id was reused).
   */
  async createPaymentOnce(body: DlocalCreatePaymentBody): Promise<{ payment: DlocalPayment; created: boolean }> {
    try {
      return { payment: await this.createPayment(body), created: true };
    } catch (err) {
      if (!(err instanceof DlocalApiError) || !err.duplicateOrder) throw err;
      const order = await this.retrieveOrder(body.order_id);
      const payment = await this.retrievePayment(order.payment_id);
      if (fromDlocalAmount(payment.amount) !== fromDlocalAmount(body.amount) || payment.currency !== body.currency) {
        throw new DlocalApiError(400, 5009, 'the order_id names a payment of another amount or currency');
      }
      return { payment, created: false };
    }
  }

  /** GET /payments/{id}. */
  retrievePayment(paymentId: string): Promise<DlocalPayment> {
    return this.call('GET', `/payments/${encodeURIComponent(paymentId)}`, DlocalPaymentSchema);
  }

  /** GET /payments/{id}/status. */
  retrievePaymentStatus(paymentId: string): Promise<DlocalPaymentStatusBody> {
    return this.call('GET', `/payments/${encodeURIComponent(paymentId)}/status`, DlocalPaymentStatusSchema);
  }

  /** GET /orders/{order_id}: the payment made with our order id (reconciliation). */
  retrieveOrder(orderId: string): Promise<DlocalOrder> {
    return this.call('GET', `/orders/${encodeURIComponent(orderId)}`, DlocalOrderSchema);
  }

  /** POST /refunds. */
  createRefund(req: RefundRequest): Promise<DlocalRefund> {
    const body: DlocalCreateRefundBody = {
      payment_id: req.paymentId,
      ...(req.amountMinor === undefined ? {} : { amount: toDlocalAmount(req.amountMinor), currency: req.currency }),
      ...(req.notificationUrl === undefined ? {} : { notification_url: req.notificationUrl }),
      ...(req.description === undefined ? {} : { description: req.description }),
    };
    return this.call('POST', '/refunds', DlocalRefundSchema, body);
  }

  /** GET /refunds/{id}. */
  retrieveRefund(refundId: string): Promise<DlocalRefund> {
    return this.call('GET', `/refunds/${encodeURIComponent(refundId)}`, DlocalRefundSchema);
  }

  /**
   * A refund of this payment whose description is `description` (our refund key), read from the
   * payment's `refunds`: before sending a refund again after a lost answer, look for it here.
   */
  async findRefund(paymentId: string, description: string): Promise<DlocalRefund | null> {
    const payment = await this.retrievePayment(paymentId);
    return payment.refunds?.find((r) => r.description === description) ?? null;
  }

  // ---- Payouts v3 (decision 052) ----

  /** POST /payouts/v3/payouts: a bank transfer to the beneficiary's account. */
  createPayout(body: DlocalCreatePayoutBody): Promise<DlocalPayout> {
    return this.call('POST', `${DLOCAL_PAYOUTS_PATH}/payouts`, DlocalPayoutSchema, body, 'payouts');
  }

  /** GET /payouts/v3/payouts/{id}. */
  retrievePayout(payoutId: string): Promise<DlocalPayout> {
    return this.call('GET', `${DLOCAL_PAYOUTS_PATH}/payouts/${encodeURIComponent(payoutId)}`, DlocalPayoutSchema, undefined, 'payouts');
  }

  /** GET /payouts/v3/payouts?external_id=…: the payout made with our id ("brings the payout information based on the payout ID or the external ID"). */
  retrievePayoutByExternalId(externalId: string): Promise<DlocalPayout> {
    return this.call('GET', `${DLOCAL_PAYOUTS_PATH}/payouts?external_id=${encodeURIComponent(externalId)}`, DlocalPayoutSchema, undefined, 'payouts');
  }

  /**
   * Submits the payout, or finds the one this external_id already made: dLocal refuses a second
   * payout with an external_id (5011), so a retry after a lost answer (a timeout, a 5xx) reads it
   * back and never pays twice. One found with another amount or currency is an error.
   */
  async createPayoutOnce(body: DlocalCreatePayoutBody): Promise<{ payout: DlocalPayout; created: boolean }> {
    try {
      return { payout: await this.createPayout(body), created: true };
    } catch (err) {
      if (!(err instanceof DlocalApiError) || !err.duplicateExternalId) throw err;
      const payout = await this.retrievePayoutByExternalId(body.external_id);
      if (fromDlocalAmount(payout.amount) !== fromDlocalAmount(body.amount) || payout.currency !== body.currency) {
        throw new DlocalApiError(400, 5011, 'the external_id names a payout of another amount or currency');
      }
      return { payout, created: false };
    }
  }

  private async call<T extends z.ZodType>(method: 'GET' | 'POST', path: string, schema: T, payload?: object, api: 'payins' | 'payouts' = 'payins'): Promise<z.output<T>> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const { login, transKey, secretKey } = this.options.credentials;
    const headers = signRequest({ login, transKey, secretKey, date: (this.options.now ?? (() => new Date()))(), body });
    if (api === 'payouts') {
      // Payouts v3 ("Security"): the Payins headers, X-Version 3.0, and Payload-Signature over the body.
      headers['x-version'] = DLOCAL_PAYOUTS_API_VERSION;
      headers['payload-signature'] = payloadSignature(secretKey, body);
    }
    // GET requests are signed over the empty body and sent without one.
    if (method === 'GET') delete headers['content-type'];
    const started = Date.now();
    let res: DlocalHttpResponse;
    try {
      res = await this.options.transport({ method, url: `${this.baseUrl}${path}`, headers, body });
    } catch (err) {
      const failure = networkFailure(err);
      this.options.log?.warn({ method, path, kind: failure.kind, ms: Date.now() - started }, 'dLocal unreachable');
      throw failure;
    }
    let json: unknown;
    try {
      json = res.body === '' ? undefined : JSON.parse(res.body);
    } catch {
      json = undefined;
    }
    this.options.log?.info({ method, path, status: res.status, ms: Date.now() - started }, 'dLocal answered');
    if (res.status < 200 || res.status >= 300) {
      const error = DlocalErrorSchema.safeParse(json);
      if (error.success) throw new DlocalApiError(res.status, error.data.code, error.data.message, error.data.param);
      throw new DlocalApiError(res.status, null, `HTTP ${res.status}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new DlocalProtocolError(res.status, `unexpected dLocal answer to ${method} ${path}`);
    return parsed.data;
  }
}
