import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { DlocalClient } from './dlocal-client.ts';
import { readDlocalNotification, readDlocalPayoutNotification } from './dlocal-outcomes.ts';
import type { DlocalPayment, DlocalPayout, DlocalRefund } from './dlocal-types.ts';
import { DlocalSandbox } from './sandbox/dlocal-sandbox.ts';
import { DLOCAL_SANDBOX_CREDENTIALS } from './sandbox/sandbox-core.ts';
import { dlocalSandboxRoutes, dlocalSandboxTransport, injectTransport } from './sandbox/dlocal-sandbox.routes.ts';
import { deliverDueNotifications } from './sandbox/notification-delivery.ts';

// Contract tests: our client against the stand-in, on a real PostgreSQL, in one small Fastify
// instance of their own (the stand-in's plugin and two notification receivers that check dLocal's
// signature: Payins' and Payouts'). Time is moved, never waited for.
// What the contract test files share (dlocal.contract.test.ts: the signature, cards, refunds, one
// payment per order; dlocal-cash.contract.test.ts: cash tickets and notifications;
// dlocal-payouts.contract.test.ts: Payouts v3).

export const HOUR = 3600_000;
export const BASE = 'http://stand-in.test';
export const RECEIVER = `${BASE}/receiver/dlocal`;
/** Where the Payouts v3 notifications go (their own signature: Payload-Signature). */
export const PAYOUTS_RECEIVER = `${BASE}/receiver/payouts`;
export const quiet = { info: () => undefined, warn: () => undefined };
export const creds = DLOCAL_SANDBOX_CREDENTIALS;

export let t: TestDatabase;
export let app: FastifyInstance;
export let sandbox: DlocalSandbox;
export let client: DlocalClient;
/** The moving parts the tests set: the stand-in's clock and what our receiver answers. */
export const state = { nowMs: Date.UTC(2026, 10, 2, 14, 0, 0), receiverStatus: 200 };
export const clock = () => new Date(state.nowMs);

/** What the receiver accepted, and its idempotent store (one entry per object and status). */
export let received: ({ kind: 'payment'; payment: DlocalPayment } | { kind: 'refund'; refund: DlocalRefund })[] = [];
export let stored = new Map<string, string>();
export let refusedSignatures = 0;
/** The payouts the Payouts receiver accepted, in the order they arrived. */
export let receivedPayouts: DlocalPayout[] = [];

export const deliver = () => deliverDueNotifications(sandbox.deliveryDeps(injectTransport(app), quiet), clock());

export async function tokenFor(number: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/dlocal-sandbox/smart-fields/tokens',
    payload: { number, cvv: number.startsWith('3') ? '1234' : '123', expiration_month: 12, expiration_year: 2030, holder_name: 'Ana Pérez' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

export let orders = 0;
export const orderId = () => `pay_${Date.now().toString(36)}_${++orders}`;
export const payer = { name: 'Ana Pérez', email: 'ana@example.com', document: '00112345674', user_reference: 'u_123' };

export function cardPayment(token: string, extra: Partial<Parameters<DlocalClient['createCardPayment']>[0]> = {}) {
  return client.createCardPayment({ orderId: orderId(), amountMinor: 150_050, currency: 'DOP', country: 'DO', card: { token }, payer, notificationUrl: RECEIVER, ...extra });
}

export function cashPayment(extra: Partial<Parameters<DlocalClient['createCashPayment']>[0]> = {}) {
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

/** Registers the hooks: the database, the Fastify instance with the stand-in and the receiver, a clean start per test. */
export function setUpContract(): void {
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
        if (state.receiverStatus !== 200) return reply.status(state.receiverStatus).send();
        received.push(n);
        const [id, status] = n.kind === 'payment' ? [n.payment.id, n.payment.status] : [n.refund.id, n.refund.status];
        stored.set(`${id}:${status}`, status);
        return reply.send({ ok: true });
      });
      scope.post('/receiver/payouts', async (req, reply) => {
        const got = readDlocalPayoutNotification(req.headers, req.body as Buffer, { login: creds.login, secretKey: creds.secretKey });
        if (got.kind === 'invalid') return reply.status(401).send();
        receivedPayouts.push(got.payout);
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
    state.nowMs += 30 * 24 * HOUR;
    sandbox.clearFaults();
    state.receiverStatus = 200;
    await sandbox.sweepExpired();
    await t.db.execute(sql`UPDATE dlocal_sandbox.notifications SET gave_up_at = now() WHERE delivered_at IS NULL AND gave_up_at IS NULL`);
    received = [];
    receivedPayouts = [];
    stored = new Map();
    refusedSignatures = 0;
  });
}
