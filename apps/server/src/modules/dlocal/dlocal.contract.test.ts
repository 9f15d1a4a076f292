import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ProcessorUnavailable } from '../payments/processor.ts';
import { DlocalApiError, DlocalClient } from './dlocal-client.ts';
import { refundState, toChargeResult } from './dlocal-outcomes.ts';
import { signRequest, verifyCallback } from './dlocal-signature.ts';
import type { DlocalPayment } from './dlocal-types.ts';
import { dlocalSandboxTransport } from './sandbox/dlocal-sandbox.routes.ts';
import {
  BASE,
  cardPayment,
  cashPayment,
  client,
  clock,
  creds,
  deliver,
  orderId,
  payer,
  received,
  RECEIVER,
  sandbox,
  setUpContract,
  t,
  tokenFor,
  app,
} from './dlocal-contract-kit.ts';

// Contract tests: our client against the stand-in, on a real PostgreSQL, in one small Fastify
// instance of their own (the stand-in's plugin and a notification receiver that checks dLocal's
// signature with verifySignature). Time is moved, never waited for.

setUpContract();

describe('the signature', () => {
  it('is accepted with the credentials, refused (403, 3001) with another secret or transaction key', async () => {
    const token = await tokenFor('4242424242424242');
    await expect(cardPayment(token)).resolves.toMatchObject({ status: 'PAID' });

    for (const wrong of [{ secretKey: 'not-the-secret' }, { transKey: 'not-the-key' }, { login: 'someone-else' }]) {
      const other = new DlocalClient({ baseUrl: `${BASE}/dlocal-sandbox`, credentials: { ...creds, ...wrong }, transport: dlocalSandboxTransport(app, sandbox), now: clock });
      const err = await other.createCardPayment({ orderId: orderId(), amountMinor: 100, currency: 'DOP', country: 'DO', card: { token }, payer }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DlocalApiError);
      expect(err).toMatchObject({ httpStatus: 403, code: 3001 });
    }
  });

  it('covers the body: a body changed after signing is refused', async () => {
    const body = JSON.stringify({ payment_id: 'D-4-x', amount: 1 });
    const headers = signRequest({ ...creds, date: clock(), body });
    const res = await app.inject({ method: 'POST', url: '/dlocal-sandbox/refunds', headers, payload: body.replace('"amount":1', '"amount":1000') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 3001, message: 'Invalid Credentials.' });
    const unsigned = await app.inject({ method: 'GET', url: '/dlocal-sandbox/payments/D-4-x' });
    expect(unsigned.statusCode).toBe(403);
  });

  it('wants X-Version 2.1 (5017)', async () => {
    const headers = signRequest({ ...creds, date: clock(), body: '' });
    const res = await app.inject({ method: 'GET', url: '/dlocal-sandbox/payments/D-4-x', headers: { ...headers, 'x-version': '1.0' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 5017 });
  });
});

describe('card payments', () => {
  it('pays with a token: PAID (200), the amount in pesos, the card by brand and last 4 only', async () => {
    const token = await tokenFor('4242424242424242');
    const p = await cardPayment(token);
    expect(p).toMatchObject({
      amount: 1500.5,
      currency: 'DOP',
      country: 'DO',
      payment_method_id: 'CARD',
      payment_method_type: 'CARD',
      payment_method_flow: 'DIRECT',
      status: 'PAID',
      status_code: '200',
      status_detail: 'The payment was paid.',
      card: { brand: 'VI', last4: '4242', expiration_month: 12, expiration_year: 2030 },
    });
    expect(p.id).toMatch(/^D-4-[0-9a-f-]{36}$/);
    expect(JSON.stringify(p)).not.toContain('4242424242424242');
    expect(toChargeResult(p, 'k')).toMatchObject({ status: 'succeeded', amountMinor: 150_050, failureCode: null });
    await expect(client.retrievePaymentStatus(p.id)).resolves.toEqual({ id: p.id, status: 'PAID', status_code: '200', status_detail: 'The payment was paid.' });
  });

  it.each([
    ['a declined card', '4000000000000002', undefined, '301', 'declined'],
    ['a card without funds', '4000000000009995', undefined, '302', 'insufficient_funds'],
    ['a processing error', '4000000000000119', undefined, '321', 'processing_error'],
    ["dLocal's sandbox trick, the status code in the description", '4242424242424242', '302', '302', 'insufficient_funds'],
  ])('is REJECTED with the documented status code for %s', async (_label, number, description, code, failure) => {
    const p = await cardPayment(await tokenFor(number), description === undefined ? {} : { description });
    expect(p).toMatchObject({ status: 'REJECTED', status_code: code });
    expect(toChargeResult(p, 'k')).toMatchObject({ status: 'failed', failureCode: failure });
  });

  it('asks for 3-D Secure: PENDING (101) with the challenge page, then PAID once confirmed there', async () => {
    const callbackUrl = `${BASE}/pagos/vuelta`;
    const p = await cardPayment(await tokenFor('4000000000003220'), { callbackUrl });
    expect(p).toMatchObject({ status: 'PENDING', status_code: '101', three_dsecure: { redirect_url: `${BASE}/dlocal-sandbox/three-ds/${p.id}` } });
    expect(toChargeResult(p, 'k')).toMatchObject({ status: 'requires_action', actionUrl: p.three_dsecure!.redirect_url });

    const page = await app.inject({ method: 'GET', url: `/dlocal-sandbox/three-ds/${p.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Confirmar pago');
    expect(page.body).toContain('Visa •••• 3220');
    expect(page.body).toContain('name="viewport"');

    const answer = await app.inject({
      method: 'POST',
      url: `/dlocal-sandbox/three-ds/${p.id}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/dlocal-sandbox/three-ds/${p.id}`);
    await expect(client.retrievePayment(p.id)).resolves.toMatchObject({ status: 'PAID', status_code: '200' });

    // Answering again changes nothing; the page sends the payer back with dLocal's signed callback.
    await app.inject({ method: 'POST', url: `/dlocal-sandbox/three-ds/${p.id}/cancel` });
    await expect(client.retrievePaymentStatus(p.id)).resolves.toMatchObject({ status: 'PAID' });
    const done = await app.inject({ method: 'GET', url: `/dlocal-sandbox/three-ds/${p.id}` });
    expect(done.body).toContain('Este pago ya fue confirmado.');
    const fields = Object.fromEntries([...done.body.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(fields).toMatchObject({ paymentId: p.id, status: 'APPROVED' });
    expect(done.body).toContain(`action="${callbackUrl}"`);
    expect(verifyCallback(fields, creds)).toBe(true);
    expect(verifyCallback({ ...fields, status: 'REJECTED' }, creds)).toBe(false);

    // The notifications: PENDING, then PAID.
    await deliver();
    expect(received.map((n) => n.kind === 'payment' && n.payment.status)).toEqual(['PENDING', 'PAID']);
  });

  it('is REJECTED when the payer cancels the challenge', async () => {
    const p = await cardPayment(await tokenFor('4000000000003220'));
    await app.inject({ method: 'POST', url: `/dlocal-sandbox/three-ds/${p.id}/cancel` });
    const after = await client.retrievePayment(p.id);
    expect(after).toMatchObject({ status: 'REJECTED', status_code: '300' });
    expect(after.three_dsecure).toBeUndefined();
  });

  it('refuses what the docs refuse, in their error shape', async () => {
    const token = await tokenFor('4242424242424242');
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ order_id: undefined }, 5001, 'order_id'],
      [{ payer: { email: 'ana@example.com' } }, 5001, 'payer.name'],
      [{ amount: 'mucho' }, 5000, 'amount'],
      [{ amount: 0 }, 5016, 'amount'],
      [{ country: 'US' }, 5003, 'country'],
      [{ currency: 'EUR' }, 5004, 'currency'],
      [{ card: { token: 'CV-unknown' } }, 5008, 'card.token'],
      [{ card: { number: '4242424242424242', cvv: '123' } }, 5013, 'card'],
      [{ payment_method_id: 'XX' }, 5010, 'payment_method_id'],
    ];
    for (const [change, code, param] of cases) {
      const body = {
        amount: 100,
        currency: 'DOP',
        country: 'DO',
        payment_method_id: 'CARD',
        payment_method_flow: 'DIRECT',
        payer,
        card: { token },
        order_id: orderId(),
        ...change,
      };
      const err = await client.createPayment(body as never).catch((e: unknown) => e);
      expect(err, JSON.stringify(change)).toBeInstanceOf(DlocalApiError);
      expect(err, JSON.stringify(change)).toMatchObject({ httpStatus: 400, code, param });
    }
    await expect(client.retrievePayment('D-4-00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ httpStatus: 404, code: 4000 });
  });

  it("in Colombia and Mexico needs the payer's document, as their country pages say: missing 5001, invalid 5000, valid PAID", async () => {
    // dLocal's Country Reference and its Colombia and Mexico pages: "document required? Yes", cards included (decision 067).
    const withoutDocument = { name: payer.name, email: payer.email, user_reference: payer.user_reference };
    const refused = async (country: 'CO' | 'MX', document: string | undefined) =>
      (await cardPayment(await tokenFor('4242424242424242'), {
        amountMinor: 200_000_000,
        currency: country === 'CO' ? 'COP' : 'MXN',
        country,
        payer: { ...withoutDocument, ...(document === undefined ? {} : { document }) },
      }).catch((e: unknown) => e)) as DlocalApiError;
    expect(await refused('CO', undefined)).toMatchObject({ httpStatus: 400, code: 5001, param: 'payer.document' });
    expect(await refused('MX', undefined)).toMatchObject({ httpStatus: 400, code: 5001, param: 'payer.document' });
    expect(await refused('CO', 'ABC123')).toMatchObject({ httpStatus: 400, code: 5000, param: 'payer.document' });
    expect(await refused('MX', 'GOMA850312HDFRRN08')).toMatchObject({ httpStatus: 400, code: 5000, param: 'payer.document' });
    const token = await tokenFor('4242424242424242');
    await expect(cardPayment(token, { amountMinor: 200_000_000, currency: 'COP', country: 'CO', payer: { ...withoutDocument, document: '1020304050' } })).resolves.toMatchObject({
      status: 'PAID',
      currency: 'COP',
      country: 'CO',
    });
    // The Dominican Republic does not require it (the page's "optional").
    await expect(cardPayment(await tokenFor('4242424242424242'), { payer: withoutDocument })).resolves.toMatchObject({ status: 'PAID' });
  });

  it('never takes a card number on the API, and tokenizes only valid cards', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/dlocal-sandbox/smart-fields/tokens',
      payload: { number: '4242424242424241', cvv: '123', expiration_month: 12, expiration_year: 2030 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 5000, param: 'number' });
    const rows = await t.db.execute(sql`SELECT * FROM dlocal_sandbox.card_tokens`);
    expect(JSON.stringify(rows.rows)).not.toMatch(/4242424242424242|"cvv"/);
  });
});

describe('refunds', () => {
  it('of a card payment succeed at once; more than was paid is refused', async () => {
    const p = await cardPayment(await tokenFor('5555555555554444'));
    const r = await client.createRefund({ paymentId: p.id, amountMinor: 50_000, currency: 'DOP', notificationUrl: RECEIVER, description: 'refund_r1' });
    expect(r).toMatchObject({ payment_id: p.id, amount: 500, currency: 'DOP', status: 'SUCCESS', status_code: '200', order_id: p.order_id, description: 'refund_r1' });
    expect(r.id).toMatch(/^REF-/);
    expect(refundState(r)).toBe('succeeded');
    await expect(client.retrieveRefund(r.id)).resolves.toMatchObject({ id: r.id, status: 'SUCCESS' });
    await expect(client.findRefund(p.id, 'refund_r1')).resolves.toMatchObject({ id: r.id });
    await expect(client.findRefund(p.id, 'refund_r2')).resolves.toBeNull();
    await expect(client.createRefund({ paymentId: p.id, amountMinor: 100_051, currency: 'DOP' })).rejects.toMatchObject({ httpStatus: 400, code: 5007 });
    // The rest, by default the whole remainder.
    await expect(client.createRefund({ paymentId: p.id })).resolves.toMatchObject({ amount: 1000.5, status: 'SUCCESS' });
    await expect(client.createRefund({ paymentId: p.id })).rejects.toMatchObject({ code: 5007 });
    await deliver();
    expect(received.filter((n) => n.kind === 'refund').map((n) => n.kind === 'refund' && [n.refund.id, n.refund.status])).toEqual([[r.id, 'SUCCESS']]);
  });

  it('of a cash payment wait for the bank transfer: PENDING, then notified when it is done', async () => {
    const p = await cashPayment();
    await expect(client.createRefund({ paymentId: p.id, notificationUrl: RECEIVER })).rejects.toMatchObject({ code: 5002 });
    await sandbox.payTicket(p.id);
    const r = await client.createRefund({ paymentId: p.id, notificationUrl: RECEIVER });
    expect(r).toMatchObject({ status: 'PENDING', status_code: '100', amount: 2500 });
    expect(await sandbox.settleRefund(r.id, 'SUCCESS')).toBe(true);
    expect(await sandbox.settleRefund(r.id, 'REJECTED')).toBe(false);
    await expect(client.retrieveRefund(r.id)).resolves.toMatchObject({ status: 'SUCCESS' });
    await deliver();
    expect(received.filter((n) => n.kind === 'refund').map((n) => n.kind === 'refund' && n.refund.status)).toEqual(['PENDING', 'SUCCESS']);
    await expect(client.retrievePayment(p.id)).resolves.toMatchObject({ refunds: [{ id: r.id, status: 'SUCCESS' }] });
  });
});

describe('one order, one payment', () => {
  it('50 identical create requests at once make one payment: the others get 5009, and createPaymentOnce gives them that payment', async () => {
    const token = await tokenFor('4242424242424242');
    const body = {
      amount: 999.99,
      currency: 'DOP',
      country: 'DO',
      payment_method_id: 'CARD',
      payment_method_flow: 'DIRECT' as const,
      payer,
      card: { token },
      order_id: orderId(),
      notification_url: RECEIVER,
    };
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.createPayment(body)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.reason).toMatchObject({ httpStatus: 400, code: 5009 });
    const count = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM dlocal_sandbox.payments WHERE order_id = ${body.order_id}`);
    expect(count.rows[0]!.n).toBe(1);

    const again = await Promise.all(Array.from({ length: 50 }, () => client.createPaymentOnce(body)));
    expect(new Set(again.map((a) => a.payment.id))).toEqual(new Set([(ok[0] as PromiseFulfilledResult<DlocalPayment>).value.id]));
    expect(again.every((a) => !a.created)).toBe(true);
    await deliver();
    expect(received).toHaveLength(1);
  });

  it('a lost answer (timeout after the work) is recovered by the order, never paid twice', async () => {
    const token = await tokenFor('4242424242424242');
    const body = { amount: 10, currency: 'DOP', country: 'DO', payment_method_id: 'CARD', payment_method_flow: 'DIRECT' as const, payer, card: { token }, order_id: orderId() };
    sandbox.injectFault('create_payment', 'timeout_after');
    const lost = await client.createPayment(body).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(ProcessorUnavailable);
    expect(lost).toMatchObject({ kind: 'timeout' });
    const found = await client.createPaymentOnce(body);
    expect(found).toMatchObject({ created: false, payment: { status: 'PAID', order_id: body.order_id } });
    await expect(client.createPaymentOnce({ ...body, amount: 11 })).rejects.toMatchObject({ code: 5009 });

    sandbox.injectFault('retrieve', 'network');
    await expect(client.retrievePayment(found.payment.id)).rejects.toMatchObject({ name: 'ProcessorUnavailable', kind: 'network' });
    sandbox.injectFault('refund', 'server_error');
    const failed = await client.createRefund({ paymentId: found.payment.id }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ httpStatus: 500, code: 7000, outcomeUnknown: true });
  });
});
