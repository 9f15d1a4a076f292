import { describe, expect, it } from 'vitest';
import { ProcessorUnavailable } from '../payments/processor.ts';
import { DlocalClient, type DlocalHttpRequest, type DlocalHttpResponse } from './dlocal-client.ts';
import { CARD_ID_PREFIX, DlocalCardProcessor } from './dlocal-card-processor.ts';
import { cardOf, toChargeResult, toVerificationResult } from './dlocal-outcomes.ts';
import type { DlocalPayment } from './dlocal-types.ts';

// The dLocal card adapter's mapping (issue 47, decision 053), against canned answers of dLocal's
// documented shapes: what each status, error and lost answer becomes for the payments service.

const creds = { login: 'login', transKey: 'trans', secretKey: 'secret' };
const json = (status: number, body: unknown): DlocalHttpResponse => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const paymentBody = (extra: Partial<DlocalPayment> = {}): DlocalPayment => ({
  id: 'D-4-1',
  amount: 12500,
  currency: 'DOP',
  status: 'PAID',
  status_code: '200',
  order_id: 'pay_1',
  card: { brand: 'MC', last4: '4444', expiration_month: 12, expiration_year: 2030 },
  ...extra,
});

/** The adapter over a client whose transport answers from `answer`; the requests it saw. */
function adapter(answer: (req: DlocalHttpRequest) => DlocalHttpResponse | Error) {
  const seen: DlocalHttpRequest[] = [];
  const client = new DlocalClient({
    baseUrl: 'https://dlocal.test',
    credentials: creds,
    transport: async (req) => {
      seen.push(req);
      const a = answer(req);
      if (a instanceof Error) throw a;
      return a;
    },
  });
  const processor = new DlocalCardProcessor({
    client,
    notificationUrl: 'https://arreglaya.test/api/payments/dlocal/notifications',
    callbackUrl: (path) => `https://arreglaya.test/api/payments/dlocal/callback?a=${encodeURIComponent(path)}`,
    payerOf: async (key) => (key.startsWith('pay_') ? { name: 'Yolanda', email: 'yolanda@example.com' } : null),
  });
  return { processor, seen };
}

const chargeReq = { token: 'CV-tok', amountMinor: 1_250_000, currency: 'DOP' as const, idempotencyKey: 'pay_1', returnUrl: '/proyectos/p?pago=1' };

