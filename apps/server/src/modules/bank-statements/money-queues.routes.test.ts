import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { normalizeReference } from '@arreglaya/shared/transfer-reference';
import { emailOutbox, messages, moneyAlerts, payments, processorRefunds, statementLines } from '../../db/schema/index.ts';
import { fund, funded, hired, sysadmin } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { checkLedger } from '../payments/ledger-check.ts';

// The console's money queues (issue 47): what ArreglaYa owes back by transfer (a transfer-funded
// refund, an overpayment, money on an expired reference) recorded once with the bank's reference
// and day, the client told; the money alerts reviewed with a note; the banks' saved CSV layouts read.

const FEED_TOKEN = 'feed-token-for-the-console-0123456789';
let t: MailTestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestAppWithMail({ STATEMENT_FEED_TOKEN: FEED_TOKEN });
});
// A sysadmin of its own for each test: the console takes 30 writes a minute from one.
beforeEach(async () => {
  admin = await sysadmin(t);
});
afterAll(() => t.close());

let seq = 0;
const line = (reference: string, amountMinor: number, extra: Record<string, unknown> = {}) => ({
  bankTxId: `BHD-${Date.now()}-${++seq}`,
  bookedOn: '2026-12-06',
  amount: (amountMinor / 100).toFixed(2),
  currency: 'DOP',
  direction: 'credit',
  description: `TRANSF ${reference} PAGO`,
  payerName: 'YOLANDA PEREZ GOMEZ',
  ...extra,
});
const feed = (lines: unknown[]) => t.app.inject({ method: 'POST', url: '/api/bank/statement-lines', headers: { authorization: `Bearer ${FEED_TOKEN}` }, payload: { lines } });
// Each request from an address of its own: the per-address write limit is another test's subject.
let ip = 0;
const nextIp = () => `10.47.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;
const post = (_t: MailTestApp, who: Person | null, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const raw = (who: Person, url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { ...who.headers, 'content-type': contentType }, payload, remoteAddress: nextIp() });
const today = () => todayIn('DO');
/** Another sysadmin for each burst: the console takes 30 writes a minute from one. */
const freshAdmin = () => sysadmin(t);

async function openTransfer() {
  const h = await hired(t);
  const res = await fund(t, h.client, h.projectId, { rail: 'transfer' });
  expect(res.statusCode, res.body).toBe(202);
  return { ...h, reference: res.json().pending.transfer.reference as string, paymentId: res.json().paymentId as string };
}

type Owed = { kind: string; id: string; reason: string; amountMinor: number; clientName: string | null; payerName: string | null; reference: string | null; since: string };
const owed = async (): Promise<Owed[]> => (await get(admin, '/api/admin/transfer-returns')).json().items;

/** 50 identical requests at once: each a 200 or (past the console's write limit) a 429, never a 5xx. */
async function fifty(who: Person, url: string, body: unknown) {
  const answers = await Promise.all(Array.from({ length: 50 }, () => post(t, who, url, body)));
  const codes = answers.map((a) => a.statusCode);
  expect(
    codes.every((c) => c === 200 || c === 429),
    codes.join(','),
  ).toBe(true);
  expect(codes.filter((c) => c === 200).length).toBeGreaterThan(0);
}

/** The client-facing notices and mails of a return, for one person. */
const toldOf = async (userId: string, email: string) => ({
  notices: await t.db.$count(messages, and(eq(messages.recipientId, userId), eq(messages.noticeKind, 'refundSent'))),
  mails: await t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, ts.returnNotice.subject))),
});

describe('money owed back by transfer', () => {
  it('lists a transfer-funded refund (who, why, since), records its return once for 50 identical requests, tells the client once, and the ledger counts it settled', async () => {
    const { client, projectId, reference, paymentId } = await openTransfer();
    expect((await feed([line(reference, 1_250_000)])).json()).toMatchObject({ matched: 1 });
    // Called off by both sides: everything held is refunded, by a bank transfer since it came by one.
    expect((await post(t, admin, `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(200);
    const [refund] = await t.db.select().from(processorRefunds).where(eq(processorRefunds.paymentId, paymentId));
    expect(refund).toMatchObject({ status: 'pending', amountMinor: 1_250_000 });
    // Queued, not a problem.
    expect(await checkLedger(t.db)).toEqual([]);

    // Only a sysadmin reads the list.
    expect((await get(null, '/api/admin/transfer-returns')).statusCode).toBe(401);
    expect((await get(client, '/api/admin/transfer-returns')).statusCode).toBe(403);
    const item = (await owed()).find((i) => i.id === refund!.id);
    expect(item).toMatchObject({
      kind: 'refund',
      reason: 'hireEnded',
      amountMinor: 1_250_000,
      currency: 'DOP',
      clientName: expect.stringContaining('Yolanda'),
      payerName: 'YOLANDA PEREZ GOMEZ',
      reference: normalizeReference(reference),
      projectTitle: expect.any(String),
    });
    expect(Date.parse(item!.since)).toBeGreaterThan(Date.now() - 3_600_000);

    const url = `/api/admin/transfer-refunds/${refund!.id}/returned`;
    const body = { returnRef: 'DEV-2026-1206-001', returnedOn: today() };
    // A client or a contractor: 403, nothing recorded.
    expect((await post(t, client, url, body)).statusCode).toBe(403);
    // Validation: clear Spanish, per field; never a 500.
    const empty = await post(t, admin, url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({ returnRef: 'Campo obligatorio.', returnedOn: 'Campo obligatorio.' });
    const future = await post(t, admin, url, { ...body, returnedOn: '2999-01-01' });
    expect(future.json().error.fields.returnedOn).toBe(ts.returns.dateInFuture);
    expect((await post(t, admin, url, { ...body, returnedOn: '06/12/2026' })).json().error.fields.returnedOn).toBe(ts.returns.dateInvalid);
    expect((await post(t, admin, url, { ...body, returnedOn: '2019-05-01' })).json().error.fields.returnedOn).toBe(ts.returns.dateTooOld);
    expect((await post(t, admin, url, { ...body, returnRef: 'DEV\u0000001' })).json().error.fields.returnRef).toMatch(/caracteres invisibles/);
    expect((await raw(admin, url, '{"returnRef":')).statusCode).toBe(400);
    expect((await raw(admin, url, '')).statusCode).toBe(400);
    expect((await raw(admin, url, JSON.stringify({ ...body, returnRef: 'x'.repeat(2_000_000) }))).statusCode).toBe(413);
    expect((await post(t, admin, '/api/admin/transfer-refunds/no-es-un-id/returned', body)).statusCode).toBe(400);
    const unknown = await post(t, admin, '/api/admin/transfer-refunds/00000000-0000-4000-8000-000000000000/returned', body);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(ts.returns.notFound);
    expect(await t.db.select({ status: processorRefunds.status }).from(processorRefunds).where(eq(processorRefunds.id, refund!.id))).toEqual([{ status: 'pending' }]);

    await fifty(await freshAdmin(), url, body);
    const [done] = await t.db.select().from(processorRefunds).where(eq(processorRefunds.id, refund!.id));
    expect(done).toMatchObject({ status: 'succeeded', processorRef: 'DEV-2026-1206-001', returnedOn: today() });
    expect(await toldOf(client.id, client.email)).toEqual({ notices: 1, mails: 1 });
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === ts.returnNotice.subject);
    expect(mail.text).toContain('RD$12,500.00');
    expect(mail.text).toContain('DEV-2026-1206-001');
    // The same again: a replay; another reference: refused, named.
    expect((await post(t, admin, url, body)).statusCode).toBe(200);
    const other = await post(t, admin, url, { ...body, returnRef: 'DEV-OTRA' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(ts.returns.otherReference('DEV-2026-1206-001'));
    expect(await toldOf(client.id, client.email)).toEqual({ notices: 1, mails: 1 });
    expect((await owed()).map((i) => i.id)).not.toContain(refund!.id);
    expect(await checkLedger(t.db)).toEqual([]);

    // ledger:check: a transfer refund settled without its return recorded is named.
    await t.db.update(processorRefunds).set({ returnedOn: null }).where(eq(processorRefunds.id, refund!.id));
    expect(await checkLedger(t.db)).toEqual([`transfer refund ${refund!.id} is settled without its return recorded (the bank's reference and day)`]);
    await t.db.update(processorRefunds).set({ returnedOn: today() }).where(eq(processorRefunds.id, refund!.id));
  });

  it('refuses to record a card refund as returned by transfer, and does not list it', async () => {
    const { projectId } = await funded(t);
    expect((await post(t, admin, `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(200);
    const [cardRefund] = await t.db
      .select({ id: processorRefunds.id })
      .from(processorRefunds)
      .innerJoin(payments, eq(payments.id, processorRefunds.paymentId))
      .where(eq(payments.projectId, projectId));
    expect((await owed()).map((i) => i.id)).not.toContain(cardRefund!.id);
    const res = await post(t, admin, `/api/admin/transfer-refunds/${cardRefund!.id}/returned`, { returnRef: 'X-1', returnedOn: today() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ts.returns.notTransfer);
  });

  it('lists an overpayment and the money of an expired reference with their reasons, and records each line once', async () => {
    // Paid 500 more than agreed.
    const over = await openTransfer();
    const extra = line(over.reference, 1_300_000);
    await feed([extra]);
    // Part paid, then the reference expired: what arrived goes back.
    const late = await openTransfer();
    const part = line(late.reference, 300_000, { payerName: 'MARIA ROSARIO' });
    await feed([part]);
    const after = new Date(Date.now() + 8 * 24 * 3_600_000).toISOString();
    await runJob(t.app.jobs, 'payments-expiry', { at: after });
    const [overRow] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, extra.bankTxId));
    const [partRow] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, part.bankTxId));

    const items = await owed();
    expect(items.find((i) => i.id === overRow!.id)).toMatchObject({
      kind: 'line',
      reason: 'overpayment',
      amountMinor: 50_000,
      payerName: 'YOLANDA PEREZ GOMEZ',
      reference: normalizeReference(over.reference),
    });
    expect(items.find((i) => i.id === partRow!.id)).toMatchObject({ kind: 'line', reason: 'expiredReference', amountMinor: 300_000, payerName: 'MARIA ROSARIO' });
    // Neither waits in the queue of credits to assign.
    const queue = (await get(admin, '/api/admin/statement-lines')).json().items.map((i: { id: string }) => i.id);
    expect(queue).not.toContain(overRow!.id);

    const url = `/api/admin/statement-lines/${overRow!.id}/returned`;
    const body = { returnRef: 'DEV-EXCESO-7', returnedOn: today() };
    expect((await post(t, over.contractor, url, body)).statusCode).toBe(403);
    expect((await post(t, admin, url, { returnRef: 'DEV-EXCESO-7' })).json().error.fields.returnedOn).toBe('Campo obligatorio.');
    await fifty(await freshAdmin(), url, body);
    const [overDone] = await t.db.select().from(statementLines).where(eq(statementLines.id, overRow!.id));
    expect(overDone).toMatchObject({ status: 'matched', returnRef: 'DEV-EXCESO-7', returnedOn: today(), returnMinor: 50_000 });
    expect(await toldOf(over.client.id, over.client.email)).toMatchObject({ mails: 1 });
    expect((await post(t, admin, url, { ...body, returnRef: 'DEV-OTRA' })).statusCode).toBe(409);

    expect((await post(t, admin, `/api/admin/statement-lines/${partRow!.id}/returned`, { returnRef: 'DEV-VENCIDA-1', returnedOn: today() })).statusCode).toBe(200);
    expect(await toldOf(late.client.id, late.client.email)).toMatchObject({ mails: 1 });
    const left = (await owed()).map((i) => i.id);
    expect(left).not.toContain(overRow!.id);
    expect(left).not.toContain(partRow!.id);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('records an unknown credit given back whole, with its day', async () => {
    const stray = line('NADA', 77_700, { description: 'DEPOSITO SIN REFERENCIA' });
    await feed([stray]);
    const [row] = await t.db.select().from(statementLines).where(eq(statementLines.bankTxId, stray.bankTxId));
    const res = await post(t, admin, `/api/admin/statement-lines/${row!.id}/returned`, { returnRef: 'DEV-DESCONOCIDO', returnedOn: '2026-01-15' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.select().from(statementLines).where(eq(statementLines.id, row!.id)))[0]).toMatchObject({
      status: 'returned',
      returnMinor: 77_700,
      returnedOn: '2026-01-15',
    });
    expect((await post(t, admin, '/api/admin/statement-lines/00000000-0000-4000-8000-000000000000/returned', { returnRef: 'X', returnedOn: today() })).statusCode).toBe(404);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('money alerts', () => {
  it('lists the open ones with what was expected and what came, and marks one reviewed with a note, once', async () => {
    const { client, paymentId } = await openTransfer();
    const [alert] = await t.db
      .insert(moneyAlerts)
      .values({
        kind: 'amount_mismatch',
        paymentId,
        dedupeKey: `test:${paymentId}`,
        details: { expected: { amountMinor: 1_250_000, currency: 'DOP' }, notified: { amountMinor: 12_500, currency: 'USD' } },
      })
      .returning();
    expect((await get(client, '/api/admin/money-alerts')).statusCode).toBe(403);
    const listed = (await get(admin, '/api/admin/money-alerts')).json().items;
    expect(listed.find((a: { id: string }) => a.id === alert!.id)).toMatchObject({
      kind: 'amount_mismatch',
      paymentId,
      expected: { amountMinor: 1_250_000, currency: 'DOP' },
      received: { amountMinor: 12_500, currency: 'USD' },
      clientName: expect.stringContaining('Yolanda'),
    });

    const url = `/api/admin/money-alerts/${alert!.id}/reviewed`;
    const body = { note: 'Llamé al banco: el cliente pagó en dólares por error.\nSe le devolverá por dLocal.' };
    expect((await post(t, client, url, body)).statusCode).toBe(403);
    expect((await post(t, admin, url, { note: '   ' })).json().error.fields.note).toBe('Campo obligatorio.');
    expect((await post(t, admin, url, { note: 'a\u0007b' })).statusCode).toBe(400);
    expect((await post(t, admin, url, { note: 'x'.repeat(501) })).json().error.fields.note).toBe('Máximo 500 caracteres.');
    expect((await raw(admin, url, 'null')).statusCode).toBe(400);
    expect((await post(t, admin, '/api/admin/money-alerts/00000000-0000-4000-8000-000000000000/reviewed', body)).statusCode).toBe(404);
    await fifty(await freshAdmin(), url, body);
    const [done] = await t.db.select().from(moneyAlerts).where(eq(moneyAlerts.id, alert!.id));
    expect(done).toMatchObject({ resolutionNote: body.note, resolvedAt: expect.any(Date) });
    const again = await post(t, admin, url, { note: 'Otra nota' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ts.alerts.alreadyReviewed);
    expect((await get(admin, '/api/admin/money-alerts')).json().items.map((a: { id: string }) => a.id)).not.toContain(alert!.id);
  });
});

describe('the banks’ saved CSV layouts', () => {
  it('reads back every saved layout, for sysadmins only', async () => {
    const client = await person(t, 'client', 'Curiosa');
    const mapping = {
      bankName: 'Banco BHD',
      dateFormat: 'dd/mm/yyyy',
      delimiter: ';',
      decimalSeparator: ',',
      columns: { date: 'Fecha', amount: 3, description: ['Concepto', 'Detalle'], bankTxId: 'Referencia' },
      currency: 'dop',
    };
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/bank-mappings/BHD', headers: admin.headers, payload: mapping })).statusCode).toBe(200);
    expect((await get(client, '/api/admin/bank-mappings')).statusCode).toBe(403);
    const res = await get(admin, '/api/admin/bank-mappings');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().items.find((i: { bank: string }) => i.bank === 'bhd')).toMatchObject({
      bank: 'bhd',
      mapping: {
        bankName: 'Banco BHD',
        encoding: 'utf-8',
        delimiter: ';',
        decimalSeparator: ',',
        dateFormat: 'dd/mm/yyyy',
        hasHeader: true,
        skipRows: 0,
        footerRows: 0,
        columns: { date: 'Fecha', amount: 3, description: ['Concepto', 'Detalle'], bankTxId: 'Referencia' },
        currency: 'DOP',
      },
      updatedAt: expect.any(String),
    });
  });
});
