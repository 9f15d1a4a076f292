import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '../../db/schema/index.ts';
import { CARDS, fund, myBalance, newKey, post, setStatus, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from './ledger-check.ts';
import { runPayouts } from './payouts.service.ts';

// A contractor's balance per currency (decision 067: nothing mixes currencies): a Dominican job in
// pesos dominicanos and a Colombian one in pesos colombianos are held, available and paid out each
// in its own currency, and money is paid only to a bank of its currency's country (no exchange).

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const balance = (who: Person) => t.app.inject({ method: 'GET', url: '/api/me/balance', headers: who.headers });

/** A project of `country` whose client hires `contractor` at `priceMinor` of its currency, funded by card. */
async function fundedJob(contractor: Person, country: 'DO' | 'CO', priceMinor: number) {
  const client = await person(t, 'client', country === 'CO' ? 'Valentina' : 'Yolanda');
  const projectId = await postProject(t, client, country === 'CO' ? { country: 'CO', city: 'bogota', zone: null } : {});
  const quoteId = await postQuote(t, contractor, projectId, { priceMinor });
  expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  // In Colombia a card payment carries the payer's cédula de ciudadanía, as dLocal asks (decision 067).
  const paid = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa), ...(country === 'CO' ? { payerDocument: '1020304050' } : {}) });
  expect(paid.statusCode, paid.body).toBe(200);
  return { client, projectId };
}

async function approve(contractor: Person, job: { client: Person; projectId: string }) {
  for (const [who, status] of [
    [contractor, 'in_progress'],
    [contractor, 'delivered'],
    [job.client, 'completado'],
  ] as const)
    expect((await setStatus(t, who, job.projectId, status)).statusCode).toBe(200);
}

/** A Dominican contractor who also worked a job in Bogotá: RD$12,500.00 and $ 4.000.000 held. */
async function contractorInTwoCurrencies() {
  const contractor = await person(t, 'contractor', 'Andrés');
  const dominican = await fundedJob(contractor, 'DO', 1_250_000);
  const colombian = await fundedJob(contractor, 'CO', 400_000_000);
  return { contractor, dominican, colombian };
}

describe('GET /api/me/balance in more than one currency', () => {
  it('shows what is held, available and paid out in each currency apart, each movement in its own currency; nobody else reads it', async () => {
    const { contractor, colombian } = await contractorInTwoCurrencies();
    // His profile is Dominican: pesos dominicanos first (what Retirar pays), the pesos colombianos beside them, never summed.
    expect((await balance(contractor)).json()).toMatchObject({
      payoutCurrency: 'DOP',
      balances: [
        { currency: 'DOP', pendingMinor: 1_250_000, availableMinor: 0, paidOutMinor: 0 },
        { currency: 'COP', pendingMinor: 400_000_000, availableMinor: 0, paidOutMinor: 0 },
      ],
      movements: [],
    });
    // The Colombian job approved: its release less the fee is available in COP, and its movement says COP.
    await approve(contractor, colombian);
    const after = (await balance(contractor)).json();
    expect(after.balances).toEqual([
      { currency: 'DOP', pendingMinor: 1_250_000, availableMinor: 0, paidOutMinor: 0 },
      { currency: 'COP', pendingMinor: 0, availableMinor: 360_000_000, paidOutMinor: 0 },
    ]);
    expect(after.movements).toEqual([expect.objectContaining({ kind: 'release', amountMinor: 360_000_000, currency: 'COP', projectId: colombian.projectId })]);

    // Another contractor reads only his own (nothing), a client is refused, a visitor must sign in.
    const other = await person(t, 'contractor', 'Luis');
    expect((await balance(other)).json()).toMatchObject({
      payoutCurrency: 'DOP',
      balances: [{ currency: 'DOP', pendingMinor: 0, availableMinor: 0, paidOutMinor: 0 }],
      movements: [],
    });
    expect((await balance(await person(t, 'client'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/balance' })).statusCode).toBe(401);
  });

  it('pays out only the currency the payout bank receives: the other stays available, and the account is not blocked by a refused payout', async () => {
    const { contractor, dominican, colombian } = await contractorInTwoCurrencies();
    await approve(contractor, dominican);
    await approve(contractor, colombian);
    const account = {
      bank: 'co_bancolombia',
      accountType: 'ahorros',
      accountNumber: '12345678901',
      holderName: 'Andrés Restrepo',
      documentType: 'cc',
      documentNumber: '1020304050',
    };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account })).statusCode).toBe(200);
    // A Colombian bank: the pesos colombianos come first and are what Retirar pays.
    expect((await balance(contractor)).json()).toMatchObject({
      payoutCurrency: 'COP',
      balances: [
        { currency: 'COP', availableMinor: 360_000_000 },
        { currency: 'DOP', availableMinor: 1_125_000 },
      ],
    });
    const withdrawn = await t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { ...contractor.headers, 'idempotency-key': newKey() } });
    expect(withdrawn.json().payout).toMatchObject({ amountMinor: 360_000_000, currency: 'COP' });
    // The payout run leaves the pesos dominicanos alone: a Colombian bank would refuse them.
    await runPayouts(t.app.payments.payouts);
    const rows = await t.db.select().from(payouts).where(eq(payouts.contractorId, contractor.id));
    expect(rows.map((p) => [p.currency, p.amountMinor])).toEqual([['COP', 360_000_000]]);
    expect(await myBalance(t, contractor, 'DOP')).toMatchObject({ availableMinor: 1_125_000, paidOutMinor: 0 });
    // dLocal was asked for the pesos colombianos only, so no refused payout stops the account.
    const sent = await t.db.execute<{ currency: string }>(sql`SELECT currency FROM dlocal_sandbox.payouts WHERE external_id = ${rows[0]!.id}`);
    expect(sent.rows.map((r) => r.currency)).toEqual(['COP']);
    expect(rows.filter((p) => p.status === 'failed')).toEqual([]);
    // Back to a Dominican bank: the pesos dominicanos are what Retirar pays now.
    const dominicanAccount = {
      bank: 'popular',
      accountType: 'ahorros',
      accountNumber: '7901-2345-9191',
      holderName: 'Andrés Restrepo',
      documentType: 'cedula',
      documentNumber: '001-1234567-3',
    };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: dominicanAccount })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { ...contractor.headers, 'idempotency-key': newKey() } });
    expect(again.json().payout).toMatchObject({ amountMinor: 1_125_000, currency: 'DOP' });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
