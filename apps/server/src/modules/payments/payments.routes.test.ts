import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ledgerTransactions, payments, payoutRuns, processorRefunds, projects, sandboxCharges } from '../../db/schema/index.ts';
import { balance, CARDS, escrow, EXP, fund, funded, hired, newKey, post, setStatus, sysadmin, tokenize, tokenizeRaw } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { captureLog, createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { autoApproveDelivered } from '../projects/projects.service.ts';
import { checkLedger } from './ledger-check.ts';
import { flushRefunds, reconcile } from './payments.service.ts';
import { runDailyPayouts } from './payouts.service.ts';
import { runJob } from '../../../test/support/jobs.ts';

/** The documents of the payout accounts below: a valid cédula (its check digit) and an RNC. */
const CEDULA = { documentType: 'cedula', documentNumber: '001-1234567-3' } as const;
/** "The bank" answers dLocal's payouts and its stand-in delivers the notifications (its minute job). */
const settlePayouts = (t: MailTestApp) => runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: new Date().toISOString() });

const log = captureLog();
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ LOG_LEVEL: 'info' }, { log });
});
afterAll(() => t.close());

const get = (who: { headers: Record<string, string> }, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

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

  it('never stores a card number or CVC: every table of the database and every log line, after adding cards', async () => {
    const client = await person(t, 'client');
    const { projectId } = await hired(t);
    const numbers = [CARDS.visa, CARDS.amex, CARDS.challenge];
    const cvcs = ['846', '7319'];
    for (const n of numbers) await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, n) });
    // And a payment with a fresh card.
    const c = await person(t, 'client');
    void c;
    await tokenizeRaw(t, { number: '4242424242424241', cvc: '846', ...EXP }); // refused (Luhn): its error is logged without the number either
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
    void projectId;
    const lines = log.lines.join('\n');
    expect(lines).toContain('card tokenized');
    for (const n of [...numbers, '4242424242424241']) expect(lines).not.toContain(n.replace(/ /g, ''));
    expect(lines).not.toMatch(/"cvc":"\d/);
  });
});

