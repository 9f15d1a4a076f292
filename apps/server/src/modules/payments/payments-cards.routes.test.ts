import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, users } from '../../db/schema/index.ts';
import { CARDS, escrow, EXP, fund, hired, post, tokenize, tokenizeRaw } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { get, log, setUpPaymentsApp, t } from './payments-test-kit.ts';

// The sandbox processor (its card checks, the bank's challenge page, refused cards) and a
// client's saved cards, never a card number or CVC stored or logged.

setUpPaymentsApp();

describe('the sandbox processor', () => {
  it('tokenizes the documented test cards and validates for real: 13-19 digits, Luhn, CVC length by brand, expiry', async () => {
    const visa = await tokenizeRaw(t, { number: CARDS.visa, cvc: '846', ...EXP });
    expect(visa.statusCode).toBe(201);
    expect(visa.json()).toMatchObject({ id: expect.stringMatching(/^tok_/), brand: 'visa', last4: '4242', ...EXP });
    expect((await tokenizeRaw(t, { number: CARDS.mastercard, cvc: '846', ...EXP })).json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
    // American Express: a 4-digit CVC, a 3-digit one refused.
    expect((await tokenizeRaw(t, { number: CARDS.amex, cvc: '7319', ...EXP })).json()).toMatchObject({ brand: 'amex', last4: '0005' });
    const amex3 = await tokenizeRaw(t, { number: CARDS.amex, cvc: '846', ...EXP });
    expect(amex3.statusCode).toBe(400);
    expect(amex3.json().error.fields.cvc).toBe('El código de seguridad debe tener 4 dígitos.');
    const visa4 = await tokenizeRaw(t, { number: CARDS.visa, cvc: '7319', ...EXP });
    expect(visa4.json().error.fields.cvc).toBe('El código de seguridad debe tener 3 dígitos.');
    // Luhn, length, expiry.
    expect((await tokenizeRaw(t, { number: '4242 4242 4242 4241', cvc: '846', ...EXP })).json().error.fields.number).toBe('Número de tarjeta inválido.');
    expect((await tokenizeRaw(t, { number: '4242 4242 42', cvc: '846', ...EXP })).json().error.fields.number).toBe('El número de tarjeta debe tener entre 13 y 19 dígitos.');
    expect((await tokenizeRaw(t, { number: '4242 4242 4242 4242 4242', cvc: '846', ...EXP })).statusCode).toBe(400);
    const now = new Date();
    const lastMonth = now.getUTCMonth() === 0 ? { expMonth: 12, expYear: now.getUTCFullYear() - 1 } : { expMonth: now.getUTCMonth(), expYear: now.getUTCFullYear() };
    expect((await tokenizeRaw(t, { number: CARDS.visa, cvc: '846', ...lastMonth })).json().error.fields.expMonth).toBe('La tarjeta está vencida.');
    const thisMonth = { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() };
    expect((await tokenizeRaw(t, { number: CARDS.visa, cvc: '846', ...thisMonth })).statusCode).toBe(201);
    expect((await tokenizeRaw(t, { number: CARDS.visa, cvc: '846', expMonth: 13, expYear: EXP.expYear })).statusCode).toBe(400);
  });

  it('shows a challenge page that the client confirms or cancels, once', async () => {
    const { client, projectId } = await hired(t);
    const res = await fund(t, client, projectId, { token: await tokenize(t, CARDS.challenge) });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'requires_action',
      message: 'Tu banco pide confirmar el pago.',
      actionUrl: expect.stringMatching(/^\/sandbox-processor\/v1\/challenges\/ch_/),
    });
    const page = await t.app.inject({ method: 'GET', url: body.actionUrl });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Confirmar pago');
    expect(page.body).toContain('RD$');
    // Issue 35: the app's look, marked as a test bank, usable on a phone, its buttons in Spanish.
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.body).toContain('Banco de prueba — no se mueve dinero real');
    expect(page.body).toMatch(/<style>[^<]*#0b4f8a[^<]*<\/style>/);
    expect(page.body).toMatch(/<button type="submit" class="primary">Confirmar pago<\/button>/);
    expect(page.body).toMatch(/<button type="submit" class="secondary">Cancelar pago<\/button>/);
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-[^']+' 'sha256-[^']+'/);
    const confirm = await t.app.inject({ method: 'POST', url: `${body.actionUrl}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/proyectos/${projectId}?pago=${body.paymentId}`);
    // The money is not recorded until our server asks the processor.
    expect((await escrow(t, projectId)).fundedMinor).toBe(0);
    const confirmed = await post(t, client, `/api/payments/${body.paymentId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'succeeded', amountMinor: 1_250_000, currency: 'DOP' });
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    // Answered once: cancelling afterwards changes nothing.
    await t.app.inject({ method: 'POST', url: `${body.actionUrl}/cancel` });
    expect((await post(t, client, `/api/payments/${body.paymentId}/confirm`)).json().status).toBe('succeeded');
    // Another person cannot look at the payment.
    expect((await post(t, await person(t, 'client'), `/api/payments/${body.paymentId}/confirm`)).statusCode).toBe(404);
  });

  it('a cancelled challenge is a failed payment, and another card can pay', async () => {
    const { client, projectId } = await hired(t);
    const body = (await fund(t, client, projectId, { token: await tokenize(t, CARDS.challenge) })).json();
    await t.app.inject({ method: 'POST', url: `${body.actionUrl}/cancel` });
    const cancelled = await post(t, client, `/api/payments/${body.paymentId}/confirm`);
    expect(cancelled.statusCode).toBe(402);
    expect(cancelled.json().error).toEqual({ code: 'PAYMENT_FAILED', message: 'Cancelaste la confirmación del pago.' });
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
  });

  it('declines, refuses for insufficient funds and fails with a processing error, recording no money', async () => {
    const { client, projectId } = await hired(t);
    const cases = [
      [CARDS.declined, 'La tarjeta fue rechazada. Prueba con otra tarjeta.'],
      [CARDS.insufficient, 'La tarjeta no tiene fondos suficientes. Prueba con otra tarjeta.'],
      [CARDS.processingError, 'El procesador de pagos no pudo completar el cobro. Inténtalo de nuevo.'],
    ] as const;
    for (const [number, message] of cases) {
      const res = await fund(t, client, projectId, { token: await tokenize(t, number) });
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toEqual({ code: 'PAYMENT_FAILED', message });
    }
    expect((await escrow(t, projectId)).fundedMinor).toBe(0);
    const rows = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.projectId, projectId));
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    const ok = await fund(t, client, projectId, { token: await tokenize(t, CARDS.mastercard) });
    expect(ok.statusCode).toBe(200);
  });
});

describe('saved cards', () => {
  it('adds from a token, lists brand, last 4 and expiry, sets the default and deletes, only for their owner', async () => {
    const client = await person(t, 'client');
    const url = '/api/me/payment-methods';
    const first = await post(t, client, url, { token: await tokenize(t, CARDS.visa) });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'Registro realizado con éxito.', method: { brand: 'visa', last4: '4242', isDefault: true, ...EXP } });
    const second = (await post(t, client, url, { token: await tokenize(t, CARDS.amex) })).json().method;
    expect(second).toMatchObject({ brand: 'amex', last4: '0005', isDefault: false });
    const list = (await get(client, url)).json().items;
    expect(list.map((m: { last4: string; isDefault: boolean }) => [m.last4, m.isDefault])).toEqual([
      ['4242', true],
      ['0005', false],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/token|number|cvc/i);

    const other = await person(t, 'client');
    expect((await t.app.inject({ method: 'PUT', url: `${url}/${second.id}/default`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${second.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await get(other, url)).json().items).toEqual([]);
    const contractor = await person(t, 'contractor');
    expect((await get(contractor, url)).statusCode).toBe(403);
    expect((await post(t, contractor, url, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(403);

    const def = await t.app.inject({ method: 'PUT', url: `${url}/${second.id}/default`, headers: client.headers });
    expect(def.json().items[0]).toMatchObject({ id: second.id, isDefault: true });
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${second.id}`, headers: client.headers });
    expect(del.json().items).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
  });

  it("answers 'Error al registrar el método de pago.' for a token the processor does not know", async () => {
    const client = await person(t, 'client');
    const res = await post(t, client, '/api/me/payment-methods', { token: 'tok_000000000000000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Error al registrar el método de pago.');
  });

  it("never stores a card number or CVC, nor a payer's document: every table of the database and every log line, after adding cards", async () => {
    const client = await person(t, 'client');
    const { projectId } = await hired(t);
    const numbers = [CARDS.visa, CARDS.amex, CARDS.challenge];
    const cvcs = ['846', '7319'];
    for (const n of numbers) await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, n) });
    // And a payment with a fresh card.
    const c = await person(t, 'client');
    void c;
    await tokenizeRaw(t, { number: '4242424242424241', cvc: '846', ...EXP }); // refused (Luhn): its error is logged without the number either
    // A Colombian account's card goes to its verification with the payer's document (decision 067): sent, never stored nor logged.
    const colombian = await person(t, 'client');
    await t.db.update(users).set({ country: 'CO' }).where(eq(users.id, colombian.id));
    const documents = ['1.020.304.050', '1020304050'];
    expect((await post(t, colombian, '/api/me/payment-methods', { token: await tokenize(t, CARDS.mastercard), payerDocument: documents[0] })).statusCode).toBe(201);
    const tables = await t.db.execute<{ table_schema: string; table_name: string }>(
      sql`SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('public', 'sandbox_processor') AND table_type = 'BASE TABLE'`,
    );
    expect(tables.rows.length).toBeGreaterThan(30);
    let dump = '';
    const values: string[] = [];
    for (const { table_schema, table_name } of tables.rows) {
      const rows = await t.db.execute<Record<string, unknown>>(sql.raw(`SELECT * FROM "${table_schema}"."${table_name}"`));
      for (const row of rows.rows) {
        dump += JSON.stringify(row);
        for (const v of Object.values(row)) values.push(String(v));
      }
    }
    expect(dump).toContain('4242'); // the last 4 are kept
    for (const n of numbers) {
      expect(dump).not.toContain(n.replace(/ /g, ''));
      expect(dump).not.toContain(n);
    }
    for (const cvc of cvcs) expect(values).not.toContain(cvc);
    for (const d of documents) expect(dump).not.toContain(d);
    void projectId;
    const lines = log.lines.join('\n');
    expect(lines).toContain('card tokenized');
    for (const n of [...numbers, '4242424242424241']) expect(lines).not.toContain(n.replace(/ /g, ''));
    expect(lines).not.toMatch(/"cvc":"\d/);
    for (const d of documents) expect(lines).not.toContain(d);
  });
});
