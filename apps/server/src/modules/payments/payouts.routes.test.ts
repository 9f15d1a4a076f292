import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyRequests, payoutRuns, payouts } from '../../db/schema/index.ts';
import { funded, myBalance, newKey, setStatus } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { checkLedger } from './ledger-check.ts';
import { getBalance } from './payouts.service.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const withdraw = (who: Person, key: string | null = newKey()) =>
  t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { ...who.headers, ...(key === null ? {} : { 'idempotency-key': key }) }, payload: {} });
const saveAccount = (who: Person, accountNumber: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/payout-account',
    headers: who.headers,
    payload: { bank: 'popular', accountType: 'ahorros', accountNumber, holderName: 'Ramón Báez', documentType: 'cedula', documentNumber: '001-1234567-3' },
  });
const balanceOf = (who: Person) => myBalance(t, who);
/** What dLocal's stand-in was asked to pay to an account ending in `last4`. */
const sentTo = async (last4: string) =>
  (await t.db.execute<{ amount_minor: string }>(sql`SELECT amount_minor FROM dlocal_sandbox.payouts WHERE account_last4 = ${last4}`)).rows.map((r) => Number(r.amount_minor));
/** "The bank" answers dLocal's payouts and the stand-in delivers its notifications (its minute job). */
const settle = () => runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: new Date().toISOString() });

/** A contractor whose approved project left RD$11,250.00 available (RD$12,500.00 less the 10% fee). */
async function contractorWithAvailable(): Promise<Person> {
  const { client, contractor, projectId } = await funded(t);
  await setStatus(t, contractor, projectId, 'in_progress');
  await setStatus(t, contractor, projectId, 'delivered');
  expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
  expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
  return contractor;
}

describe('POST /api/me/payouts (Retirar)', () => {
  it("pays the contractor's available balance to their saved account now; the balance then shows the payout and nothing available", async () => {
    const contractor = await contractorWithAvailable();
    expect((await saveAccount(contractor, '7901-2345-1111')).statusCode).toBe(200);
    const res = await withdraw(contractor);
    expect(res.statusCode, res.body).toBe(200);
    // dLocal took it: sent, waiting for the bank.
    expect(res.json()).toEqual({
      message: 'Enviamos RD$11,250.00 a tu banco. Te avisamos cuando se acredite (puede tardar hasta un día hábil).',
      payout: { id: expect.any(String), amountMinor: 1_125_000, currency: 'DOP', status: 'sent' },
    });
    const after = await balanceOf(contractor);
    expect(after).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    expect(after.movements[0]).toMatchObject({ kind: 'payout', amountMinor: -1_125_000, payoutStatus: 'sent', reason: null });
    expect(await sentTo('1111')).toEqual([1_125_000]);
    // The bank pays it; dLocal's notification marks it paid, with the receipt the daily run sends.
    await settle();
    expect((await balanceOf(contractor)).movements[0]).toMatchObject({ kind: 'payout', payoutStatus: 'paid' });
    const receipt = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago enviado a tu cuenta');
    expect(receipt.text).toContain('Monto enviado: RD$11,250.00');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses in Spanish with a 409 when nothing is available, moving nothing', async () => {
    const contractor = await person(t, 'contractor');
    await saveAccount(contractor, '7901-2345-2222');
    const res = await withdraw(contractor);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('No tienes saldo disponible para retirar.');
    // Paid out once, a second tap has nothing left.
    const paid = await contractorWithAvailable();
    await saveAccount(paid, '7901-2345-3333');
    expect((await withdraw(paid)).statusCode).toBe(200);
    const again = await withdraw(paid);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('No tienes saldo disponible para retirar.');
    expect(await sentTo('3333')).toEqual([1_125_000]);
  });

  it('refuses in Spanish with a 409 naming the cédula and the bank account without a payout account, and the balance stays available', async () => {
    const contractor = await contractorWithAvailable();
    const res = await withdraw(contractor);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Antes de tu primer cobro necesitamos: tu cédula y tu cuenta de banco. Complétalo en tu perfil.');
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    // The refused key was not kept: with an account, the same key pays.
    const key = newKey();
    expect((await withdraw(contractor, key)).statusCode).toBe(409);
    await saveAccount(contractor, '7901-2345-4444');
    expect((await withdraw(contractor, key)).statusCode).toBe(200);
  });

  it("another person cannot trigger a contractor's payout: a client or a visitor is refused, another contractor's request (even with the same key) moves only their own balance", async () => {
    const contractor = await contractorWithAvailable();
    await saveAccount(contractor, '7901-2345-5555');
    const key = newKey();
    const client = await person(t, 'client');
    expect((await withdraw(client, key)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { 'idempotency-key': key, 'x-requested-with': 'arreglaya' }, payload: {} })).statusCode).toBe(
      401,
    );
    const other = await person(t, 'contractor', 'Luis');
    await saveAccount(other, '7901-2345-6666');
    const theirs = await withdraw(other, key);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().error.message).toBe('No tienes saldo disponible para retirar.');
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    expect(await sentTo('5555')).toEqual([]);
    // The owner's own request with that key still pays.
    expect((await withdraw(contractor, key)).json().payout).toMatchObject({ amountMinor: 1_125_000 });
  });

  it('50 identical requests at once move the money once, all answer the same payout, and the ledger stays balanced', async () => {
    const contractor = await contractorWithAvailable();
    await saveAccount(contractor, '7901-2345-7777');
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(contractor, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.json().payout.id)).size).toBe(1);
    expect(await t.db.select().from(payouts).where(eq(payouts.contractorId, contractor.id))).toHaveLength(1);
    expect(await sentTo('7777')).toEqual([1_125_000]);
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    expect(await checkLedger(t.db)).toEqual([]);
    // One key, one request kept.
    expect(await t.db.select().from(moneyRequests).where(eq(moneyRequests.userId, contractor.id))).toHaveLength(1);
  });

  it('asks for an Idempotency-Key, in Spanish', async () => {
    const contractor = await contractorWithAvailable();
    await saveAccount(contractor, '7901-2345-8888');
    const res = await withdraw(contractor, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^Falta el encabezado Idempotency-Key/);
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 1_125_000 });
  });
});

describe('GET /api/me/balance: the next automatic payout', () => {
  it("states today's 9:00 in the Dominican Republic until today's run is done, then tomorrow's", async () => {
    const contractor = await person(t, 'contractor');
    const deps = t.app.payments.payouts;
    // 8:00 in Santo Domingo (UTC−4): today at 9:00.
    expect((await getBalance(deps, contractor.id, new Date('2031-05-04T12:00:00Z'))).nextPayoutAt).toBe('2031-05-04T13:00:00.000Z');
    // 23:30 on the 4th in Santo Domingo is 03:30 UTC on the 5th: still the 4th's run, once done the 5th's.
    await t.db.insert(payoutRuns).values({ day: '2031-05-04', sent: 0 });
    expect((await getBalance(deps, contractor.id, new Date('2031-05-04T14:00:00Z'))).nextPayoutAt).toBe('2031-05-05T13:00:00.000Z');
    expect((await getBalance(deps, contractor.id, new Date('2031-05-05T03:30:00Z'))).nextPayoutAt).toBe('2031-05-05T13:00:00.000Z');
    // And the page's answer carries it.
    expect((await get(contractor, '/api/me/balance')).json().nextPayoutAt).toMatch(/T13:00:00\.000Z$/);
  });
});