describe('the dLocal card adapter', () => {
  it('charges by token with our key as the order id, the payer, and where the payer comes back; PAID is succeeded', async () => {
    const { processor, seen } = adapter(() => json(200, paymentBody()));
    expect(await processor.charge(chargeReq)).toMatchObject({ id: 'D-4-1', idempotencyKey: 'pay_1', status: 'succeeded', amountMinor: 1_250_000, failureCode: null });
    const body = JSON.parse(seen[0]!.body);
    expect(seen[0]!.url).toBe('https://dlocal.test/payments');
    expect(body).toMatchObject({
      amount: 12500,
      currency: 'DOP',
      country: 'DO',
      payment_method_id: 'CARD',
      payment_method_flow: 'DIRECT',
      card: { token: 'CV-tok' },
      order_id: 'pay_1',
      payer: { name: 'Yolanda', email: 'yolanda@example.com' },
      callback_url: 'https://arreglaya.test/api/payments/dlocal/callback?a=%2Fproyectos%2Fp%3Fpago%3D1',
    });
    expect(body.card).not.toHaveProperty('number');
  });

  it('3-D Secure: PENDING 101 requires action at its redirect_url; REJECTED after it is failed', async () => {
    const pending = adapter(() => json(200, paymentBody({ status: 'PENDING', status_code: '101', three_dsecure: { redirect_url: 'https://3ds.test/x' } })));
    expect(await pending.processor.charge(chargeReq)).toMatchObject({ status: 'requires_action', actionUrl: 'https://3ds.test/x' });
    const rejected = adapter(() => json(200, paymentBody({ status: 'REJECTED', status_code: '302' })));
    expect(await rejected.processor.charge(chargeReq)).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
  });

  it("a refusal before any payment (dLocal's 4xx) is a failed charge; a 5xx, a timeout or another shape is the processor not answering", async () => {
    const unknownToken = adapter(() => json(400, { code: 5008, message: 'Token not found or inactive.', param: 'card.token' }));
    expect(await unknownToken.processor.charge(chargeReq)).toMatchObject({ status: 'failed', failureCode: 'invalid_token', id: 'pay_1' });
    const other = adapter(() => json(400, { code: 5004, message: 'Currency not allowed for this country.' }));
    expect(await other.processor.charge(chargeReq)).toMatchObject({ status: 'failed', failureCode: 'processing_error' });
    for (const answer of [
      json(500, { code: 7000, message: 'Failed to process the request.' }),
      json(200, { unexpected: true }),
      Object.assign(new Error('t'), { name: 'TimeoutError' }),
    ]) {
      await expect(adapter(() => answer).processor.charge(chargeReq)).rejects.toBeInstanceOf(ProcessorUnavailable);
    }
  });

  it('reads a charge back by its order (null when dLocal has none), and charges a saved card by its card_id', async () => {
    const { processor, seen } = adapter((req) =>
      req.url.endsWith('/orders/pay_1')
        ? json(200, { order_id: 'pay_1', payment_id: 'D-4-1', amount: 12500, currency: 'DOP', status: 'PAID', status_code: '200' })
        : req.url.endsWith('/orders/pay_2')
          ? json(404, { code: 4000, message: 'Payment not found.' })
          : json(200, paymentBody()),
    );
    expect(await processor.retrieveCharge('pay_1')).toMatchObject({ id: 'D-4-1', status: 'succeeded' });
    expect(await processor.retrieveCharge('pay_2')).toBeNull();
    await processor.charge({ ...chargeReq, token: `${CARD_ID_PREFIX}CV-saved` });
    expect(JSON.parse(seen.at(-1)!.body).card).toEqual({ card_id: 'CV-saved' });
  });

  it('verifies a card being saved with amount 0, verify and save; VERIFIED gives the card and its card_id to keep', async () => {
    const { processor, seen } = adapter(() =>
      json(200, paymentBody({ amount: 0, status: 'VERIFIED', status_code: '700', order_id: 'verify_1', card: { ...paymentBody().card, card_id: 'CV-card' } })),
    );
    const v = await processor.verifyCard({ token: 'CV-tok', idempotencyKey: 'verify_1', returnUrl: '/perfil/formas-pago?verificacion=1', country: 'DO' });
    expect(v).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 }, savedToken: `${CARD_ID_PREFIX}CV-card` });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({
      amount: 0,
      currency: 'DOP',
      country: 'DO',
      card: { token: 'CV-tok', verify: true, save: true },
      order_id: 'verify_1',
      payer: { name: 'Cliente ArreglaYa' },
    });
  });

  it("verifies a card saved in a Colombian account in Colombia, in COP, with the payer's document (decision 067)", async () => {
    const { processor, seen } = adapter(() => json(200, paymentBody({ amount: 0, currency: 'COP', status: 'VERIFIED', status_code: '700', order_id: 'verify_2' })));
    await processor.verifyCard({ token: 'CV-tok', idempotencyKey: 'verify_2', returnUrl: '/perfil/formas-pago?verificacion=2', country: 'CO', payerDocument: '1020304050' });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ amount: 0, currency: 'COP', country: 'CO', payer: { document: '1020304050' } });
  });

  it('refunds once per key: a refund already made with it (in the payment’s refunds) is not asked again', async () => {
    let refunds: object[] = [];
    const { processor, seen } = adapter((req) => {
      if (req.method === 'GET') return json(200, paymentBody({ refunds: refunds as never }));
      const r = { id: 'REF-1', payment_id: 'D-4-1', amount: 12500, currency: 'DOP', status: 'SUCCESS', status_code: 200, description: 'refund_1' };
      refunds = [r];
      return json(200, r);
    });
    expect(await processor.refund({ chargeId: 'D-4-1', amountMinor: 1_250_000, idempotencyKey: 'refund_1' })).toEqual({ id: 'REF-1' });
    expect(await processor.refund({ chargeId: 'D-4-1', amountMinor: 1_250_000, idempotencyKey: 'refund_1' })).toEqual({ id: 'REF-1' });
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('says what dLocal does not document: no token look-up, no listing', async () => {
    const { processor } = adapter(() => json(500, {}));
    expect(await processor.describeToken('CV-tok')).toBeNull();
    expect(await processor.listCharges(new Date(0))).toEqual([]);
  });
});

describe('verifications and cards in the outcomes', () => {
  it('maps VERIFIED as succeeded, a pending verification to its 3-D Secure page, a refused one as failed', () => {
    expect(toChargeResult(paymentBody({ status: 'VERIFIED', status_code: '700' }), 'k').status).toBe('succeeded');
    expect(toVerificationResult(paymentBody({ status: 'PENDING', status_code: '101', three_dsecure: { redirect_url: 'https://3ds' } }), 'k')).toMatchObject({
      status: 'requires_action',
      actionUrl: 'https://3ds',
      savedToken: null,
    });
    expect(toVerificationResult(paymentBody({ status: 'REJECTED', status_code: '301' }), 'k')).toMatchObject({ status: 'failed', failureCode: 'declined', savedToken: null });
  });

  it("reads dLocal's brand codes, and nothing when the card is not all there", () => {
    expect(cardOf(paymentBody({ card: { brand: 'VI', last4: '4242', expiration_month: 1, expiration_year: 2031 } }))).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2031,
    });
    expect(cardOf(paymentBody({ card: { brand: 'ZZ', last4: '1111', expiration_month: 1, expiration_year: 2031 } }))?.brand).toBe('unknown');
    expect(cardOf(paymentBody({ card: { last4: '4242' } }))).toBeNull();
  });
});
