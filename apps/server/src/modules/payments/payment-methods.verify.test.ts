import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods, payments, sandboxVerifications } from '../../db/schema/index.ts';
import { CARDS, EXP, fund, hired, post, tokenize } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Issue 29, rule 7: saving a card runs the processor's zero-amount verification. The sandbox's
// declined, insufficient-funds and processing-error cards are refused at save with the processor's
// reason; the challenge card asks its challenge, and the card is usable only once it is confirmed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.app.payments.sandbox.clearFaults());

const URL = '/api/me/payment-methods';
const save = async (who: Person, number: string, extra: Record<string, unknown> = {}) => post(t, who, URL, { token: await tokenize(t, number), ...extra });
const list = async (who: Person) =>
  (await t.app.inject({ method: 'GET', url: URL, headers: who.headers })).json<{ items: { id: string; last4: string; isDefault: boolean }[] }>().items;
const rowsOf = (who: Person) => t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, who.id));
const verify = (who: Person, id: string) => post(t, who, `${URL}/${id}/verify`);
/** The sandbox's challenge page, as the browser opens it and presses one of its buttons. */
const answerChallenge = (actionUrl: string, answer: 'confirm' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `${actionUrl}/${answer}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

describe('a card is verified by the processor when saved', () => {
  it('saves the cards the processor verifies: Visa, Mastercard and American Express, with one zero-amount verification each', async () => {
    const client = await person(t, 'client');
    for (const [number, brand, last4] of [
      [CARDS.visa, 'visa', '4242'],
      [CARDS.mastercard, 'mastercard', '4444'],
      [CARDS.amex, 'amex', '0005'],
    ] as const) {
      const res = await save(client, number);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: 'Registro realizado con éxito.', method: { brand, last4, ...EXP } });
      // The sandbox recorded a succeeded verification under the card's own key, with no amount.
      const [v] = await t.db
        .select()
        .from(sandboxVerifications)
        .where(eq(sandboxVerifications.idempotencyKey, `verify_${res.json().method.id}`));
      expect(v).toMatchObject({ status: 'succeeded', failureCode: null });
    }
    expect((await list(client)).map((m) => [m.last4, m.isDefault])).toEqual([
      ['4242', true],
      ['4444', false],
      ['0005', false],
    ]);
    expect((await rowsOf(client)).every((r) => r.status === 'active')).toBe(true);
  });

  it('refuses the declined, insufficient-funds and processing-error cards with the reason a payment gets, saving nothing', async () => {
    const client = await person(t, 'client');
    const cases = [
      [CARDS.declined, 'La tarjeta fue rechazada. Prueba con otra tarjeta.'],
      [CARDS.insufficient, 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.'],
      [CARDS.processingError, 'El procesador de pagos no pudo completar el cobro. Inténtalo de nuevo.'],
    ] as const;
    for (const [number, message] of cases) {
      const res = await save(client, number, { makeDefault: true });
      expect(res.statusCode, number).toBe(402);
      expect(res.json().error).toEqual({ code: 'PAYMENT_FAILED', message });
    }
    expect(await rowsOf(client)).toEqual([]);
    expect(await list(client)).toEqual([]);
    // A good card after them is saved, and is the default.
    expect((await save(client, CARDS.visa)).json().method).toMatchObject({ last4: '4242', isDefault: true });
  });

  it('answers 503 with nothing saved when the processor does not answer the verification', async () => {
    const client = await person(t, 'client');
    for (const kind of ['network', 'timeout_before', 'timeout_after'] as const) {
      t.app.payments.sandbox.injectFault('verify', kind);
      const res = await save(client, CARDS.visa);
      expect(res.statusCode, kind).toBe(503);
      expect(res.json().error).toEqual({
        code: 'UNAVAILABLE',
        message: 'No pudimos verificar la tarjeta con el procesador de pagos. No la guardamos: inténtalo de nuevo en un momento.',
      });
    }
    expect(await rowsOf(client)).toEqual([]);
    // The processor answers again: the same card is saved.
    expect((await save(client, CARDS.visa)).statusCode).toBe(201);
  });
});

describe('the challenge card', () => {
  it('asks its challenge: 202 with the page, the card pending and unusable; confirmed, it becomes the active default card', async () => {
    const client = await person(t, 'client');
    const res = await save(client, CARDS.challenge);
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toEqual({
      message: 'Tu banco pide confirmar la tarjeta antes de guardarla.',
      methodId: expect.any(String),
      status: 'pending_verification',
      actionUrl: expect.stringMatching(/^\/sandbox-processor\/v1\/challenges\/seti_[0-9a-f]{24}$/),
    });
    // Pending: kept, but not listed, not the default, not usable for a payment.
    expect(await rowsOf(client)).toEqual([expect.objectContaining({ id: body.methodId, status: 'pending_verification', isDefault: false, last4: '3220' })]);
    expect(await list(client)).toEqual([]);
    const makeDefault = await t.app.inject({ method: 'PUT', url: `${URL}/${body.methodId}/default`, headers: client.headers });
    expect(makeDefault.statusCode).toBe(404);
    // Asking before the challenge is answered: still waiting, with the page again.
    const early = await verify(client, body.methodId);
    expect(early.statusCode).toBe(202);
    expect(early.json()).toMatchObject({ message: 'Tu banco todavía espera que confirmes la tarjeta.', actionUrl: body.actionUrl });

    // The processor's page names the card, charges nothing, and returns to the saved-cards page.
    const page = await t.app.inject({ method: 'GET', url: body.actionUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirmar tarjeta');
    expect(page.body).toContain('Visa •••• 3220');
    expect(page.body).toContain('No se hará ningún cargo.');
    const confirmed = await answerChallenge(body.actionUrl, 'confirm');
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/perfil/formas-pago?verificacion=${body.methodId}`);
    // Nothing changes on our side until our server asks the processor.
    expect(await list(client)).toEqual([]);

    // Another client cannot confirm it.
    expect((await verify(await person(t, 'client'), body.methodId)).statusCode).toBe(404);
    const ok = await verify(client, body.methodId);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Registro realizado con éxito.', method: { id: body.methodId, brand: 'visa', last4: '3220', isDefault: true } });
    expect(await list(client)).toEqual([expect.objectContaining({ id: body.methodId, isDefault: true })]);
    // Once: asking again answers the same, and cancelling on the page afterwards changes nothing.
    await answerChallenge(body.actionUrl, 'cancel');
    expect((await verify(client, body.methodId)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: body.actionUrl })).body).toContain('Esta tarjeta ya fue confirmada.');
  });

  it('a cancelled challenge removes the card and says why', async () => {
    const client = await person(t, 'client');
    await save(client, CARDS.visa);
    const body = (await save(client, CARDS.challenge)).json();
    await answerChallenge(body.actionUrl, 'cancel');
    expect((await verify(await person(t, 'client'), body.methodId)).statusCode).toBe(404);
    const res = await verify(client, body.methodId);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({ code: 'PAYMENT_FAILED', message: 'Cancelaste la confirmación de la tarjeta. No la guardamos.' });
    expect((await rowsOf(client)).map((r) => r.last4)).toEqual(['4242']);
    expect((await verify(client, body.methodId)).statusCode).toBe(404);
  });

  it('a pending card is refused for funding, with its reason; once confirmed it pays', async () => {
    const { client, projectId } = await hired(t);
    const body = (await save(client, CARDS.challenge)).json();
    const refused = await fund(t, client, projectId, { paymentMethodId: body.methodId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Esta tarjeta todavía no está verificada: confirma la tarjeta con tu banco o usa otra.');
    expect(await t.db.select().from(payments).where(eq(payments.projectId, projectId))).toEqual([]);

    await answerChallenge(body.actionUrl, 'confirm');
    expect((await verify(client, body.methodId)).statusCode).toBe(200);
    // The verification was the card's challenge; the charge asks its own (the challenge card always does).
    const paid = await fund(t, client, projectId, { paymentMethodId: body.methodId });
    expect(paid.statusCode).toBe(202);
    expect(paid.json()).toMatchObject({ status: 'requires_action', actionUrl: expect.stringMatching(/\/challenges\/ch_/) });
  });

  it('asking the processor after the challenge may fail: 503, and the card stays pending for the next try', async () => {
    const client = await person(t, 'client');
    const body = (await save(client, CARDS.challenge)).json();
    await answerChallenge(body.actionUrl, 'confirm');
    t.app.payments.sandbox.injectFault('retrieve_verification', 'network');
    const res = await verify(client, body.methodId);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('No pudimos consultar la tarjeta con el procesador de pagos. Inténtalo de nuevo en un momento.');
    expect((await rowsOf(client)).map((r) => r.status)).toEqual(['pending_verification']);
    expect((await verify(client, body.methodId)).statusCode).toBe(200);
  });

  it('two confirmations at once activate the card once', async () => {
    const client = await person(t, 'client');
    const body = (await save(client, CARDS.challenge)).json();
    await answerChallenge(body.actionUrl, 'confirm');
    const answers = await Promise.all([0, 1, 2, 3].map(() => verify(client, body.methodId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await list(client)).toEqual([expect.objectContaining({ id: body.methodId, isDefault: true })]);
  });

  it('refuses a malformed id and a contractor', async () => {
    const client = await person(t, 'client');
    expect((await verify(client, 'no-es-un-id')).statusCode).toBe(400);
    const body = (await save(client, CARDS.challenge)).json();
    expect((await verify(await person(t, 'contractor'), body.methodId)).statusCode).toBe(403);
  });
});
