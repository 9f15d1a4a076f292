import { eq, sql } from 'drizzle-orm';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema/index.ts';
import { funded, myBalance, newKey, post, setStatus, sysadmin } from '../../../test/support/payment-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import type { Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { signNotification } from '../dlocal/dlocal-signature.ts';
import { DLOCAL_SANDBOX_CREDENTIALS } from '../dlocal/sandbox/sandbox-core.ts';
import { DLOCAL_PAYOUT_NOTIFICATION_PATH } from './dlocal-payout-notifications.routes.ts';
import { checkLedger } from './ledger-check.ts';

// Payouts to any Dominican bank (issue 47 item 4, decision 052): the account with its bank from
// the list and the holder's document, the payout through dLocal's Payouts v3 (its stand-in here),
// and dLocal's notification settling it: paid, or rejected with the money back in the available
// balance, once, with the reason in Spanish.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const CEDULA = '001-1234567-3';
const saveAccount = (who: Person, accountNumber: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/me/payout-account',
    headers: who.headers,
    payload: { bank: 'banreservas', accountType: 'corriente', accountNumber, holderName: 'Ramón Báez Peña', documentType: 'cedula', documentNumber: CEDULA, ...extra },
  });
const withdraw = (who: Person) => t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { ...who.headers, 'idempotency-key': newKey() }, payload: {} });
const balanceOf = (who: Person) => myBalance(t, who);
/** "The bank" answers and dLocal's stand-in delivers its notifications (its minute job). */
const settle = () => runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: new Date().toISOString() });
const payoutOf = async (contractorId: string) => (await t.db.select().from(payouts).where(eq(payouts.contractorId, contractorId)))[0]!;
const returnsOf = async (payoutId: string) =>
  (await t.db.execute(sql`SELECT id FROM ledger_transactions WHERE kind = 'payout_return' AND idempotency_key = ${`payout_return:${payoutId}`}`)).rows.length;