describe('funding on hire', () => {
  it('charges the accepted price from the quote, never from the request; only the project client pays; the contractor sees it funded without card data', async () => {
    const { client, contractor, projectId } = await hired(t);
    const before = (await get(contractor, `/api/projects/${projectId}`)).json();
    expect(before.money).toMatchObject({ funded: false, priceMinor: 1_250_000, heldMinor: 0 });
    const method = (await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, CARDS.visa) })).json().method;

    expect((await fund(t, await person(t, 'client'), projectId, { paymentMethodId: method.id })).statusCode).toBe(404);
    expect((await fund(t, contractor, projectId, { paymentMethodId: method.id })).statusCode).toBe(403);
    const noKey = await fund(t, client, projectId, { paymentMethodId: method.id }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toContain('Idempotency-Key');
    const both = await fund(t, client, projectId, { paymentMethodId: method.id, token: 'tok_abcdefabcdef' });
    expect(both.json().error.fields.paymentMethodId).toBe('Elige una tarjeta guardada o introduce una nueva.');
    // Someone else's saved card is not usable.
    const stranger = await person(t, 'client');
    const strangers = (await post(t, stranger, '/api/me/payment-methods', { token: await tokenize(t, CARDS.visa) })).json().method;
    expect((await fund(t, client, projectId, { paymentMethodId: strangers.id })).statusCode).toBe(404);

    const key = newKey();
    const res = await fund(t, client, projectId, { paymentMethodId: method.id, amountMinor: 1 }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Pago recibido. El dinero queda retenido hasta que apruebes el trabajo.',
      status: 'succeeded',
      amountMinor: 1_250_000,
      currency: 'DOP',
    });
    // The same key replays the first answer; with another body it is a 409; a second payment is refused.
    const again = await fund(t, client, projectId, { paymentMethodId: method.id }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const otherBody = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) }, key);
    expect(otherBody.statusCode).toBe(409);
    expect(otherBody.json().error.message).toBe('Esta clave de idempotencia ya se usó con otra solicitud.');
    const twice = await fund(t, client, projectId, { paymentMethodId: method.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Este proyecto ya está pagado.');

    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 0, refundedMinor: 0, heldMinor: 1_250_000 });
    const seen = await get(contractor, `/api/projects/${projectId}`);
    expect(seen.json().money).toMatchObject({ funded: true, heldMinor: 1_250_000 });
    expect(seen.body).not.toMatch(/4242|"brand"|last4|paymentMethod/);
    // Another client sees neither the project nor its money.
    expect((await get(stranger, `/api/projects/${projectId}`)).statusCode).toBe(404);
  });

  it("lists a client's own payments with their project, to them only", async () => {
    const { client, contractor, projectId } = await funded(t);
    const mine = await get(client, '/api/me/payments');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toEqual([expect.objectContaining({ projectId, amountMinor: 1_250_000, currency: 'DOP', status: 'succeeded', projectTitle: expect.any(String) })]);
    // Paid with a card typed for it (not saved): named by its brand and last 4 as the processor
    // described its token (issue 46, item 11), never by a number or token.
    expect(mine.json().items[0]).toMatchObject({ card: { brand: 'visa', last4: '4242' }, stage: null, moneyState: 'held' });
    expect(mine.body).not.toMatch(/4242424242424242|tok_/);
    const stranger = await person(t, 'client');
    expect((await get(stranger, '/api/me/payments')).json().items).toEqual([]);
    expect((await get(contractor, '/api/me/payments')).statusCode).toBe(403);
  });

  it('refuses to fund a project that is not hired', async () => {
    const client = await person(t, 'client');
    const { postProject } = await import('../../../test/support/project-factories.ts');
    const projectId = await postProject(t, client);
    const res = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Solo puedes pagar un proyecto contratado que todavía tiene montos pendientes.');
  });

  it('funds a staged plan milestone by milestone', async () => {
    const stages = [
      { title: 'Materiales', percent: 30 },
      { title: 'Final', percent: 70 },
    ];
    const { client, projectId } = await hired(t, { stages });
    const first = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) });
    expect(first.json().amountMinor).toBe(375_000);
    const second = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) });
    expect(second.json().amountMinor).toBe(875_000);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(409);
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
  });

  it('a staged plan goes milestone by milestone: the client releases a funded milestone while the work is in progress, the next must be funded, the last goes at approval', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Avance', percent: 30 },
      { title: 'Final', percent: 30 },
    ];
    const { client, contractor, projectId } = await hired(t, { stages });
    const money = async (who = client) => (await get(who, `/api/projects/${projectId}`)).json().money;
    const release = (who: typeof client, milestoneId: string, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/milestones/${milestoneId}/release`,
        headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      });
    let m = await money();
    expect(m).toMatchObject({ funded: false, dueMinor: 500_000 });
    expect(m.milestones.map((x: { title: string; amountMinor: number; status: string; last: boolean }) => [x.title, x.amountMinor, x.status, x.last])).toEqual([
      ['Materiales', 500_000, 'pending', false],
      ['Avance', 375_000, 'pending', false],
      ['Final', 375_000, 'pending', true],
    ]);
    const [first, second, last] = m.milestones as { id: string }[];
    // At hire the client funds milestone 1 only.
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).json().amountMinor).toBe(500_000);
    // The next stage may be paid at once (funding never waits for a release): it is due from now on.
    expect(await money(contractor)).toMatchObject({ funded: true, dueMinor: 375_000, heldMinor: 500_000 });
    // Not before the work starts; never by the contractor or another client; never an unfunded milestone or the last one.
    const early = await release(client, first!.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Solo puedes liberar una etapa mientras el trabajo está en curso.');
    await setStatus(t, contractor, projectId, 'in_progress');
    expect((await release(contractor, first!.id)).statusCode).toBe(403);
    expect((await release(await person(t, 'client'), first!.id)).statusCode).toBe(404);
    expect((await release(client, second!.id)).json().error.message).toBe('Esta etapa todavía no está pagada.');
    // Released once, less the fee, whatever the repeats: the same key answers as the first time, another request is a 409.
    const key = newKey();
    const answers = await Promise.all([release(client, first!.id, key), release(client, first!.id, key), release(client, first!.id, key)]);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual(Array(3).fill([200, 'Etapa «Materiales» liberada al contratista.']));
    const again = await release(client, first!.id);
    expect([again.statusCode, again.json().error.message]).toEqual([409, 'Esta etapa ya fue liberada.']);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 500_000, releasedMinor: 500_000, heldMinor: 0 });
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(450_000);
    const receipt = await t.smtp.waitFor((x) => x.to.includes(contractor.email) && x.text.includes('Se liberó la etapa «Materiales»'));
    expect(receipt.text).toContain('Monto liberado: RD$5,000.00. Comisión de la plataforma: RD$500.00. Para ti: RD$4,500.00.');
    expect(receipt.text).toMatch(/Referencia: [0-9a-f-]{36}/);
    // The next milestone is due: the contractor is told not to go on until it is funded.
    m = await money(contractor);
    expect(m).toMatchObject({ funded: false, dueMinor: 375_000 });
    expect(m.milestones.map((x: { status: string }) => x.status)).toEqual(['released', 'pending', 'pending']);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).json().amountMinor).toBe(375_000);
    expect((await release(client, second!.id)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).json().amountMinor).toBe(375_000);
    const lastOne = await release(client, last!.id);
    expect(lastOne.json().error.message).toBe('La última etapa se libera al aprobar el trabajo terminado.');
    await setStatus(t, contractor, projectId, 'delivered');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, releasedMinor: 1_250_000, heldMinor: 0 });
    expect((await money()).milestones.map((x: { status: string }) => x.status)).toEqual(['released', 'released', 'released']);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a claim freezes what a staged plan holds: no milestone is released while disputed, and the decision acts on what is held', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const { client, contractor, projectId } = await funded(t, { stages });
    const [first] = (await get(client, `/api/projects/${projectId}`)).json().money.milestones as { id: string }[];
    await setStatus(t, contractor, projectId, 'in_progress');
    expect((await setStatus(t, client, projectId, 'disputed', 'No trajo los materiales.')).statusCode).toBe(200);
    expect((await post(t, client, `/api/projects/${projectId}/milestones/${first!.id}/release`)).statusCode).toBe(409);
    const admin = await sysadmin(t);
    expect((await post(t, admin, `/api/admin/projects/${projectId}/decision`, { outcome: 'refund' })).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 500_000, releasedMinor: 0, refundedMinor: 500_000, heldMinor: 0 });
    expect((await get(client, `/api/projects/${projectId}`)).json().money.milestones.map((x: { status: string }) => x.status)).toEqual(['refunded', 'pending']);
  });

  it('a split decision on a staged plan marks each funded milestone by what became of its money: released, split in part, or refunded', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Avance', percent: 30 },
      { title: 'Final', percent: 30 },
    ];
    const admin = await sysadmin(t);
    // The client paid milestones 1 and 2 (RD$5,000 + RD$3,750 held); the third is pending.
    const splitWith = async (contractorPercent: number) => {
      const { client, contractor, projectId } = await funded(t, { stages });
      expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).json().amountMinor).toBe(375_000);
      await setStatus(t, contractor, projectId, 'in_progress');
      await setStatus(t, client, projectId, 'disputed', 'No terminó el trabajo.');
      const res = await post(t, admin, `/api/admin/projects/${projectId}/decision`, { outcome: 'split', contractorPercent });
      expect(res.statusCode).toBe(200);
      const money = (await get(client, `/api/projects/${projectId}`)).json().money;
      return { answer: res.json(), statuses: money.milestones.map((x: { status: string }) => x.status), money };
    };
    // 70% of 875,000 = 612,500: milestone 1 (500,000) whole, 112,500 of milestone 2, the rest of it refunded.
    const seventy = await splitWith(70);
    expect(seventy.answer).toMatchObject({ released: 612_500, refunded: 262_500 });
    expect(seventy.statuses).toEqual(['released', 'split', 'pending']);
    expect(seventy.money).toMatchObject({ releasedMinor: 612_500, refundedMinor: 262_500, heldMinor: 0 });
    // 10%: 87,500 released, part of milestone 1; milestone 2 went back to the client whole.
    const ten = await splitWith(10);
    expect(ten.answer).toMatchObject({ released: 87_500, refunded: 787_500 });
    expect(ten.statuses).toEqual(['split', 'refunded', 'pending']);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('50 concurrent requests with one idempotency key charge once and all get the same answer', async () => {
    const { client, projectId } = await hired(t);
    const token = await tokenize(t, CARDS.visa);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fund(t, client, projectId, { token }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.json().paymentId)).size).toBe(1);
    const charges = await t.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, `pay_${answers[0]!.json().paymentId}`));
    expect(charges).toHaveLength(1);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000 });
  });

  it('a processor timeout after charging leaves the payment pending; a retry with the key or reconciliation records it once', async () => {
    const { client, projectId } = await hired(t);
    const token = await tokenize(t, CARDS.visa);
    const key = newKey();
    t.app.payments.sandbox.injectFault('charge', 'timeout_after');
    const lost = await fund(t, client, projectId, { token }, key);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error.message).toContain('no se cobrará dos veces');
    const [pending] = await t.db.select().from(payments).where(eq(payments.projectId, projectId));
    expect(pending!.status).toBe('pending');
    expect((await escrow(t, projectId)).fundedMinor).toBe(0);
    // The processor holds money the ledger does not know yet: reconciliation finds it and records it.
    const report = await reconcile(t.app.payments.deps, { olderThanMs: 0 });
    expect(report.settled).toContain(pending!.id);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000 });
    // The client's retry with the same key gets the answer, and nothing is charged again.
    const retry = await fund(t, client, projectId, { token }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(pending!.id);
    expect((await escrow(t, projectId)).fundedMinor).toBe(1_250_000);
  });

  it('a network error before the charge: the retry with the same key charges once; reconciliation marks a never-charged payment failed', async () => {
    const { client, projectId } = await hired(t);
    const token = await tokenize(t, CARDS.visa);
    const key = newKey();
    t.app.payments.sandbox.injectFault('charge', 'network');
    expect((await fund(t, client, projectId, { token }, key)).statusCode).toBe(503);
    const retry = await fund(t, client, projectId, { token }, key);
    expect(retry.statusCode).toBe(200);
    expect((await escrow(t, projectId)).fundedMinor).toBe(1_250_000);

    const other = await hired(t);
    t.app.payments.sandbox.injectFault('charge', 'network');
    expect((await fund(t, other.client, other.projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(503);
    const report = await reconcile(t.app.payments.deps, { olderThanMs: 0 });
    expect(report.notCharged).toHaveLength(1);
    expect(report.differences).toEqual([]);
    expect((await fund(t, other.client, other.projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
  });
});

describe("GET /api/me/payments ('Mis pagos') and each payment's receipt", () => {
  const mine = async (who: Awaited<ReturnType<typeof person>>) => (await get(who, '/api/me/payments')).json().items as Record<string, unknown>[];

  it('each row names the stage it paid, the saved card (brand, last 4) and what became of the money: held, then released on approval', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const { client, contractor, projectId } = await hired(t, { stages });
    const card = (await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, CARDS.mastercard) })).json().method;
    expect((await fund(t, client, projectId, { paymentMethodId: card.id })).statusCode).toBe(200);
    expect(await mine(client)).toEqual([
      expect.objectContaining({ amountMinor: 500_000, stage: { title: 'Materiales', position: 1, count: 2 }, card: { brand: 'mastercard', last4: '4444' }, moneyState: 'held' }),
    ]);
    // The first stage released while the work goes on: its row says so; the second is held.
    await setStatus(t, contractor, projectId, 'in_progress');
    const [first] = (await get(client, `/api/projects/${projectId}`)).json().money.milestones as { id: string }[];
    expect((await post(t, client, `/api/projects/${projectId}/milestones/${first!.id}/release`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { paymentMethodId: card.id })).statusCode).toBe(200);
    expect((await mine(client)).map((p) => [p.amountMinor, (p.stage as { title: string }).title, p.moneyState])).toEqual([
      [750_000, 'Final', 'held'],
      [500_000, 'Materiales', 'released'],
    ]);
    // Approval releases the rest.
    await setStatus(t, contractor, projectId, 'delivered');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect((await mine(client)).map((p) => p.moneyState)).toEqual(['released', 'released']);
  });

  it('a refunded payment says refunded, and a refused one has no money state', async () => {
    const { client, projectId } = await hired(t);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.declined) })).statusCode).toBe(402);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect((await post(t, await sysadmin(t), `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(200);
    expect((await mine(client)).map((p) => [p.status, p.moneyState])).toEqual([
      ['succeeded', 'refunded'],
      ['failed', null],
    ]);
  });

  it("shows a payment's receipt, with the words mailed, to its payer only", async () => {
    const { client, contractor, projectId } = await hired(t);
    const card = (await post(t, client, '/api/me/payment-methods', { token: await tokenize(t, CARDS.visa) })).json().method;
    const paid = (await fund(t, client, projectId, { paymentMethodId: card.id })).json();
    const res = await get(client, `/api/me/payments/${paid.paymentId}/receipt`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentId: paid.paymentId, projectId, title: 'Pago recibido', amountMinor: 1_250_000, currency: 'DOP' });
    const mailed = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Recibo de pago');
    for (const line of res.json().paragraphs as string[]) expect(mailed.text).toContain(line);
    expect(res.json().paragraphs).toContain('Monto: RD$12,500.00 (Visa •••• 4242)');
    // Nobody else reads it: another client gets the 404 of an unknown payment, the contractor the 403 of a client route.
    const stranger = await person(t, 'client');
    const other = await get(stranger, `/api/me/payments/${paid.paymentId}/receipt`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('No encontramos el recibo de ese pago.');
    expect((await get(contractor, `/api/me/payments/${paid.paymentId}/receipt`)).statusCode).toBe(403);
    expect((await get(client, '/api/me/payments/not-a-uuid/receipt')).statusCode).toBe(400);
  });
});

