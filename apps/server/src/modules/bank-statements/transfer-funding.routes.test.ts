import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, projects, statementLines } from '../../db/schema/index.ts';
import { escrow, hired, newKey, post, sysadmin, fund, CARDS, tokenize } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from '../payments/ledger-check.ts';

// Payment protection by bank transfer (issue 47, decision 051): a reference unique to the funding,
// the bank's statement matched by reference and amount, nothing held before the whole amount
// arrives, and nothing pending holding a hire forever.

const FEED_TOKEN = 'feed-token-for-the-tests-0123456789';
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ STATEMENT_FEED_TOKEN: FEED_TOKEN });
});
afterAll(() => t.close());

let seq = 0;
const line = (reference: string, amountMinor: number, extra: Record<string, unknown> = {}) => ({
  bankTxId: `BPD-${Date.now()}-${++seq}`,
  bookedOn: '2026-12-06',
  amount: (amountMinor / 100).toFixed(2),
  currency: 'DOP',
  direction: 'credit',
  description: `TRANSF ${reference.toLowerCase().replaceAll('-', ' ')} YOLANDA PEREZ`,
  payerName: 'Yolanda Pérez',
  ...extra,
});
const feed = (lines: unknown[], token: string | null = FEED_TOKEN) =>
  t.app.inject({ method: 'POST', url: '/api/bank/statement-lines', headers: token ? { authorization: `Bearer ${token}` } : {}, payload: { lines } });
const money = async (who: { headers: Record<string, string> }, projectId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: who.headers })).json().money;

async function openTransfer() {
  const h = await hired(t);
  const res = await fund(t, h.client, h.projectId, { rail: 'transfer' });
  expect(res.statusCode, res.body).toBe(202);
  return { ...h, res: res.json() };
}

