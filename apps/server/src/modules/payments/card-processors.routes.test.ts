import { eq } from 'drizzle-orm';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dlocalSandboxPayments, paymentMethods, payments, processorRefunds, sandboxCharges } from '../../db/schema/index.ts';
import { CARDS, EXP, escrow, fund, hired, newKey, post, sysadmin, tokenizeAtProcessor } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from './ledger-check.ts';
import { flushRefunds } from './payments.service.ts';

// Card funding through either processor (issue 47, decision 053): the card sandbox (PROCESSOR=sandbox)
// and dLocal's Payins API through its built-in stand-in (PROCESSOR=dlocal, DLOCAL_API_URL=sandbox).
// The same API answers, the same ledger: success, refusal, a 3-D Secure challenge completed, a
// refund when the hire ends, and 50 concurrent fundings charging once.

type Kind = 'sandbox' | 'dlocal';

describe.each<Kind>(['sandbox', 'dlocal'])('cards with PROCESSOR=%s', (kind) => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await createTestAppWithMail({ PROCESSOR: kind });
  });
  afterAll(() => t.close());

  /** The browser's tokenize call at the processor the server names (GET /api/payments/tokenizer). */
  async function tokenizeCard(number: string): Promise<string> {
    const { token, processor } = await tokenizeAtProcessor(t, number);
    expect(processor).toBe(kind);
    return token;
  }

  /** The payer answers the bank's challenge on the processor's page; where the browser lands back on our site. */
  async function answerChallenge(actionUrl: string, answer: 'confirm' | 'cancel'): Promise<string> {
    const page = new URL(actionUrl, t.config.appUrl).pathname;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await t.app.inject({ method: 'POST', url: `${page}/${answer}`, headers: form, payload: '' });
    expect(res.statusCode).toBe(303);
    if (kind === 'sandbox') return res.headers.location!;
    // dLocal's page shows the outcome and posts the payer back to the payment's callback_url (from dLocal's site).
    const shown = await t.app.inject({ method: 'GET', url: page });
    const action = /<form method="post" action="([^"]+)">/.exec(shown.body)?.[1]?.replace(/&#38;/g, '&');
    expect(action).toBeDefined();
    const back = await t.app.inject({
      method: 'POST',
      url: new URL(action!).pathname + new URL(action!).search,
      headers: { ...form, origin: 'https://sandbox.dlocal.com' },
      payload: 'paymentId=x&status=APPROVED',
    });
    expect(back.statusCode, back.body).toBe(303);
    return back.headers.location!;
  }

  /** How many charges the processor made for our payment. */
  async function chargesFor(paymentId: string): Promise<number> {
    if (kind === 'sandbox')
      return (
        await t.db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.idempotencyKey, `pay_${paymentId}`))
      ).length;
    return (
      await t.db
        .select()
        .from(dlocalSandboxPayments)
        .where(eq(dlocalSandboxPayments.orderId, `pay_${paymentId}`))
    ).length;
  }

  it('funds with a new card: the escrow holds the price, once', async () => {
    const { client, projectId } = await hired(t);
    const res = await fund(t, client, projectId, { token: await tokenizeCard(CARDS.visa) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded', amountMinor: 1_250_000, currency: 'DOP' });
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    expect(await chargesFor(res.json().paymentId)).toBe(1);
  });

  it('a declined card and one without funds are refused with their reason, holding nothing', async () => {
    const { client, projectId } = await hired(t);
    const declined = await fund(t, client, projectId, { token: await tokenizeCard(CARDS.declined) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({ code: 'PAYMENT_FAILED', message: 'La tarjeta fue rechazada. Prueba con otra tarjeta.' });
    const poor = await fund(t, client, projectId, { token: await tokenizeCard(CARDS.insufficient) });
    expect(poor.json().error.message).toBe('La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.');
    expect((await escrow(t, projectId)).fundedMinor).toBe(0);
  });

  it('a 3-D Secure challenge completed: back on the project page, confirm records the funding once', async () => {
    const { client, projectId } = await hired(t);
    const res = await fund(t, client, projectId, { token: await tokenizeCard(CARDS.challenge) });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ status: 'requires_action', actionUrl: expect.any(String) });
    const landed = await answerChallenge(body.actionUrl, 'confirm');
    expect(landed).toBe(`/proyectos/${projectId}?pago=${body.paymentId}`);
    const confirmed = await post(t, client, `/api/payments/${body.paymentId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded' });
    expect((await post(t, client, `/api/payments/${body.paymentId}/confirm`)).json().status).toBe('succeeded');
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000 });
  });

  it('a cancelled challenge is a refused payment', async () => {
    const { client, projectId } = await hired(t);
    const body = (await fund(t, client, projectId, { token: await tokenizeCard(CARDS.challenge) })).json();
    await answerChallenge(body.actionUrl, 'cancel');
    const cancelled = await post(t, client, `/api/payments/${body.paymentId}/confirm`);
    expect(cancelled.statusCode).toBe(402);
    expect((await escrow(t, projectId)).fundedMinor).toBe(0);
  });

  it('cancelling a hired, funded project refunds the card in full', async () => {
    const { client, projectId } = await hired(t);
    expect((await fund(t, client, projectId, { token: await tokenizeCard(CARDS.visa) })).statusCode).toBe(200);
    const res = await post(t, await sysadmin(t), `/api/admin/projects/${projectId}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: 1_250_000 });
    // The cancel starts a sweep of its own; this one may find its refund taken (SKIP LOCKED) and
    // leave it to that sweep: the refund is one, and it succeeds.
    await flushRefunds(t.app.payments.deps);
    const refundStates = async () =>
      (await t.db.select().from(processorRefunds).innerJoin(payments, eq(payments.id, processorRefunds.paymentId)).where(eq(payments.projectId, projectId))).map(
        (r) => r.processor_refunds.status,
      );
    await expect.poll(refundStates, { timeout: 15_000 }).toEqual(['succeeded']);
    // Asked again (two sweeps), the processor refunds once.
    await flushRefunds(t.app.payments.deps);
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: 1_250_000, heldMinor: 0 });
  });

  it('50 concurrent requests with one idempotency key charge once and all get the same answer', async () => {
    const { client, projectId } = await hired(t);
    const token = await tokenizeCard(CARDS.visa);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fund(t, client, projectId, { token }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.json().paymentId)).size).toBe(1);
    expect(await chargesFor(answers[0]!.json().paymentId)).toBe(1);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000 });
  });

  it("in Colombia asks the payer's cédula de ciudadanía, as dLocal does: without a valid one a 400 naming it and nothing stored; with it the card pays in COP", async () => {
    const client = await person(t, 'client', 'Valentina');
    const contractor = await person(t, 'contractor', 'Andrés');
    const projectId = await postProject(t, client, { country: 'CO', city: 'bogota', zone: null });
    const quoteId = await postQuote(t, contractor, projectId, { priceMinor: 200_000_000 });
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    const token = await tokenizeCard(CARDS.visa);
    const none = await fund(t, client, projectId, { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ payerDocument: tp.fund.payerDocumentRequired('cédula de ciudadanía', 'Colombia') });
    const wrong = await fund(t, client, projectId, { token, payerDocument: 'ABC123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ payerDocument: idDocuments.co_cc.invalid });
    expect(await t.db.$count(payments, eq(payments.projectId, projectId))).toBe(0);
    // Written with dots, it is taken. dLocal's stand-in refuses a Colombian card payment without a
    // valid payer.document (the contract test), so its PAID is the document sent.
    const paid = await fund(t, client, projectId, { token, payerDocument: '1.020.304.050' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountMinor: 200_000_000, currency: 'COP' });
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 200_000_000 });
  });

  it('saves a card verified with no charge, then funds with it', async () => {
    const client = await person(t, 'client');
    const saved = await post(t, client, '/api/me/payment-methods', { token: await tokenizeCard(CARDS.mastercard) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().method).toMatchObject({ brand: 'mastercard', last4: '4444', ...EXP, isDefault: true });
    const { projectId } = await hired(t);
    // Another client's project: this client's card funds their own project only.
    const own = await hired(t);
    const methodId = saved.json().method.id;
    expect((await fund(t, client, projectId, { paymentMethodId: methodId })).statusCode).toBe(404);
    const ownSaved = await post(t, own.client, '/api/me/payment-methods', { token: await tokenizeCard(CARDS.visa) });
    const paid = await fund(t, own.client, own.projectId, { paymentMethodId: ownSaved.json().method.id });
    expect(paid.statusCode, paid.body).toBe(200);
    if (kind === 'dlocal') {
      // The card is kept as dLocal's card_id (a Smart Fields token is for one use), never as a number.
      const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, ownSaved.json().method.id));
      expect(row!.processorToken).toMatch(/^card_id:CID-/);
    }
  });

  it('a card whose bank challenges the verification is saved once the challenge is answered', async () => {
    const client = await person(t, 'client');
    const pending = await post(t, client, '/api/me/payment-methods', { token: await tokenizeCard(CARDS.challenge) });
    expect(pending.statusCode, pending.body).toBe(202);
    const { methodId, actionUrl } = pending.json();
    const landed = await answerChallenge(actionUrl, 'confirm');
    expect(landed).toBe(`/perfil/formas-pago?verificacion=${methodId}`);
    const verified = await post(t, client, `/api/me/payment-methods/${methodId}/verify`, {});
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().method).toMatchObject({ last4: '3220' });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  if (kind === 'dlocal') {
    it("dLocal's notification after 3-D Secure settles the payment without the client coming back, once", async () => {
      const { client, projectId } = await hired(t);
      const body = (await fund(t, client, projectId, { token: await tokenizeCard(CARDS.challenge) })).json();
      const page = new URL(body.actionUrl).pathname;
      await t.app.inject({ method: 'POST', url: `${page}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      // The stand-in wakes its delivery at once, as dLocal notifies within moments: the client never comes back.
      await expect.poll(async () => (await escrow(t, projectId)).fundedMinor, { timeout: 15_000 }).toBe(1_250_000);
      const [row] = await t.db.select().from(payments).where(eq(payments.id, body.paymentId));
      expect(row!.status).toBe('succeeded');
      // A replay, and the client's return after all: nothing is held twice.
      await t.app.payments.dlocalSandbox!.replayLatestNotification(row!.processorRef!);
      await runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: new Date().toISOString() });
      expect((await post(t, client, `/api/payments/${body.paymentId}/confirm`)).json().status).toBe('succeeded');
      expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000 });
      expect(await checkLedger(t.db)).toEqual([]);
    });

    it('the callback only sends the browser to a path of this site', async () => {
      for (const a of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
        const res = await t.app.inject({ method: 'POST', url: `/api/payments/dlocal/callback?a=${encodeURIComponent(a)}`, headers: { origin: 'https://sandbox.dlocal.com' } });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe('/');
      }
    });

    it('the card sandbox is not mounted: its tokenize route is not there', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/sandbox-processor/v1/tokens', payload: { number: CARDS.visa, cvc: '846', ...EXP } });
      expect(res.statusCode).toBe(404);
    });
  }
});
