import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { ProcessorUnavailable } from '../payments/processor.ts';
import { DlocalApiError, DlocalClient } from './dlocal-client.ts';
import { readDlocalNotification, refundState, toChargeResult } from './dlocal-outcomes.ts';
import { signRequest, verifyCallback } from './dlocal-signature.ts';
import type { DlocalPayment, DlocalRefund } from './dlocal-types.ts';
import { DLOCAL_SANDBOX_CREDENTIALS, DlocalSandbox, TICKET_LIFETIME_MS } from './sandbox/dlocal-sandbox.ts';
import { dlocalSandboxRoutes, dlocalSandboxTransport, injectTransport } from './sandbox/dlocal-sandbox.routes.ts';
import { deliverDueNotifications, NOTIFICATION_MAX_ATTEMPTS } from './sandbox/notification-delivery.ts';

// Contract tests: our client against the stand-in, on a real PostgreSQL, in one small Fastify
// instance of their own (the stand-in's plugin and a notification receiver that checks dLocal's
// signature with verifySignature). Time is moved, never waited for.

const HOUR = 3600_000;
const BASE = 'http://stand-in.test';
const RECEIVER = `${BASE}/receiver/dlocal`;
const quiet = { info: () => undefined, warn: () => undefined };
const creds = DLOCAL_SANDBOX_CREDENTIALS;

let t: TestDatabase;
let app: FastifyInstance;
let sandbox: DlocalSandbox;
let client: DlocalClient;
let nowMs = Date.UTC(2026, 10, 2, 14, 0, 0);
const clock = () => new Date(nowMs);

/** What the receiver accepted, and its idempotent store (one entry per object and status). */
let received: ({ kind: 'payment'; payment: DlocalPayment } | { kind: 'refund'; refund: DlocalRefund })[] = [];
let stored = new Map<string, string>();
let receiverStatus = 200;
let refusedSignatures = 0;

const deliver = () => deliverDueNotifications(sandbox.deliveryDeps(injectTransport(app), quiet), clock());

async function tokenFor(number: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/dlocal-sandbox/smart-fields/tokens',
    payload: { number, cvv: number.startsWith('3') ? '1234' : '123', expiration_month: 12, expiration_year: 2030, holder_name: 'Ana Pérez' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

let orders = 0;
const orderId = () => `pay_${Date.now().toString(36)}_${++orders}`;
const payer = { name: 'Ana Pérez', email: 'ana@example.com', document: '00112345674', user_reference: 'u_123' };

function cardPayment(token: string, extra: Partial<Parameters<DlocalClient['createCardPayment']>[0]> = {}) {
  return client.createCardPayment({ orderId: orderId(), amountMinor: 150_050, currency: 'DOP', country: 'DO', card: { token }, payer, notificationUrl: RECEIVER, ...extra });
}

function cashPayment(extra: Partial<Parameters<DlocalClient['createCashPayment']>[0]> = {}) {
  return client.createCashPayment({
    orderId: orderId(),
    amountMinor: 250_000,
    currency: 'DOP',
    country: 'DO',
    paymentMethodId: 'ZP',
    flow: 'DIRECT',
    payer,
    notificationUrl: RECEIVER,
    ...extra,
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  sandbox = new DlocalSandbox(t.db, { publicUrl: `${BASE}/dlocal-sandbox`, now: clock });
  await app.register(dlocalSandboxRoutes(sandbox));
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/receiver/dlocal', async (req, reply) => {
      const n = readDlocalNotification(req.headers, req.body as Buffer, { login: creds.login, secretKey: creds.secretKey });
      if (n.kind === 'invalid') {
        refusedSignatures += 1;
        return reply.status(401).send();
      }
      if (receiverStatus !== 200) return reply.status(receiverStatus).send();
      received.push(n);
      const [id, status] = n.kind === 'payment' ? [n.payment.id, n.payment.status] : [n.refund.id, n.refund.status];
      stored.set(`${id}:${status}`, status);
      return reply.send({ ok: true });
    });
  });
  await app.ready();
  client = new DlocalClient({ baseUrl: `${BASE}/dlocal-sandbox`, credentials: creds, transport: dlocalSandboxTransport(app, sandbox), now: clock });
});

afterAll(async () => {
  await app?.close();
  await t?.drop();
});

beforeEach(async () => {
  // Every test starts with nothing left to deliver from the one before, and a receiver that answers 200.
  nowMs += 30 * 24 * HOUR;
  sandbox.clearFaults();
  receiverStatus = 200;
  await sandbox.sweepExpired();
  await t.db.execute(sql`UPDATE dlocal_sandbox.notifications SET gave_up_at = now() WHERE delivered_at IS NULL AND gave_up_at IS NULL`);
  received = [];
  stored = new Map();
  refusedSignatures = 0;
});

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

