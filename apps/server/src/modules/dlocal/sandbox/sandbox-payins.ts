import crypto from 'node:crypto';
import {
  DLOCAL_ERRORS,
  PAYMENT_STATUS_DETAILS,
  fromDlocalAmount,
  toDlocalAmount,
  type DlocalPaymentStatusBody,
  type DlocalRefundBody,
  type DlocalRefundStatus,
} from '../dlocal-types.ts';
import {
  addRefunded,
  findCardToken,
  findPayment,
  findPaymentByOrder,
  findRefund,
  insertCardToken,
  insertPaymentOnce,
  insertRefund,
  settleRefund,
  subtractRefunded,
} from './dlocal-sandbox.repository.ts';
import { digits, dlocalDate, error, invalid, refundObject, statusDetail, twoDecimals, type ApiAnswer } from './sandbox-answers.ts';
import {
  CARD_OUTCOMES,
  CASH_METHODS,
  COUNTRY_CURRENCIES,
  CreatePaymentSchema,
  CreateRefundSchema,
  PAYER_DOCUMENTS,
  SAVES_ON,
  SandboxToolSchema,
  VERIFIED_CODE,
  isSavedCardId,
  paymentIdOfSavedCard,
  savedCardIdOf,
  speiClabe,
  type SandboxCardBehaviour,
} from './sandbox-methods.ts';
import { SandboxPayouts } from './sandbox-payouts.ts';

// The stand-in's Payins API: cards and cash payments, their refunds, and dLocal's sandbox tool
// (decision 075 split it from dlocal-sandbox.ts).

/** A payment of a country that requires the payer's document (PAYER_DOCUMENTS) without one (5001) or with one its rule refuses (5000); null when it passes. */
function payerDocumentRefusal(country: string, document: string | undefined): ApiAnswer | null {
  const rule = PAYER_DOCUMENTS[country];
  if (!rule) return null;
  if (!document) return error(DLOCAL_ERRORS.missingParameter, { message: 'Missing parameter: payer.document', param: 'payer.document' });
  if (!rule(document)) return error(DLOCAL_ERRORS.invalidRequest, { message: 'Invalid parameter: payer.document', param: 'payer.document' });
  return null;
}

/** The Payins API (the routes have checked the signature; `login` is the merchant's X-Login). */
export class SandboxPayins extends SandboxPayouts {
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
      // The country's requirement, cards included (decision 067).
      const refusedDocument = payerDocumentRefusal(req.country, req.payer.document);
      if (refusedDocument) return refusedDocument;
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
      const refusedDocument = payerDocumentRefusal(req.country, req.payer.document);
      if (refusedDocument) return refusedDocument;
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
}