describe('funding by transfer', () => {
  it('gives the client ArreglaYa’s account and a reference of its own, and holds nothing yet', async () => {
    const { client, contractor, projectId, res } = await openTransfer();
    expect(res).toMatchObject({
      status: 'pending',
      message: 'Transfiere el monto exacto con la referencia indicada. El dinero queda retenido cuando llegue a nuestra cuenta.',
      amountMinor: 1_250_000,
      pending: {
        rail: 'transfer',
        amountMinor: 1_250_000,
        receivedMinor: 0,
        transfer: { reference: expect.stringMatching(/^AY-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/), bank: expect.any(String) },
      },
    });
    // The due time is the hire's lapse (HIRE_PAYMENT_HOURS after hiring).
    const [p] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(new Date(res.pending.expiresAt).getTime()).toBe(p!.assignedAt!.getTime() + 72 * 3_600_000);
    // The project page shows it after a reload; nothing is held, so the work cannot start.
    expect(await money(client, projectId)).toMatchObject({ funded: false, heldMinor: 0, pending: { paymentId: res.paymentId } });
    expect((await post(t, contractor, `/api/projects/${projectId}/status`, { status: 'in_progress' })).statusCode).toBe(409);
    // Someone else's project: not found; a second funding while this one waits: refused.
    const other = await person(t, 'client', 'Otra');
    expect((await fund(t, other, projectId, { rail: 'transfer' })).statusCode).toBe(404);
    expect((await fund(t, client, projectId, { rail: 'transfer' })).statusCode).toBe(409);
    // Card fields with a transfer: a clear 400.
    const mixed = await fund(t, client, projectId, { rail: 'transfer', token: 'tok_x' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields.rail).toBe('Los datos de tarjeta solo se usan al pagar con tarjeta.');
  });

  it('opens one reference for 50 identical requests at once', async () => {
    const h = await hired(t);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fund(t, h.client, h.projectId, { rail: 'transfer' }, key)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([202]));
    expect(new Set(answers.map((a) => a.json().pending.transfer.reference)).size).toBe(1);
    expect(await t.db.$count(payments, eq(payments.projectId, h.projectId))).toBe(1);
  });

  it('matches the statement by reference and amount: short holds nothing and asks for the rest, the rest holds it, the excess is to be returned, a line twice counts once', async () => {
    const { client, projectId, res } = await openTransfer();
    const ref: string = res.pending.transfer.reference;
    // The feed needs its token.
    expect((await feed([line(ref, 500_000)], null)).statusCode).toBe(401);
    expect((await feed([line(ref, 500_000)], 'wrong-token-wrong-token-wrong')).statusCode).toBe(401);

    const first = line(ref, 500_000);
    const short = await feed([first]);
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toMatchObject({ lines: 1, matched: 1, unmatched: 0, duplicates: 0 });
    expect(await escrow(t, projectId)).toMatchObject({ heldMinor: 0 });
    expect(await money(client, projectId)).toMatchObject({ funded: false, pending: { receivedMinor: 500_000 } });
    const told = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Falta parte de tu transferencia');
    expect(told.text).toContain('Faltan RD$');

    // The same bank line again (a file imported twice): counted once.
    expect((await feed([first])).json()).toMatchObject({ lines: 1, matched: 0, duplicates: 1 });
    expect(await money(client, projectId)).toMatchObject({ pending: { receivedMinor: 500_000 } });

    // The rest and a little more: the agreed amount is held, the excess waits to be returned.
    const rest = line(ref, 800_000);
    expect((await feed([rest])).json()).toMatchObject({ matched: 1 });
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    expect(await money(client, projectId)).toMatchObject({ funded: true, pending: null });
    const [restRow] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, rest.bankTxId));
    expect(restRow).toMatchObject({ status: 'matched', appliedMinor: 750_000, returnMinor: 50_000, returnedAt: null });

    // The console's money to give back shows the excess; recording the return takes it off.
    const admin = await sysadmin(t);
    const owed = await t.app.inject({ method: 'GET', url: '/api/admin/transfer-returns', headers: admin.headers });
    expect(owed.json().items.map((i: { id: string }) => i.id)).toContain(restRow!.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/statement-lines', headers: client.headers })).statusCode).toBe(403);
    const returned = { returnRef: 'DEV-0001', returnedOn: '2026-01-15' };
    expect((await post(t, admin, `/api/admin/statement-lines/${restRow!.id}/returned`, returned)).statusCode).toBe(200);
    // The same return again changes nothing; another reference is refused.
    expect((await post(t, admin, `/api/admin/statement-lines/${restRow!.id}/returned`, returned)).statusCode).toBe(200);
    expect((await post(t, admin, `/api/admin/statement-lines/${restRow!.id}/returned`, { ...returned, returnRef: 'DEV-0009' })).statusCode).toBe(409);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('applies the lines of one statement in its order for each transfer, whatever the lines of other transfers between them', async () => {
    // Lines are matched a few at once (statement-matching.ts): a transfer's own lines still go in the file's order.
    const opened = await Promise.all(Array.from({ length: 6 }, () => openTransfer()));
    const firsts = opened.map((o) => line(o.res.pending.transfer.reference, 500_000));
    const rests = opened.map((o) => line(o.res.pending.transfer.reference, 800_000));
    const res = await feed([...firsts, ...rests]);
    expect(res.json()).toMatchObject({ lines: 12, matched: 12, unmatched: 0 });
    for (const [i, o] of opened.entries()) {
      expect(await escrow(t, o.projectId)).toMatchObject({ fundedMinor: 1_250_000 });
      const [first] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, firsts[i]!.bankTxId));
      const [rest] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, rests[i]!.bankTxId));
      expect(first).toMatchObject({ appliedMinor: 500_000, returnMinor: 0 });
      expect(rest).toMatchObject({ appliedMinor: 750_000, returnMinor: 50_000 });
    }
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('keeps an unknown reference in the queue until the console assigns it or returns it', async () => {
    const { client, projectId, res } = await openTransfer();
    const admin = await sysadmin(t);
    const lost = line('SIN REFERENCIA', 1_250_000, { description: 'PAGO PLOMERO YOLANDA' });
    expect((await feed([lost])).json()).toMatchObject({ matched: 0, unmatched: 1 });
    const [row] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, lost.bankTxId));
    expect(row).toMatchObject({ status: 'unmatched', paymentId: null });
    expect((await post(t, admin, `/api/admin/statement-lines/${row!.id}/assign`, { reference: 'AY-0000-0000-0' })).statusCode).toBe(409);
    expect((await post(t, admin, `/api/admin/statement-lines/${row!.id}/assign`, { reference: res.pending.transfer.reference })).statusCode).toBe(200);
    expect(await money(client, projectId)).toMatchObject({ funded: true, heldMinor: 1_250_000 });
    // Another unknown line is returned instead.
    const stray = line('NADA', 99_900, { description: 'DEPOSITO' });
    await feed([stray]);
    const [strayRow] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, stray.bankTxId));
    expect((await post(t, admin, `/api/admin/statement-lines/${strayRow!.id}/returned`, { returnRef: 'DEV-0002', returnedOn: '2026-01-15' })).statusCode).toBe(200);
    expect((await t.db.select().from(statementLines).where(eq(statementLines.id, strayRow!.id)))[0]).toMatchObject({ status: 'returned', returnMinor: 99_900 });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('lets the client cancel a transfer nothing arrived for and pay by card instead; money arriving after goes back', async () => {
    const { client, projectId, res } = await openTransfer();
    const other = await person(t, 'client', 'Otra');
    expect((await post(t, other, `/api/projects/${projectId}/payments/${res.paymentId}/cancel`)).statusCode).toBe(404);
    expect((await post(t, client, `/api/projects/${projectId}/payments/${res.paymentId}/cancel`)).statusCode).toBe(200);
    const card = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) });
    expect(card.statusCode).toBe(200);
    // The transfer made anyway: all of it to be returned, nothing held twice.
    const late = line(res.pending.transfer.reference, 1_250_000);
    await feed([late]);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    const [row] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, late.bankTxId));
    expect(row).toMatchObject({ status: 'matched', appliedMinor: 0, returnMinor: 1_250_000 });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