describe('cash tickets (Banco Popular)', () => {
  it('are PENDING with their ticket; paid at the counter they become PAID, and signed notifications arrive', async () => {
    const p = await cashPayment();
    const expires = new Date(nowMs + TICKET_LIFETIME_MS).toISOString().replace('Z', '+0000');
    expect(p).toMatchObject({
      status: 'PENDING',
      status_code: '100',
      payment_method_id: 'ZP',
      payment_method_type: 'TICKET',
      payment_method_flow: 'DIRECT',
      amount: 2500,
      ticket: { type: 'CUSTOM', format: 'CODE_128', expiration_date: expires, provider_name: 'Banco Popular', image_url: `${BASE}/dlocal-sandbox/tickets/${p.id}` },
    });
    expect(p.ticket!.number).toMatch(/^\d{16}$/);
    expect(p.ticket!.barcode).toMatch(/^\d{44}$/);
    expect(toChargeResult(p, 'k')).toMatchObject({ status: 'requires_action', actionUrl: p.ticket!.image_url });

    const page = await app.inject({ method: 'GET', url: `/dlocal-sandbox/tickets/${p.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(p.ticket!.number!);
    expect(page.body).toContain('Banco Popular');
    expect(page.body).toContain('Pagar en ventanilla');
    expect(page.body).toMatch(/RD\$\s?2,500\.00/);

    const paid = await app.inject({ method: 'POST', url: `/dlocal-sandbox/tickets/${p.id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(paid.statusCode).toBe(303);
    await expect(client.retrievePayment(p.id)).resolves.toMatchObject({ status: 'PAID', status_code: '200', approved_date: expect.any(String) });
    expect((await app.inject({ method: 'GET', url: `/dlocal-sandbox/tickets/${p.id}` })).body).toContain('Este pago ya se recibió.');

    expect(await deliver()).toEqual({ delivered: 2, failed: 0, gaveUp: 0 });
    expect(refusedSignatures).toBe(0);
    expect(received.map((n) => (n.kind === 'payment' ? [n.payment.id, n.payment.status] : null))).toEqual([
      [p.id, 'PENDING'],
      [p.id, 'PAID'],
    ]);
    const last = received.at(-1)!;
    expect(last.kind === 'payment' && last.payment).toMatchObject({ order_id: p.order_id, amount: 2500, notification_url: RECEIVER, payer: { user_reference: 'u_123' } });
    // What the stand-in keeps of the payer: our reference, never the name, document or e-mail.
    const rows = await t.db.execute(sql`SELECT * FROM dlocal_sandbox.payments WHERE id = ${p.id}`);
    expect(JSON.stringify(rows.rows)).not.toMatch(/Ana|00112345674|ana@example\.com/);
    // Nothing more is due.
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
  });

  it('REDIRECT gives the ticket page as redirect_url', async () => {
    const p = await cashPayment({ flow: 'REDIRECT', callbackUrl: `${BASE}/vuelta` });
    expect(p).toMatchObject({ status: 'PENDING', payment_method_flow: 'REDIRECT', redirect_url: `${BASE}/dlocal-sandbox/tickets/${p.id}` });
    expect(p.ticket).toBeUndefined();
  });

  it('expire: past their expiry they are EXPIRED (500) on read and by the sweep, and can no longer be paid', async () => {
    const a = await cashPayment();
    const b = await cashPayment();
    nowMs += TICKET_LIFETIME_MS + 1000;
    const read = await client.retrievePayment(a.id);
    expect(read).toMatchObject({ status: 'EXPIRED', status_code: '500' });
    expect(toChargeResult(read, 'k')).toMatchObject({ status: 'canceled', failureCode: 'expired' });
    expect(await sandbox.sweepExpired()).toBe(1); // b; a was expired on read
    await expect(client.retrievePaymentStatus(b.id)).resolves.toMatchObject({ status: 'EXPIRED' });

    await app.inject({ method: 'POST', url: `/dlocal-sandbox/tickets/${a.id}/pay` });
    await expect(client.retrievePaymentStatus(a.id)).resolves.toMatchObject({ status: 'EXPIRED' });
    const page = await app.inject({ method: 'GET', url: `/dlocal-sandbox/tickets/${a.id}` });
    expect(page.body).toContain('venció sin pagarse');
    expect(page.body).not.toContain('Pagar en ventanilla');

    await deliver();
    expect(received.filter((n) => n.kind === 'payment' && n.payment.status === 'EXPIRED').map((n) => n.kind === 'payment' && n.payment.id)).toEqual([a.id, b.id]);
  });

  it('expire now with the test hook', async () => {
    const p = await cashPayment();
    expect(await sandbox.expireNow(p.id)).toBe(true);
    await expect(client.retrievePaymentStatus(p.id)).resolves.toMatchObject({ status: 'EXPIRED' });
    expect(await sandbox.expireNow(p.id)).toBe(false);
  });

  it("can be forced with dLocal's sandbox tool", async () => {
    const p = await cashPayment();
    const body = JSON.stringify({ payment_id: p.id, status: 'PAID' });
    const post = () => app.inject({ method: 'POST', url: '/dlocal-sandbox/sandbox-tools/payments', headers: signRequest({ ...creds, date: clock(), body }), payload: body });
    expect((await post()).statusCode).toBe(200);
    const again = await post();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 5002, message: `Payment ${p.id} has not status PENDING. Actual status: PAID` });
  });
});

describe('notifications', () => {
  it("are retried on dLocal's schedule while the receiver answers 500: hourly 6 times, then every 12 hours, 12 attempts", async () => {
    receiverStatus = 500;
    const start = nowMs;
    const p = await cashPayment();
    const times: number[] = [];
    for (let attempt = 1; attempt <= NOTIFICATION_MAX_ATTEMPTS; attempt++) {
      const [n] = await sandbox.notifications(p.id);
      nowMs = n!.nextAttemptAt.getTime();
      // A minute before it is due, nothing is sent.
      nowMs -= 60_000;
      expect(await deliver()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
      nowMs += 60_000;
      times.push((nowMs - start) / HOUR);
      expect(await deliver()).toEqual({ delivered: 0, failed: attempt < NOTIFICATION_MAX_ATTEMPTS ? 1 : 0, gaveUp: attempt < NOTIFICATION_MAX_ATTEMPTS ? 0 : 1 });
    }
    expect(times).toEqual([0, 1, 2, 3, 4, 5, 6, 18, 30, 42, 54, 66]);
    const [n] = await sandbox.notifications(p.id);
    expect(n).toMatchObject({ attempts: 12, lastStatus: 500, deliveredAt: null, gaveUpAt: expect.any(Date) });
    nowMs += 100 * HOUR;
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
  });

  it('stop once the receiver answers 2xx', async () => {
    receiverStatus = 503;
    const p = await cashPayment();
    expect(await deliver()).toMatchObject({ failed: 1 });
    nowMs += HOUR;
    expect(await deliver()).toMatchObject({ failed: 1 });
    receiverStatus = 200;
    nowMs += HOUR;
    expect(await deliver()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    const [n] = await sandbox.notifications(p.id);
    expect(n).toMatchObject({ attempts: 3, lastStatus: 200, deliveredAt: new Date(nowMs) });
  });

  it('a replayed notification arrives twice and is stored once', async () => {
    const p = await cashPayment();
    await sandbox.payTicket(p.id);
    await deliver();
    expect(await sandbox.replayLatestNotification(p.id)).toBe(true);
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const paid = received.filter((n) => n.kind === 'payment' && n.payment.status === 'PAID');
    expect(paid).toHaveLength(2);
    expect(paid[0]).toEqual(paid[1]);
    expect([...stored.keys()].filter((k) => k.startsWith(p.id))).toEqual([`${p.id}:PENDING`, `${p.id}:PAID`]);
  });

  it('a late notification: the status is read before it arrives', async () => {
    const p = await cashPayment();
    await deliver();
    await sandbox.payTicket(p.id);
    expect(await sandbox.delayNotifications(p.id, 2 * HOUR)).toBe(1);
    expect(await deliver()).toMatchObject({ delivered: 0 });
    await expect(client.retrievePaymentStatus(p.id)).resolves.toMatchObject({ status: 'PAID' });
    nowMs += 2 * HOUR;
    expect(await deliver()).toMatchObject({ delivered: 1 });
    expect(received.at(-1)).toMatchObject({ kind: 'payment', payment: { id: p.id, status: 'PAID' } });
  });

  it('the next N deliveries fail with the test hook', async () => {
    await cashPayment();
    await cashPayment();
    sandbox.failNextDeliveries(2);
    expect(await deliver()).toEqual({ delivered: 0, failed: 2, gaveUp: 0 });
    nowMs += HOUR;
    expect(await deliver()).toEqual({ delivered: 2, failed: 0, gaveUp: 0 });
  });

  it('a forged notification is refused by our receiver', async () => {
    const body = JSON.stringify({ id: 'D-4-x', amount: 1, currency: 'DOP', status: 'PAID', status_code: '200' });
    const forged = signRequest({ ...creds, secretKey: 'guessed', date: clock(), body });
    const res = await app.inject({ method: 'POST', url: '/receiver/dlocal', headers: forged, payload: body });
    expect(res.statusCode).toBe(401);
    expect(received).toEqual([]);
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