/** A notification as dLocal sends it, signed with the stand-in's merchant credentials (or another key). */
function notify(body: object, secretKey = DLOCAL_SANDBOX_CREDENTIALS.secretKey) {
  const raw = JSON.stringify(body);
  const headers = signNotification({ login: DLOCAL_SANDBOX_CREDENTIALS.login, secretKey, date: new Date(), body: raw });
  return t.app.inject({ method: 'POST', url: DLOCAL_PAYOUT_NOTIFICATION_PATH, headers, payload: raw });
}
/** dLocal's payout object for our payout, as its stand-in holds it now. */
async function dlocalPayout(payoutId: string) {
  const r = await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM dlocal_sandbox.payouts WHERE external_id = ${payoutId}`);
  const p = r.rows[0]!;
  return {
    id: p.id as string,
    external_id: payoutId,
    status: p.status as string,
    status_code: p.status_code as string,
    status_detail: p.status_detail as string,
    currency: 'DOP',
    amount: Number(p.amount_minor) / 100,
  };
}

/** A contractor with RD$11,250.00 available (an approved RD$12,500.00 project less the 10% fee) and an account. */
async function contractorWithAvailable(accountNumber: string): Promise<Person> {
  const { client, contractor, projectId } = await funded(t);
  await setStatus(t, contractor, projectId, 'in_progress');
  await setStatus(t, contractor, projectId, 'delivered');
  expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
  expect((await saveAccount(contractor, accountNumber)).statusCode).toBe(200);
  return contractor;
}

describe('PUT /api/me/payout-account: a Dominican bank and the holder’s document', () => {
  it('refuses a cédula with a wrong check digit, an RNC that is not one, and a bank not on the list, in Spanish (400), storing nothing', async () => {
    const { contractor } = await funded(t);
    const bad = await saveAccount(contractor, '9600-1111-2222', { documentNumber: '001-1234567-4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Cédula inválida: son 11 dígitos y el último no coincide. Revísala.');
    const rnc = await saveAccount(contractor, '9600-1111-2222', { documentType: 'rnc', documentNumber: '101010631' });
    expect(rnc.statusCode).toBe(400);
    expect(rnc.body).toContain('RNC inválido');
    const bank = await saveAccount(contractor, '9600-1111-2222', { bank: 'Banco Inventado' });
    expect(bank.statusCode).toBe(400);
    expect(bank.body).toContain('Elige tu banco de la lista.');
    expect((await t.app.inject({ method: 'GET', url: '/api/me/payout-account', headers: contractor.headers })).json()).toEqual({ account: null });
    // A company's RNC (DGII's check digit) is taken; only its last digits are shown back.
    const ok = await saveAccount(contractor, '9600-1111-2222', { documentType: 'rnc', documentNumber: '1-01-01063-2' });
    expect(ok.json().account).toEqual({
      bank: 'banreservas',
      bankName: 'Banreservas (Banco de Reservas)',
      accountType: 'corriente',
      last4: '2222',
      holderName: 'Ramón Báez Peña',
      documentType: 'rnc',
      documentLast4: '0632',
    });
  });
});

describe('a payout through dLocal', () => {
  it('is sent, then paid by dLocal’s notification, with its receipt', async () => {
    const contractor = await contractorWithAvailable('9600-4321-1234');
    const res = await withdraw(contractor);
    expect(res.json().payout).toMatchObject({ status: 'sent', amountMinor: 1_125_000 });
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'sent', processorStatusCode: '100', processorRef: expect.stringMatching(/^PO-4-/) });
    await settle();
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'paid', processorStatusCode: '200', failureReason: null });
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    const receipt = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago enviado a tu cuenta');
    expect(receipt.text).toContain('Banreservas (Banco de Reservas) •••• 1234');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('rejected by the bank, returns the money to the available balance with the reason in Spanish, and a replayed notification returns nothing more', async () => {
    // The stand-in's rule: an account ending in 0000 is ERROR_ACCOUNT_INCORRECT.
    const contractor = await contractorWithAvailable('9600-4321-0000');
    expect((await withdraw(contractor)).json().payout.status).toBe('sent');
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    await settle();
    const p = await payoutOf(contractor.id);
    expect(p).toMatchObject({ status: 'failed', processorStatusCode: '300', failureReason: 'ERROR_ACCOUNT_INCORRECT' });
    const balance = await balanceOf(contractor);
    expect(balance).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    expect(balance.movements.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'payout_return', amountMinor: 1_125_000, payoutStatus: 'failed', reason: 'el número de cuenta no existe en ese banco' }),
      expect.objectContaining({ kind: 'payout', amountMinor: -1_125_000, payoutStatus: 'failed', reason: 'el número de cuenta no existe en ese banco' }),
    ]);
    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Tu pago no se pudo enviar');
    expect(mail.text).toContain('No pudimos enviar RD$11,250.00 a tu cuenta bancaria. El dinero volvió a tu saldo disponible.');
    expect(mail.text).toContain('Motivo: el número de cuenta no existe en ese banco.');
    // dLocal sends the same notification again: nothing moves twice.
    expect(await t.app.payments.dlocalSandbox!.replayLatestNotification(p.processorRef!)).toBe(true);
    await settle();
    expect(await returnsOf(p.id)).toBe(1);
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
    // Not again to the account the bank refused: Retirar says to correct it, and the daily run leaves it.
    const refused = await withdraw(contractor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(tp.payout.fixAccount);
    expect((await post(t, await sysadmin(t), '/api/admin/payouts/run')).statusCode).toBe(200);
    expect(await t.db.$count(payouts, eq(payouts.contractorId, contractor.id))).toBe(1);
    // The next payout goes to the corrected account.
    await saveAccount(contractor, '9600-4321-5678');
    expect((await withdraw(contractor)).json().payout).toMatchObject({ status: 'sent', amountMinor: 1_125_000 });
  });

  it('refuses a notification with a bad signature (401), changing nothing', async () => {
    const contractor = await contractorWithAvailable('9600-4321-2468');
    await withdraw(contractor);
    const p = await payoutOf(contractor.id);
    const forged = { ...(await dlocalPayout(p.id)), status: 'REJECTED', status_code: '300', status_detail: 'ERROR_ACCOUNT_CLOSED' };
    const res = await notify(forged, 'not-the-secret-key');
    expect(res.statusCode).toBe(401);
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'sent', failureReason: null });
    expect(await returnsOf(p.id)).toBe(0);
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    // Unsigned, or a body that is no payout: refused too.
    expect(
      (await t.app.inject({ method: 'POST', url: DLOCAL_PAYOUT_NOTIFICATION_PATH, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(forged) })).statusCode,
    ).toBe(401);
    expect((await notify({ hello: 'world' })).statusCode).toBe(400);
  });

  it('50 identical REJECTED notifications at once return the money once', async () => {
    const contractor = await contractorWithAvailable('9600-4321-1357');
    await withdraw(contractor);
    const p = await payoutOf(contractor.id);
    const rejected = { ...(await dlocalPayout(p.id)), status: 'REJECTED', status_code: '300', status_detail: 'ERROR_ACCOUNT_CLOSED' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(rejected)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.json().outcome === 'failed')).toHaveLength(1);
    expect(await returnsOf(p.id)).toBe(1);
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'failed', failureReason: 'ERROR_ACCOUNT_CLOSED' });
    expect(await balanceOf(contractor)).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    // A late PAID after the rejection changes nothing.
    await notify({ ...rejected, status: 'PAID', status_code: '200', status_detail: 'The payout was paid.' });
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'failed' });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('after a lost answer (a timeout once dLocal took it), the next run finds the same payout by its external_id: one payout at dLocal', async () => {
    const contractor = await contractorWithAvailable('9600-4321-8642');
    t.app.payments.dlocalSandbox!.injectFault('create_payout', 'timeout_after');
    expect((await withdraw(contractor)).json().payout.status).toBe('pending');
    expect((await post(t, await sysadmin(t), '/api/admin/payouts/run')).statusCode).toBe(200);
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'sent' });
    const atDlocal = await t.db.execute(sql`SELECT id FROM dlocal_sandbox.payouts WHERE account_last4 = '8642'`);
    expect(atDlocal.rows).toHaveLength(1);
    await settle();
    expect(await payoutOf(contractor.id)).toMatchObject({ status: 'paid' });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
