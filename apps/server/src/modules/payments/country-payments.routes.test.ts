import { TransactionRollbackError, eq, sql } from 'drizzle-orm';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { payments as tp, paymentsWeb as tpw } from '@arreglaya/shared/i18n/payments';
import { projectMail as tpm } from '@arreglaya/shared/i18n/projects';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, ledgerEntries, payments, projects } from '../../db/schema/index.ts';
import { escrow, fund, myBalance, post } from '../../../test/support/payment-factories.ts';
import { offerTerms, person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { signNotification } from '../dlocal/dlocal-signature.ts';
import { DLOCAL_SANDBOX_CREDENTIALS } from '../dlocal/sandbox/sandbox-core.ts';
import { DLOCAL_NOTIFICATION_PATH } from './dlocal-notifications.routes.ts';
import { checkLedger } from './ledger-check.ts';

// Money per country and each country's ways to pay (issue 51 items 1 and 6, decision 067), against
// real PostgreSQL and dLocal's built-in stand-in: a project's currency is its country's and nothing
// mixes; Colombia pays by PSE or Efecty, Mexico by SPEI or OXXO, held only when dLocal says PAID.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const standIn = () => t.app.payments.dlocalSandbox!;
const deliver = () => runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: new Date().toISOString() });
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const money = async (who: Person, projectId: string) => (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: who.headers })).json().money;

/** The payer's documents dLocal asks in Colombia and Mexico (decision 067): a cédula de ciudadanía, a CURP with its check digit. */
const CC = '1.020.304.050';
const CURP = 'GOMA850312HDFRRN09';

const PLACES = { CO: { country: 'CO', city: 'bogota', zone: null }, MX: { country: 'MX', city: 'ciudad-de-mexico', zone: null } } as const;

/** A project in Colombia or Mexico whose client hired the contractor at `priceMinor` of its currency. */
async function hiredIn(country: 'CO' | 'MX', priceMinor: number) {
  const client = await person(t, 'client', country === 'CO' ? 'Valentina' : 'Guadalupe');
  const contractor = await person(t, 'contractor', country === 'CO' ? 'Andrés' : 'Jorge');
  const projectId = await postProject(t, client, PLACES[country]);
  const quoteId = await postQuote(t, contractor, projectId, { priceMinor });
  expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  return { client, contractor, projectId };
}

/** dLocal's PAID notification of a payment, signed with the stand-in's merchant credentials. */
function paidNotification(p: { processorRef: string | null; id: string; amountMinor: number; currency: string }, country: string, method: string) {
  const raw = JSON.stringify({
    id: p.processorRef,
    amount: p.amountMinor / 100,
    currency: p.currency,
    country,
    payment_method_id: method,
    payment_method_type: method === 'PC' || method === 'SE' ? 'BANK_TRANSFER' : 'TICKET',
    payment_method_flow: method === 'PC' ? 'REDIRECT' : 'DIRECT',
    status: 'PAID',
    status_code: '200',
    status_detail: 'The payment was paid.',
    order_id: p.id,
    created_date: new Date().toISOString(),
  });
  const headers = signNotification({ login: DLOCAL_SANDBOX_CREDENTIALS.login, secretKey: DLOCAL_SANDBOX_CREDENTIALS.secretKey, date: new Date(), body: raw });
  return t.app.inject({ method: 'POST', url: DLOCAL_NOTIFICATION_PATH, headers, payload: raw });
}

describe('money per country', () => {
  it("prices a project in its country's currency and refuses an offer in another, naming the field", async () => {
    const client = await person(t, 'client', 'Carmen');
    const contractor = await person(t, 'contractor', 'Luis');
    const santoDomingo = await postProject(t, client);
    const medellin = await postProject(t, client, { country: 'CO', city: 'medellin', zone: null });
    const rows = await t.db
      .select({ id: projects.id, currency: projects.currency })
      .from(projects)
      .where(sql`${projects.id} IN (${santoDomingo}, ${medellin})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.currency]))).toEqual({ [santoDomingo]: 'DOP', [medellin]: 'COP' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${santoDomingo}/quotes`,
      headers: contractor.headers,
      payload: { ...offerTerms(), priceMinor: 400_000_000, currency: 'COP', description: 'Cambio completo con materiales incluidos.' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currency: tq.currencyNotProject('DOP') });
  });
});

