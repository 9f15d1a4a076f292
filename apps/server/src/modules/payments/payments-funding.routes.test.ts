import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, sandboxCharges } from '../../db/schema/index.ts';
import { balance, CARDS, escrow, fund, funded, hired, newKey, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { checkLedger } from './ledger-check.ts';
import { reconcile } from './payments.service.ts';
import { get, setUpPaymentsApp, t } from './payments-test-kit.ts';

// Paying a hire by card: the accepted price, once per idempotency key, a staged plan milestone by
// milestone (its releases and a claim on it), and the processor's lost answers reconciled.

setUpPaymentsApp();

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