/** A one-entry camt.053.001.02 as a Dominican bank exports it: a credit quoting `concept`. */
const camt = (bankRef: string, amount: string, concept: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-12-06T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><CreDtTm>2026-12-06T18:00:00</CreDtTm><Acct><Id><Othr><Id>812345678</Id></Othr></Id><Ccy>DOP</Ccy></Acct>
<Ntry><Amt Ccy="DOP">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-12-06</Dt></BookgDt><AcctSvcrRef>${bankRef}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>YOLANDA PEREZ</Nm></Dbtr></RltdPties><RmtInf><Ustrd>${concept}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
const upload = (who: { headers: Record<string, string> }, body: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/statements${query}`,
    headers: { ...who.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.from(body, 'utf8'),
  });

describe('the console’s statement import', () => {
  it('imports a camt.053 file, matches the transfer it names, and counts the same file twice once', async () => {
    const { client, projectId, res } = await openTransfer();
    const admin = await sysadmin(t);
    const file = camt(`2026120600${++seq}`, '12500.00', `PAGO ${res.pending.transfer.reference} REPARACION`);
    expect((await upload(client, file)).statusCode).toBe(403);
    const first = await upload(admin, file, '?name=popular-06-12.xml');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Estado de cuenta importado.', lines: 1, matched: 1, duplicates: 0, errors: [] });
    expect(await money(client, projectId)).toMatchObject({ funded: true, heldMinor: 1_250_000 });
    expect((await upload(admin, file)).json()).toMatchObject({ lines: 1, matched: 0, duplicates: 1 });
    // Not a statement at all: one clear sentence, nothing imported.
    const junk = await upload(admin, '<html><body>hola</body></html>');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.message).toMatch(/^El archivo/);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('reads a bank’s CSV with the layout saved for it, and says which lines it could not read', async () => {
    const { client, projectId, res } = await openTransfer();
    const admin = await sysadmin(t);
    const csv = (ref: string) =>
      [
        '"Fecha Posteo","Fecha Efectiva","Referencia","Descripción","Débito","Crédito","Balance"',
        `"06/12/2026","06/12/2026","${ref}","TRANSF ${res.pending.transfer.reference}","","12,500.00","300,000.00"`,
        `"06/12/2026","06/12/2026","${ref}X","DEPOSITO","","12,5x0.00","300,000.00"`,
      ].join('\r\n');
    expect((await upload(admin, csv(`R${++seq}`), '?bank=popular')).statusCode).toBe(404);
    const mapping = {
      bankName: 'Banco Popular Dominicano',
      encoding: 'utf-8',
      delimiter: ',',
      decimalSeparator: '.',
      dateFormat: 'dd/mm/yyyy',
      columns: { date: 'Fecha Posteo', debit: 'Débito', credit: 'Crédito', description: ['Descripción'], bankTxId: 'Referencia', balance: 'Balance' },
      currency: 'DOP',
    };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/bank-mappings/popular', headers: admin.headers, payload: mapping });
    expect(saved.statusCode, saved.body).toBe(200);
    const res2 = await upload(admin, csv(`R${++seq}`), '?bank=popular');
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json()).toMatchObject({ lines: 1, matched: 1, errors: [expect.stringMatching(/^Línea \d+: el monto «12,5x0.00» no es un número/)] });
    expect(await money(client, projectId)).toMatchObject({ funded: true });
  });
});

describe('nothing pending holds a hire forever', () => {
  it('expires a transfer at its hire’s lapse, gives back what arrived, and lets the hire lapse', async () => {
    const { client, projectId, res } = await openTransfer();
    const part = line(res.pending.transfer.reference, 300_000);
    await feed([part]);
    const after = new Date(new Date(res.pending.expiresAt).getTime() + 60_000).toISOString();
    expect(await runJob(t.app.jobs, 'payments-expiry', { at: after })).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(payments).where(eq(payments.id, res.paymentId)))[0]).toMatchObject({ status: 'expired' });
    expect((await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, part.bankTxId)))[0]).toMatchObject({ appliedMinor: 0, returnMinor: 300_000 });
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Tu pago venció');
    await runJob(t.app.jobs, 'hires-lapse', { at: after });
    expect((await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId)))[0]!.status).not.toBe('assigned');
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('expires a card payment left in its 3-D Secure challenge after PAYMENT_ACTION_MINUTES, so either side can end the hire', async () => {
    const { client, projectId } = await hired(t);
    const res = await fund(t, client, projectId, { token: await tokenize(t, CARDS.challenge) });
    expect(res.statusCode).toBe(202);
    expect((await post(t, client, `/api/projects/${projectId}/end-hire`, { reason: 'Ya no lo necesito' })).statusCode).toBe(409);
    // Before its time nothing changes; after it, expired.
    expect(await runJob(t.app.jobs, 'payments-expiry', { at: new Date(Date.now() + 29 * 60_000).toISOString() })).toBe(0);
    expect(await runJob(t.app.jobs, 'payments-expiry', { at: new Date(Date.now() + 31 * 60_000).toISOString() })).toBe(1);
    const [p] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.projectId, projectId)));
    expect(p).toMatchObject({ status: 'expired', failureCode: 'challenge_expired' });
    const ended = await post(t, client, `/api/projects/${projectId}/end-hire`, { reason: 'Ya no lo necesito' });
    expect(ended.statusCode, ended.body).toBe(200);
  });
});