describe('Colombia: PSE and Efecty', () => {
  it('funds a hire by PSE at the bank (dLocal redirect), holds the pesos only when dLocal says PAID, once for 50 notifications at once', async () => {
    const { client, contractor, projectId } = await hiredIn('CO', 400_000_000);
    const res = await fund(t, client, projectId, { rail: 'cash', method: 'pse', payerDocument: CC });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      message: tp.fund.redirectOpened,
      currency: 'COP',
      amountMinor: 400_000_000,
      pending: { rail: 'cash', method: 'pse', voucher: { company: 'PSE', url: expect.stringContaining('/tickets/') } },
    });
    const row = await paymentRow(res.json().paymentId);
    expect(row).toMatchObject({ method: 'pse', currency: 'COP', status: 'pending' });
    // The bank's site sends the payer back to the project page through our callback, as a card's 3-D Secure does.
    expect((await standIn().ticket(row.processorRef!))?.callbackUrl).toMatch(new RegExp(`/api/payments/dlocal/callback\\?a=${encodeURIComponent(`/proyectos/${projectId}`)}$`));
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 0 });
    // The client's instructions mail writes the pesos as Colombians do.
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    expect(mail.map((m) => m.textBody).join('\n')).toContain('$\u00a04.000.000');

    // The payer authorises the debit at the bank (the stand-in's page): PAID, then dLocal notifies (and replays).
    expect(await standIn().payTicket(row.processorRef!)).not.toBeNull();
    const answers = await Promise.all(Array.from({ length: 50 }, () => paidNotification(row, 'CO', 'PC')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await deliver();
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 400_000_000, heldMinor: 400_000_000 });
    // The ledger carries the project's currency only.
    const entries = await t.db.execute<{ currency: string }>(
      sql`SELECT DISTINCT e.currency FROM ${ledgerEntries} e JOIN ledger_transactions x ON x.id = e.transaction_id WHERE x.project_id = ${projectId}`,
    );
    expect(entries.rows).toEqual([{ currency: 'COP' }]);
    expect(await money(client, projectId)).toMatchObject({ funded: true, pending: null });
    expect((await post(t, contractor, `/api/projects/${projectId}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it("refuses a method of another country (OXXO in Colombia) and ArreglaYa's Dominican transfer, naming the field; Efecty gives a voucher", async () => {
    const { client, projectId } = await hiredIn('CO', 300_000_000);
    const oxxo = await fund(t, client, projectId, { rail: 'cash', method: 'oxxo' });
    expect(oxxo.statusCode).toBe(400);
    expect(oxxo.json().error.fields).toEqual({ method: tp.fund.methodNotOfCountry('Colombia') });
    const transfer = await fund(t, client, projectId, { rail: 'transfer' });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().error.fields).toEqual({ rail: tp.fund.methodNotOfCountry('Colombia') });
    expect(await t.db.$count(payments, eq(payments.projectId, projectId))).toBe(0);
    const efecty = await fund(t, client, projectId, { rail: 'cash', method: 'efecty', payerDocument: CC });
    expect(efecty.statusCode, efecty.body).toBe(202);
    expect(efecty.json().pending).toMatchObject({ method: 'efecty', voucher: { number: expect.stringMatching(/^\d{8,}$/), company: 'Efecty' } });
  });
});

describe('Mexico: OXXO and SPEI', () => {
  it('an OXXO voucher that expires holds nothing, and the client chooses again: SPEI gives a CLABE to pay to', async () => {
    const { client, projectId } = await hiredIn('MX', 1_250_000);
    const res = await fund(t, client, projectId, { rail: 'cash', method: 'oxxo', payerDocument: CURP });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().pending).toMatchObject({
      method: 'oxxo',
      currency: 'MXN',
      voucher: { number: expect.stringMatching(/^\d{8,}$/), barcode: expect.stringMatching(/^\d+$/), company: 'OXXO' },
    });
    const row = await paymentRow(res.json().paymentId);
    expect(await standIn().expireNow(row.processorRef!)).toBe(true);
    await deliver();
    expect(await paymentRow(row.id)).toMatchObject({ status: 'expired' });
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 0 });
    // A PAID for it would hold nothing twice either: the client pays by SPEI instead.
    const spei = await fund(t, client, projectId, { rail: 'cash', method: 'spei', payerDocument: CURP });
    expect(spei.statusCode, spei.body).toBe(202);
    expect(spei.json()).toMatchObject({ message: tp.fund.speiOpened, pending: { method: 'spei', voucher: { number: expect.stringMatching(/^646\d{15}$/), company: 'SPEI' } } });
    const speiRow = await paymentRow(spei.json().paymentId);
    await standIn().payTicket(speiRow.processorRef!);
    await deliver();
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses a payout account with a broken CLABE, or one of another bank, and keeps a valid one', async () => {
    const contractor = await person(t, 'contractor', 'Jorge');
    const save = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/payout-account',
        headers: contractor.headers,
        payload: {
          bank: 'mx_banamex',
          accountType: 'corriente',
          accountNumber: '002010077777777771',
          holderName: 'Jorge Ramírez Soto',
          documentType: 'rfc',
          documentNumber: 'RASJ800101AB6',
          ...extra,
        },
      });
    const broken = await save({ accountNumber: '002010077777777772' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.fields).toEqual({ accountNumber: tp.payout.clabeInvalid });
    const otherBank = await save({ bank: 'mx_bbva' });
    expect(otherBank.json().error.fields).toEqual({ accountNumber: tp.payout.clabeOtherBank });
    const cedula = await save({ documentType: 'cedula', documentNumber: '001-1234567-3' });
    expect(cedula.json().error.fields).toEqual({ documentType: tp.payout.documentNotOfCountry });
    expect((await save({})).statusCode).toBe(200);
    const account = (await t.app.inject({ method: 'GET', url: '/api/me/payout-account', headers: contractor.headers })).json();
    expect(JSON.stringify(account)).toContain('Banamex');
  });
});

describe('ledger:check across countries', () => {
  it('passes on mixed-country data and names a transaction unbalanced in one currency and an account mixing currencies', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    // A transaction balanced in pesos dominicanos but not in pesos colombianos: written around the balance trigger.
    const cop = (await t.db.execute<{ id: string; project_id: string }>(sql`SELECT id, project_id FROM ledger_accounts WHERE kind = 'escrow' AND currency = 'COP' LIMIT 1`))
      .rows[0]!;
    let found: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_balanced`);
        const txId = (
          await tx.execute<{ id: string }>(
            sql`INSERT INTO ledger_transactions (kind, idempotency_key, project_id) VALUES ('fund', 'test:unbalanced-cop', ${cop.project_id}) RETURNING id`,
          )
        ).rows[0]!.id;
        const account = cop.id;
        await tx.execute(
          sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency) VALUES (${txId}, ${account}, 500, 'COP'), (${txId}, ${account}, -500, 'DOP')`,
        );
        found = await checkLedger(tx);
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^unbalanced transaction [0-9a-f-]+: 500 COP$/),
        expect.stringMatching(/^account [0-9a-f-]+ \(escrow, COP\) has 1 entries in DOP$/),
      ]),
    );
    // Rolled back: the ledger is sound again.
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe("the payer's document in Colombia and Mexico", () => {
  it('refuses a local method without a valid one, naming the field and storing nothing; sends it to dLocal, whose stand-in refuses a payment without it', async () => {
    const { client, projectId } = await hiredIn('CO', 200_000_000);
    const none = await fund(t, client, projectId, { rail: 'cash', method: 'pse' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ payerDocument: tp.fund.payerDocumentRequired('cédula de ciudadanía', 'Colombia') });
    const wrong = await fund(t, client, projectId, { rail: 'cash', method: 'efecty', payerDocument: 'ABC123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ payerDocument: idDocuments.co_cc.invalid });
    expect(await t.db.$count(payments, eq(payments.projectId, projectId))).toBe(0);
    const mexican = await hiredIn('MX', 500_000);
    const dominicanCedula = await fund(t, mexican.client, mexican.projectId, { rail: 'cash', method: 'oxxo', payerDocument: '001-1234567-3' });
    expect(dominicanCedula.json().error.fields).toEqual({ payerDocument: idDocuments.mx_curp.invalid });
    // dLocal's Colombia and Mexico pages: the payer's document is required; the stand-in says so.
    const order = { amount: 100, currency: 'MXN', country: 'MX', payment_method_id: 'OX', payment_method_flow: 'DIRECT', order_id: 'x-1' };
    const missing = await standIn().createPayment(DLOCAL_SANDBOX_CREDENTIALS.login, { ...order, payer: { name: 'Guadalupe', email: 'g@ejemplo.mx' } });
    expect(missing).toMatchObject({ status: 400, body: { param: 'payer.document' } });
    const invalid = await standIn().createPayment(DLOCAL_SANDBOX_CREDENTIALS.login, {
      ...order,
      payer: { name: 'Guadalupe', email: 'g@ejemplo.mx', document: 'GOMA850312HDFRRN08' },
    });
    expect(invalid).toMatchObject({ status: 400, body: { param: 'payer.document' } });
    // Written as people type it (dots, small letters), it goes compacted and is taken.
    const ok = await fund(t, mexican.client, mexican.projectId, { rail: 'cash', method: 'oxxo', payerDocument: ' goma850312hdfrrn09 ' });
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it('a bank payment (SPEI, PSE) is told and expires as one, never as cash', async () => {
    const { client, projectId } = await hiredIn('MX', 800_000);
    const spei = await fund(t, client, projectId, { rail: 'cash', method: 'spei', payerDocument: CURP });
    expect(spei.statusCode, spei.body).toBe(202);
    const row = await paymentRow(spei.json().paymentId);
    expect(await standIn().expireNow(row.processorRef!)).toBe(true);
    await deliver();
    expect((await money(client, projectId)).expired).toMatchObject({ rail: 'cash', method: 'spei' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    const told = mails.find((m) => m.subject === tpm.paymentInstructions.subject)!;
    expect(told.textBody).toContain(`CLABE ${spei.json().pending.voucher.number as string}`);
    const expired = mails.find((m) => m.subject === tpm.paymentExpired.subject)!;
    expect(expired.textBody).toContain('desde tu banco');
    for (const mail of [told, expired]) expect(mail.textBody).not.toMatch(/efectivo/i);
    expect(tpw.offline.expired.bank).not.toMatch(/efectivo/i);
  });
});

describe('paid out in the country of the money', () => {
  it("a Colombian hire's release is the contractor's balance in pesos colombianos, and Retirar sends it in COP to a Colombian bank", async () => {
    const { client, contractor, projectId } = await hiredIn('CO', 400_000_000);
    const paid = await fund(t, client, projectId, { rail: 'cash', method: 'pse', payerDocument: CC });
    expect(paid.statusCode, paid.body).toBe(202);
    await standIn().payTicket((await paymentRow(paid.json().paymentId)).processorRef!);
    await deliver();
    for (const [who, status] of [
      [contractor, 'in_progress'],
      [contractor, 'delivered'],
      [client, 'completado'],
    ] as const)
      expect((await post(t, who, `/api/projects/${projectId}/status`, { status })).statusCode).toBe(200);
    const account = {
      bank: 'co_bancolombia',
      accountType: 'ahorros',
      accountNumber: '12345678901',
      holderName: 'Andrés Restrepo',
      documentType: 'cc',
      documentNumber: '1020304050',
    };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/payout-account', headers: contractor.headers, payload: account })).statusCode).toBe(200);
    expect(await myBalance(t, contractor)).toMatchObject({ payoutCurrency: 'COP', currency: 'COP', availableMinor: 360_000_000 });
    const withdrawn = await t.app.inject({ method: 'POST', url: '/api/me/payouts', headers: { ...contractor.headers, 'idempotency-key': 'k_colombia_withdraw_1' } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().payout).toMatchObject({ amountMinor: 360_000_000, currency: 'COP' });
    expect(await myBalance(t, contractor)).toMatchObject({ currency: 'COP', availableMinor: 0 });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
