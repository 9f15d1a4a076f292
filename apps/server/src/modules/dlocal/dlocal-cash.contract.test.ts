import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toChargeResult } from './dlocal-outcomes.ts';
import { signRequest } from './dlocal-signature.ts';
import { TICKET_LIFETIME_MS } from './sandbox/sandbox-methods.ts';
import { NOTIFICATION_MAX_ATTEMPTS } from './sandbox/notification-delivery.ts';
import {
  BASE,
  cashPayment,
  client,
  clock,
  creds,
  deliver,
  HOUR,
  received,
  refusedSignatures,
  RECEIVER,
  sandbox,
  setUpContract,
  state,
  stored,
  t,
  app,
} from './dlocal-contract-kit.ts';

// Contract tests: our client against the stand-in, on a real PostgreSQL, in one small Fastify
// instance of their own (the stand-in's plugin and a notification receiver that checks dLocal's
// signature with verifySignature). Time is moved, never waited for.

setUpContract();

describe('cash tickets (Banco Popular)', () => {
  it('are PENDING with their ticket; paid at the counter they become PAID, and signed notifications arrive', async () => {
    const p = await cashPayment();
    const expires = new Date(state.nowMs + TICKET_LIFETIME_MS).toISOString().replace('Z', '+0000');
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
    state.nowMs += TICKET_LIFETIME_MS + 1000;
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
    state.receiverStatus = 500;
    const start = state.nowMs;
    const p = await cashPayment();
    const times: number[] = [];
    for (let attempt = 1; attempt <= NOTIFICATION_MAX_ATTEMPTS; attempt++) {
      const [n] = await sandbox.notifications(p.id);
      state.nowMs = n!.nextAttemptAt.getTime();
      // A minute before it is due, nothing is sent.
      state.nowMs -= 60_000;
      expect(await deliver()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
      state.nowMs += 60_000;
      times.push((state.nowMs - start) / HOUR);
      expect(await deliver()).toEqual({ delivered: 0, failed: attempt < NOTIFICATION_MAX_ATTEMPTS ? 1 : 0, gaveUp: attempt < NOTIFICATION_MAX_ATTEMPTS ? 0 : 1 });
    }
    expect(times).toEqual([0, 1, 2, 3, 4, 5, 6, 18, 30, 42, 54, 66]);
    const [n] = await sandbox.notifications(p.id);
    expect(n).toMatchObject({ attempts: 12, lastStatus: 500, deliveredAt: null, gaveUpAt: expect.any(Date) });
    state.nowMs += 100 * HOUR;
    expect(await deliver()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
  });

  it('stop once the receiver answers 2xx', async () => {
    state.receiverStatus = 503;
    const p = await cashPayment();
    expect(await deliver()).toMatchObject({ failed: 1 });
    state.nowMs += HOUR;
    expect(await deliver()).toMatchObject({ failed: 1 });
    state.receiverStatus = 200;
    state.nowMs += HOUR;
    expect(await deliver()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    const [n] = await sandbox.notifications(p.id);
    expect(n).toMatchObject({ attempts: 3, lastStatus: 200, deliveredAt: new Date(state.nowMs) });
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
    state.nowMs += 2 * HOUR;
    expect(await deliver()).toMatchObject({ delivered: 1 });
    expect(received.at(-1)).toMatchObject({ kind: 'payment', payment: { id: p.id, status: 'PAID' } });
  });

  it('the next N deliveries fail with the test hook', async () => {
    await cashPayment();
    await cashPayment();
    sandbox.failNextDeliveries(2);
    expect(await deliver()).toEqual({ delivered: 0, failed: 2, gaveUp: 0 });
    state.nowMs += HOUR;
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
