import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutRuns } from '../../db/schema/index.ts';
import { CARDS, fund, funded, myBalance, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import type { MailTestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from './ledger-check.ts';
import { runDailyPayouts } from './payouts.service.ts';
import { get, setUpPaymentsApp, t } from './payments-test-kit.ts';

// Paying a contractor's available balance out to their bank account: the account (sealed), the
// run (once, daily after 9:00 in the Dominican Republic, resumed when cut short) and the receipt.

/** The documents of the payout accounts below: a valid cédula (its check digit) and an RNC. */
const CEDULA = { documentType: 'cedula', documentNumber: '001-1234567-3' } as const;
/** "The bank" answers dLocal's payouts and its stand-in delivers the notifications (its minute job). */
const settlePayouts = (t: MailTestApp) => runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: new Date().toISOString() });

setUpPaymentsApp();

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
    expect(await myBalance(t, contractor)).toMatchObject({ pendingMinor: 1_250_000, availableMinor: 0, paidOutMinor: 0 });
    await setStatus(t, contractor, projectId, 'delivered');
    await setStatus(t, client, projectId, 'completado');
    const balance = (await get(contractor, '/api/me/balance')).json();
    expect(balance).toMatchObject({ payoutCurrency: 'DOP', balances: [{ currency: 'DOP', pendingMinor: 0, availableMinor: 1_125_000, paidOutMinor: 0 }] });
    expect(balance.movements).toEqual([expect.objectContaining({ kind: 'release', amountMinor: 1_125_000, projectId, projectTitle: 'Cambiar tubería del baño' })]);

    const admin = await sysadmin(t);
    expect((await post(t, contractor, '/api/admin/payouts/run')).statusCode).toBe(403);
    const [a, b] = await Promise.all([post(t, admin, '/api/admin/payouts/run'), post(t, admin, '/api/admin/payouts/run')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = await myBalance(t, contractor);
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
    const second = await t.smtp.waitFor((m) => m !== first && m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Pago enviado a tu cuenta');
    expect(second.text).toContain('Proyectos: «Cambiar la puerta»');
    expect(second.text).toContain('Monto enviado: RD$11,250.00');
    expect(second.text).toContain('Banco BHD •••• 4321');
    expect(receipts()).toHaveLength(2);
  });

  it('runs the payout once a day after 9:00 in the Dominican Republic, whatever instances run or restart', async () => {
    const { client, contractor, projectId } = await funded(t);
    const account = { bank: 'banreservas', accountType: 'corriente', accountNumber: '9600-1111-2222', holderName: 'Ramón Peña', ...CEDULA };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account })).statusCode).toBe(200);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await setStatus(t, client, projectId, 'completado');
    const deps = t.app.payments.payouts;
    const paidOut = () => myBalance(t, contractor);
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
    expect(await myBalance(t, second.contractor)).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    // Midnight in Santo Domingo is a new day, but before 9:00 still nothing; at 9:00 it is paid.
    expect(await runDailyPayouts(deps, new Date('2031-03-11T04:00:00Z'))).toBeNull();
    expect(await runDailyPayouts(deps, new Date('2031-03-11T13:00:00Z'))).toEqual({ day: '2031-03-11', sent: 1 });
    expect(await myBalance(t, second.contractor)).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
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
    expect(await myBalance(t, contractor)).toMatchObject({ availableMinor: 0, paidOutMinor: 1_125_000 });
    // The next sweep the same day runs again and sends the pending payout, once.
    expect(await runDailyPayouts(deps, at)).toEqual({ day: '2031-04-02', sent: 1 });
    expect(await runDailyPayouts(deps, at)).toBeNull();
    const sent = await t.db.execute<{ amount_minor: string }>(sql`SELECT amount_minor FROM dlocal_sandbox.payouts WHERE account_last4 = '4444'`);
    expect(sent.rows).toEqual([{ amount_minor: 1_125_000 }]);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