describe('release, claims and refunds', () => {
  it('approval releases the held money to the contractor less the platform fee (10%)', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    const before = await balance(t, 'platform_revenue');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 1_250_000, refundedMinor: 0, heldMinor: 0 });
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
    expect((await balance(t, 'platform_revenue')) - before).toBe(125_000);
    expect((await get(client, `/api/projects/${projectId}`)).json().money).toMatchObject({ releasedMinor: 1_250_000, heldMinor: 0 });
    // Receipts: the client's for the charge, the contractor's for the release, with amounts and a reference.
    const charge = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Recibo de pago');
    expect(charge.text).toContain('Monto: RD$12,500.00 (Tarjeta)');
    expect(charge.text).toMatch(/Referencia: ch_[0-9a-f]{24}/);
    const release = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago liberado');
    expect(release.text).toContain('Monto liberado: RD$12,500.00. Comisión de la plataforma: RD$1,250.00. Para ti: RD$11,250.00.');
    // The fee with its ITBIS, as the country charges it (decision 067): tax-included, adding up to the cent.
    expect(release.text).toContain('Desglose de la comisión: comisión RD$1,059.32 + ITBIS (18%) RD$190.68 = RD$1,250.00.');
  });

  it('50 concurrent approvals release once', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    const answers = await Promise.all(Array.from({ length: 50 }, () => setStatus(t, client, projectId, 'completado')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(49);
    const releases = await t.db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.projectId} = ${projectId} AND ${ledgerTransactions.kind} = 'release'`);
    expect(releases).toHaveLength(1);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
  });

  it('an approval with an idempotency key (the status route, as a claim): 50 concurrent with one key all get the first answer and release once', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    const key = newKey();
    const approve = (k: string, status = 'completado', who = client) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/status`, headers: { ...who.headers, 'idempotency-key': k }, payload: { status } });
    // A malformed key is refused before anything happens.
    const bad = await approve('corta');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['Idempotency-Key']).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 50 }, () => approve(key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ status: 'completado' });
    // The same key with another request is a 409; another person's same key is their own (and refused here).
    const other = await approve(key, 'disputed');
    expect(other.statusCode).toBe(409);
    expect((await approve(key, 'completado', contractor)).statusCode).toBe(403);
    // A new key asks again: the project is already approved.
    expect((await approve(newKey())).statusCode).toBe(409);
    const releases = await t.db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.projectId} = ${projectId} AND ${ledgerTransactions.kind} = 'release'`);
    expect(releases).toHaveLength(1);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
  });

  it("the system's automatic approval releases as the client's would", async () => {
    const { contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await t.db
      .update(projects)
      .set({ deliveredAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(projects.id, projectId));
    const deps = { db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl, money: { feePercent: 10, kickRefunds: () => undefined } };
    await autoApproveDelivered(deps);
    // Held through the days the client may still claim after an automatic approval (decision 054), then released.
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
    await autoApproveDelivered(deps, new Date(Date.now() + 3 * 86_400_000 + 60_000));
    expect((await escrow(t, projectId)).heldMinor).toBe(0);
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
  });

  it('a claim freezes the money; a sysadmin splits it: 70% released less the fee, 30% refunded to the card', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, client, projectId, 'disputed', 'No terminó el trabajo.');
    expect((await escrow(t, projectId)).heldMinor).toBe(1_250_000);
    const admin = await sysadmin(t);
    const url = `/api/admin/projects/${projectId}/decision`;
    expect((await post(t, client, url, { outcome: 'release' })).statusCode).toBe(403);
    expect((await post(t, admin, url, { outcome: 'split' })).json().error.fields.contractorPercent).toBe('Indica el porcentaje para el contratista (1 a 99).');
    const res = await post(t, admin, url, { outcome: 'split', contractorPercent: 70, note: 'Terminó la mayor parte.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Decisión registrada.', status: 'completado', released: 875_000, refunded: 375_000 });
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 875_000, refundedMinor: 375_000, heldMinor: 0 });
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(787_500);
    expect(await balance(t, 'refunds', { userId: client.id })).toBe(375_000);
    await flushRefunds(t.app.payments.deps);
    const [refund] = await t.db.select().from(processorRefunds).innerJoin(payments, eq(payments.id, processorRefunds.paymentId)).where(eq(payments.projectId, projectId));
    expect(refund!.processor_refunds).toMatchObject({ status: 'succeeded', amountMinor: 375_000 });
    const [charge] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, refund!.payments.processorRef!));
    expect(charge!.refundedMinor).toBe(375_000);
    expect((await post(t, admin, url, { outcome: 'refund' })).statusCode).toBe(409);
  });

  it('a claim and its decision with idempotency keys: repeated, they answer as the first and move the money once', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    const claimKey = newKey();
    const claim = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/status`,
        headers: { ...client.headers, 'idempotency-key': claimKey },
        payload: { status: 'disputed', note: 'No terminó el trabajo.' },
      });
    const claims = await Promise.all([claim(), claim()]);
    expect(claims.map((c) => c.statusCode)).toEqual([200, 200]);
    expect(claims[1]!.json()).toEqual(claims[0]!.json());
    const admin = await sysadmin(t);
    const decisionKey = newKey();
    const decide = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/projects/${projectId}/decision`, headers: { ...admin.headers, 'idempotency-key': decisionKey }, payload: body });
    const decided = await Promise.all(Array.from({ length: 10 }, () => decide({ outcome: 'refund' })));
    expect(decided.map((d) => d.statusCode)).toEqual(Array(10).fill(200));
    for (const d of decided) expect(d.json()).toEqual({ message: 'Decisión registrada.', status: 'cancelled', released: 0, refunded: 1_250_000 });
    expect((await decide({ outcome: 'release' })).statusCode).toBe(409);
    expect(await escrow(t, projectId)).toEqual({ fundedMinor: 1_250_000, releasedMinor: 0, refundedMinor: 1_250_000, heldMinor: 0 });
    const refunds = await t.db.select().from(processorRefunds).innerJoin(payments, eq(payments.id, processorRefunds.paymentId)).where(eq(payments.projectId, projectId));
    expect(refunds).toHaveLength(1);
  });

  it('a refund racing a release: one wins, the other is refused, held never below zero', async () => {
    for (let i = 0; i < 3; i++) {
      const { client, contractor, projectId } = await funded(t);
      await setStatus(t, contractor, projectId, 'in_progress');
      await setStatus(t, client, projectId, 'disputed', 'Problema.');
      const admin = await sysadmin(t);
      const url = `/api/admin/projects/${projectId}/decision`;
      const [a, b] = await Promise.all([post(t, admin, url, { outcome: 'release' }), post(t, admin, url, { outcome: 'refund' })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const e = await escrow(t, projectId);
      expect(e.heldMinor).toBe(0);
      expect(e.releasedMinor + e.refundedMinor).toBe(1_250_000);
      expect(e.releasedMinor === 0 || e.refundedMinor === 0).toBe(true);
    }
  });

  it('cancelling a hired, funded project refunds in full', async () => {
    const { client, projectId } = await funded(t);
    const admin = await sysadmin(t);
    expect((await post(t, client, `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(403);
    const res = await post(t, admin, `/api/admin/projects/${projectId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: 1_250_000 });
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: 1_250_000, heldMinor: 0 });
    await flushRefunds(t.app.payments.deps);
    const pending = await t.db.select().from(processorRefunds).where(eq(processorRefunds.status, 'pending'));
    expect(pending).toEqual([]);
    const receipt = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Reembolso');
    expect(receipt.text).toContain('Monto reembolsado: RD$12,500.00');
    expect(receipt.text).toMatch(/Referencia: re_[0-9a-f]{24}/);
  });
});

describe('payouts', () => {
  it("pays out a contractor's available balance to their bank account (the number sealed, the last 4 shown), once", async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    const account = { bank: 'popular', accountType: 'ahorros', accountNumber: '7901-2345-6789', holderName: 'Ramón Báez', ...CEDULA };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: client.headers, payload: account })).statusCode).toBe(403);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account });
    expect(saved.json()).toEqual({
      message: 'Cuenta bancaria guardada.',
      account: {
        bank: 'popular',
        bankName: 'Banco Popular Dominicano',
        accountType: 'ahorros',
        last4: '6789',
        holderName: 'Ramón Báez',
        documentType: 'cedula',
        documentLast4: '5673',
      },
    });
    expect((await get(contractor, '/api/me/balance')).json()).toMatchObject({ pendingMinor: 1_250_000, availableMinor: 0, paidOutMinor: 0 });
    await setStatus(t, contractor, projectId, 'delivered');
    await setStatus(t, client, projectId, 'completado');
    const balance = (await get(contractor, '/api/me/balance')).json();
    expect(balance).toMatchObject({ currency: 'DOP', pendingMinor: 0, availableMinor: 1_125_000, paidOutMinor: 0 });
    expect(balance.movements).toEqual([expect.objectContaining({ kind: 'release', amountMinor: 1_125_000, projectId, projectTitle: 'Cambiar tubería del baño' })]);

    const admin = await sysadmin(t);
    expect((await post(t, contractor, '/api/admin/payouts/run')).statusCode).toBe(403);
    const [a, b] = await Promise.all([post(t, admin, '/api/admin/payouts/run'), post(t, admin, '/api/admin/payouts/run')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await get(contractor, '/api/me/balance')).json();
    expect(after).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    expect(after.movements[0]).toMatchObject({ kind: 'payout', amountMinor: -1_125_000 });
    // dLocal's stand-in was asked once (two runs at once), to Banco Popular's code, the account's last 4 kept.
    const sent = await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM dlocal_sandbox.payouts WHERE account_last4 = '6789'`);
    expect(sent.rows).toEqual([expect.objectContaining({ bank_code: 'BPDODOSX', account_type: 'S', document_type: 'CE', amount_minor: 1_125_000 })]);
    // The number and the document are nowhere in the clear.
    const rows = await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM payout_accounts`);
    expect(JSON.stringify(rows.rows)).not.toContain('790123456789');
    expect(JSON.stringify(rows.rows)).not.toContain('00112345673');
    expect(JSON.stringify(sent.rows)).not.toContain('790123456789');
    await settlePayouts(t);
    // The payout receipt: once (two runs at once), with the amount, the projects it pays, the account's last 4 and the processor's reference.
    const receipt = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago enviado a tu cuenta');
    expect(receipt.text).toContain('Monto enviado: RD$11,250.00');
    expect(receipt.text).toContain('Proyectos: «Cambiar tubería del baño»');
    expect(receipt.text).toContain('Banco Popular Dominicano •••• 6789');
    expect(receipt.text).toMatch(/Referencia: PO-4-[0-9a-f-]+/);
    expect(receipt.text).not.toContain('790123456789');
    // Once in the outbox, which is what the mail catcher would ever receive.
    const queued = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${contractor.email} AND subject = ${receipt.subject}`);
    expect(queued.rows[0]!.n).toBe(1);
  });
  it('a payout receipt names the projects whose releases that payout pays, not those an earlier payout paid', async () => {
    const { postProject, postQuote } = await import('../../../test/support/project-factories.ts');
    const contractor = await person(t, 'contractor', 'Ramón');
    const account = { bank: 'bhd', accountType: 'corriente', accountNumber: '5500-1234-4321', holderName: 'Ramón Ruiz', ...CEDULA };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account })).statusCode).toBe(200);
    const admin = await sysadmin(t);
    const approved = async (title: string) => {
      const client = await person(t, 'client');
      const projectId = await postProject(t, client, { title });
      const accepted = await post(t, client, `/api/quotes/${await postQuote(t, contractor, projectId)}/accept`);
      expect(accepted.statusCode).toBe(200);
      expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
      await setStatus(t, contractor, projectId, 'in_progress');
      await setStatus(t, contractor, projectId, 'delivered');
      expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    };
    const receipts = () => t.smtp.mails.filter((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago enviado a tu cuenta');
    await approved('Pintar la sala');
    await approved('Arreglar el techo');
    expect((await post(t, admin, '/api/admin/payouts/run')).statusCode).toBe(200);
    await settlePayouts(t);
    const first = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago enviado a tu cuenta');
    expect(first.text).toContain('Proyectos: «Arreglar el techo», «Pintar la sala»');
    expect(first.text).toContain('Monto enviado: RD$22,500.00');
    await approved('Cambiar la puerta');
    expect((await post(t, admin, '/api/admin/payouts/run')).statusCode).toBe(200);
    await settlePayouts(t);
    await expect.poll(() => receipts().length).toBe(2);
    const second = receipts().find((m) => m !== first)!;
    expect(second.text).toContain('Proyectos: «Cambiar la puerta»');
    expect(second.text).toContain('Monto enviado: RD$11,250.00');
    expect(second.text).toContain('Banco BHD •••• 4321');
  });

  it('runs the payout once a day after 9:00 in the Dominican Republic, whatever instances run or restart', async () => {
    const { client, contractor, projectId } = await funded(t);
    const account = { bank: 'banreservas', accountType: 'corriente', accountNumber: '9600-1111-2222', holderName: 'Ramón Peña', ...CEDULA };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account })).statusCode).toBe(200);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await setStatus(t, client, projectId, 'completado');
    const deps = t.app.payments.payouts;
    const paidOut = async () => (await get(contractor, '/api/me/balance')).json<{ availableMinor: number; paidOutMinor: number }>();
    // 8:59 in Santo Domingo (UTC−4): not yet.
    expect(await runDailyPayouts(deps, new Date('2031-03-10T12:59:00Z'))).toBeNull();
    expect(await paidOut()).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    // 9:00: two instances' sweeps at once, one runs.
    const nine = new Date('2031-03-10T13:00:00Z');
    const runs = await Promise.all([runDailyPayouts(deps, nine), runDailyPayouts(deps, nine)]);
    expect(runs.filter((r) => r !== null)).toEqual([{ day: '2031-03-10', sent: expect.any(Number) }]);
    expect(await paidOut()).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    const row = await t.db.select().from(payoutRuns).where(eq(payoutRuns.day, '2031-03-10'));
    expect(row).toHaveLength(1);
    // Money released later that day waits for the next day's run, even after a restart (the day is recorded).
    const second = await funded(t);
    await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: second.contractor.headers, payload: account });
    await setStatus(t, second.contractor, second.projectId, 'in_progress');
    await setStatus(t, second.contractor, second.projectId, 'delivered');
    await setStatus(t, second.client, second.projectId, 'completado');
    expect(await runDailyPayouts(deps, new Date('2031-03-11T03:59:00Z'))).toBeNull();
    expect((await get(second.contractor, '/api/me/balance')).json()).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    // Midnight in Santo Domingo is a new day, but before 9:00 still nothing; at 9:00 it is paid.
    expect(await runDailyPayouts(deps, new Date('2031-03-11T04:00:00Z'))).toBeNull();
    expect(await runDailyPayouts(deps, new Date('2031-03-11T13:00:00Z'))).toEqual({ day: '2031-03-11', sent: 1 });
    expect((await get(second.contractor, '/api/me/balance')).json()).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
  });

  it('a daily run cut short is not recorded, and the next sweep pays without paying twice', async () => {
    const { client, contractor, projectId } = await funded(t);
    const account = { bank: 'bhd', accountType: 'ahorros', accountNumber: '5500-3333-4444', holderName: 'Ramón Cruz', ...CEDULA };
    await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account });
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await setStatus(t, client, projectId, 'completado');
    const deps = t.app.payments.payouts;
    const at = new Date('2031-04-02T14:00:00Z');
    // A run that dies half-way (here: dLocal unreachable, then the process gone while
    // logging it) after the ledger moved the money records no day.
    const dying = {
      ...deps,
      rail: { send: () => Promise.reject(new Error('network down')) },
      log: {
        warn: () => {
          throw new Error('killed');
        },
      },
    } as typeof deps;
    await expect(runDailyPayouts(dying, at)).rejects.toThrow('killed');
    expect(await t.db.select().from(payoutRuns).where(eq(payoutRuns.day, '2031-04-02'))).toEqual([]);
    expect((await get(contractor, '/api/me/balance')).json()).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    // The next sweep the same day runs again and sends the pending payout, once.
    expect(await runDailyPayouts(deps, at)).toEqual({ day: '2031-04-02', sent: 1 });
    expect(await runDailyPayouts(deps, at)).toBeNull();
    const sent = await t.db.execute<{ amount_minor: string }>(sql`SELECT amount_minor FROM dlocal_sandbox.payouts WHERE account_last4 = '4444'`);
    expect(sent.rows).toEqual([{ amount_minor: 1_125_000 }]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('ledger:check', () => {
  it('finds the ledger sound after the money tests, and names a problem when there is one', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const run = promisify(execFile);
    const ok = await run('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' } });
    expect(ok.stdout).toContain('ledger:check: OK');
    // A release on a project nobody approved: named, and the command fails.
    const { projectId } = await funded(t);
    await t.db.transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'release', idempotencyKey: `bad:${projectId}`, projectId })
        .returning();
      const accounts = await tx.execute<{ id: string; kind: string }>(sql`SELECT id, kind FROM ledger_accounts WHERE project_id = ${projectId} OR kind = 'platform_revenue'`);
      const escrowId = accounts.rows.find((a) => a.kind === 'escrow')!.id;
      const revenueId = accounts.rows.find((a) => a.kind === 'platform_revenue')!.id;
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txn!.id}, ${escrowId}, -1, 'DOP'), (${txn!.id}, ${revenueId}, 1, 'DOP')`,
      );
    });
    const problems = await checkLedger(t.db);
    expect(problems).toEqual([expect.stringContaining(`on project ${projectId} that is assigned, not approved`)]);
    const failed = await run('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('not approved');
  });

  it('names a milestone released before it was funded, twice, or for another amount (forged in the ledger)', async () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const { client, projectId } = await funded(t, { stages });
    const plan = await t.db.execute<{ id: string; amount_minor: string }>(sql`SELECT id, amount_minor FROM milestones WHERE project_id = ${projectId} ORDER BY position`);
    const [first, second] = plan.rows;
    // The escrow's counterpart is the client's clearing account here: only the milestone rules are under test.
    const accounts = await t.db.execute<{ id: string; kind: string }>(
      sql`SELECT id, kind FROM ledger_accounts WHERE project_id = ${projectId} OR (kind = 'processor_clearing' AND user_id = ${client.id})`,
    );
    const escrowId = accounts.rows.find((a) => a.kind === 'escrow')!.id;
    const revenueId = accounts.rows.find((a) => a.kind === 'processor_clearing')!.id;
    const forge = (key: string, milestoneId: string, amount: number) =>
      t.db.transaction(async (tx) => {
        const [txn] = await tx.insert(ledgerTransactions).values({ kind: 'release', idempotencyKey: key, projectId, milestoneId }).returning();
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txn!.id}, ${escrowId}, ${-amount}, 'DOP'), (${txn!.id}, ${revenueId}, ${amount}, 'DOP')`,
        );
        return txn!.id;
      });
    const early = await forge(`bad-early:${projectId}`, second!.id, Number(second!.amount_minor));
    const once = await forge(`bad-once:${projectId}`, first!.id, Number(first!.amount_minor));
    const twice = await forge(`bad-twice:${projectId}`, first!.id, 1);
    const problems = await checkLedger(t.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        `milestone released before it was funded: milestone ${second!.id} transaction ${early}`,
        `milestone released twice: milestone ${first!.id} transaction ${once}`,
        `milestone released twice: milestone ${first!.id} transaction ${twice}`,
        `milestone released for another amount than its own: milestone ${first!.id} transaction ${twice}`,
        `milestone released on a project that is assigned: milestone ${first!.id} transaction ${once}`,
      ]),
    );
    expect(problems.some((p) => p.includes(`milestone ${first!.id} transaction ${once}`) && p.includes('another amount'))).toBe(false);
  });

  it('names every project past assigned with less held or released than its status needs, and every completado not paid out without a decision (forged in the database)', async () => {
    const before = await checkLedger(t.db);
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const forceStatus = (projectId: string, status: string) => t.db.execute(sql`UPDATE projects SET status = ${status}::project_status WHERE id = ${projectId}`);
    // Clean: funded and moved through the API (a single price to completado, a staged plan started on its first milestone).
    const done = await funded(t);
    await setStatus(t, done.contractor, done.projectId, 'in_progress');
    await setStatus(t, done.contractor, done.projectId, 'delivered');
    expect((await setStatus(t, done.client, done.projectId, 'completado')).statusCode).toBe(200);
    const begun = await funded(t, { stages });
    expect((await setStatus(t, begun.contractor, begun.projectId, 'in_progress')).statusCode).toBe(200);
    // Clean although forged: a staged plan in progress on its first milestone (500,000 of 1,250,000), and a
    // completado a sysadmin decided (its log trail line) with less than the price paid out.
    const firstStage = await funded(t, { stages });
    await forceStatus(firstStage.projectId, 'in_progress');
    const decided = await funded(t, { stages });
    await forceStatus(decided.projectId, 'completado');
    await t.db.execute(
      sql`INSERT INTO log_trail (user_id, action, location, details) VALUES (NULL, 'project-claim-split', ${`/proyectos/${decided.projectId}`}, ${JSON.stringify({ projectId: decided.projectId })}::jsonb)`,
    );
    expect(await checkLedger(t.db)).toEqual(before);

    // Started, delivered, approved or under a claim without the money: named with what was due.
    const unfunded = await hired(t);
    await forceStatus(unfunded.projectId, 'in_progress');
    const disputed = await hired(t, { stages });
    await forceStatus(disputed.projectId, 'disputed');
    const deliveredOnFirst = await funded(t, { stages });
    await forceStatus(deliveredOnFirst.projectId, 'delivered');
    const approvedOnFirst = await funded(t, { stages });
    await forceStatus(approvedOnFirst.projectId, 'completado');
    // The whole price held but never released, and a claim's log line that is not a decision.
    const neverReleased = await funded(t);
    await forceStatus(neverReleased.projectId, 'completado');
    await t.db.execute(
      sql`INSERT INTO log_trail (user_id, action, location, details) VALUES (NULL, 'project-claimed', ${`/proyectos/${neverReleased.projectId}`}, ${JSON.stringify({ projectId: neverReleased.projectId })}::jsonb)`,
    );
    // Refunded after the start: the money to begin is no longer there.
    const refunded = await funded(t);
    await setStatus(t, refunded.contractor, refunded.projectId, 'in_progress');
    await t.db.transaction(async (tx) => {
      const [txn] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'refund', idempotencyKey: `bad-refund:${refunded.projectId}`, projectId: refunded.projectId })
        .returning();
      const accounts = await tx.execute<{ id: string; kind: string }>(
        sql`SELECT id, kind FROM ledger_accounts WHERE project_id = ${refunded.projectId} OR (kind = 'processor_clearing' AND user_id = ${refunded.client.id})`,
      );
      const escrowId = accounts.rows.find((a) => a.kind === 'escrow')!.id;
      const clearingId = accounts.rows.find((a) => a.kind === 'processor_clearing')!.id;
      await tx.execute(
        sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txn!.id}, ${escrowId}, -1, 'DOP'), (${txn!.id}, ${clearingId}, 1, 'DOP')`,
      );
    });
    // Past assigned without an accepted quote.
    const noQuote = await hired(t);
    await t.db.execute(sql`UPDATE projects SET status = 'delivered', accepted_quote_id = NULL WHERE id = ${noQuote.projectId}`);

    const found = (await checkLedger(t.db)).filter((p) => !before.includes(p));
    expect(found.sort()).toEqual(
      [
        `project ${unfunded.projectId} is in_progress with 0 DOP held or released, less than the money to begin (1250000)`,
        `project ${disputed.projectId} is disputed with 0 DOP held or released, less than the money to begin (500000)`,
        `project ${deliveredOnFirst.projectId} is delivered with 500000 DOP held or released, less than the whole price (1250000)`,
        `project ${approvedOnFirst.projectId} is completado with 500000 DOP held or released, less than the whole price (1250000)`,
        `project ${approvedOnFirst.projectId} is completado but released 0 and refunded 0 DOP of its price 1250000, and no sysadmin decided a claim`,
        `project ${neverReleased.projectId} is completado but released 0 and refunded 0 DOP of its price 1250000, and no sysadmin decided a claim`,
        `project ${refunded.projectId} is in_progress with 1249999 DOP held or released, less than the money to begin (1250000)`,
        `project ${noQuote.projectId} is delivered without an accepted quote: nothing says what had to be funded`,
      ].sort(),
    );
    // The command names them too and fails.
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const failed = await promisify(execFile)('npx', ['tsx', 'apps/server/src/cli/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain(`ledger:check: project ${unfunded.projectId} is in_progress with 0 DOP held or released`);
  });
});
