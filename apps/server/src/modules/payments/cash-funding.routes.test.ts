import { formatDayTime } from '@arreglaya/shared/format-dates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, messages, moneyAlerts, payments, processorRefunds, projects } from '../../db/schema/index.ts';
import { escrow, hired, fund, newKey, post, tokenize, CARDS } from '../../../test/support/payment-factories.ts';
import { person } from '../../../test/support/project-factories.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { signNotification } from '../dlocal/dlocal-signature.ts';
import { DLOCAL_SANDBOX_CREDENTIALS } from '../dlocal/sandbox/sandbox-core.ts';
import { DLOCAL_NOTIFICATION_PATH } from './dlocal-notifications.routes.ts';
import { checkLedger } from './ledger-check.ts';

// Payment protection in cash (issue 47, decision 051): a voucher from dLocal (its built-in stand-in
// here, the same HTTP contract), paid at the counter, held only when dLocal's signed notification
// says PAID; a bad signature, a replay or a wrong amount holds nothing.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const standIn = () => t.app.payments.dlocalSandbox!;
const money = async (who: { headers: Record<string, string> }, projectId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: who.headers })).json().money;
const deliver = (at = new Date()) => runJob(t.app.jobs, 'dlocal-sandbox-notifications', { at: at.toISOString() });
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

async function openVoucher() {
  const h = await hired(t);
  const res = await fund(t, h.client, h.projectId, { rail: 'cash' });
  expect(res.statusCode, res.body).toBe(202);
  return { ...h, res: res.json() };
}

/** A notification as dLocal would send it, signed with the stand-in's merchant credentials. */
function notification(body: object, secretKey = DLOCAL_SANDBOX_CREDENTIALS.secretKey) {
  const raw = JSON.stringify(body);
  const headers = signNotification({ login: DLOCAL_SANDBOX_CREDENTIALS.login, secretKey, date: new Date(), body: raw });
  return t.app.inject({ method: 'POST', url: DLOCAL_NOTIFICATION_PATH, headers, payload: raw });
}

describe('funding in cash', () => {
  it('gives a voucher to pay at Banco Popular before the hire would lapse, holds nothing until dLocal says PAID, then holds it once', async () => {
    const { client, contractor, projectId, res } = await openVoucher();
    expect(res).toMatchObject({
      status: 'pending',
      message: 'Paga el comprobante en efectivo antes de la fecha indicada. El dinero queda retenido cuando el banco confirme el pago.',
      pending: { rail: 'cash', amountMinor: 1_250_000, voucher: { number: expect.stringMatching(/^\d{8,}$/), company: 'Banco Popular' }, transfer: null },
    });
    // Due an hour before the hire would lapse (HIRE_PAYMENT_HOURS = 72), at the latest.
    const [p] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(new Date(res.pending.expiresAt).getTime()).toBeLessThanOrEqual(p!.assignedAt!.getTime() + 71 * 3_600_000);
    expect(await money(client, projectId)).toMatchObject({ funded: false, heldMinor: 0, pending: { voucher: { number: res.pending.voucher.number } } });
    expect((await post(t, contractor, `/api/projects/${projectId}/status`, { status: 'in_progress' })).statusCode).toBe(409);

    // Paid at the counter; dLocal's signed notification arrives and the money is held.
    const row = await paymentRow(res.paymentId);
    expect(await standIn().payTicket(row.processorRef!)).not.toBeNull();
    await deliver();
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000, heldMinor: 1_250_000 });
    expect(await money(client, projectId)).toMatchObject({ funded: true, pending: null });
    // dLocal retries and replays: nothing is held twice.
    await standIn().replayLatestNotification(row.processorRef!);
    await deliver();
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 1_250_000 });
    expect((await post(t, contractor, `/api/projects/${projectId}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses a notification with a bad signature and changes nothing; a PAID of another amount holds nothing and raises a console alert', async () => {
    const { projectId, res } = await openVoucher();
    const row = await paymentRow(res.paymentId);
    const paid = {
      id: row.processorRef,
      amount: 12_500,
      currency: 'DOP',
      country: 'DO',
      payment_method_id: 'ZP',
      payment_method_type: 'TICKET',
      payment_method_flow: 'DIRECT',
      status: 'PAID',
      status_code: '200',
      status_detail: 'The payment was paid.',
      order_id: res.paymentId,
      created_date: new Date().toISOString(),
    };
    const forged = await notification(paid, 'not-the-secret-key');
    expect(forged.statusCode).toBe(401);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 0 });
    const wrong = await notification({ ...paid, amount: 125 });
    expect(wrong.statusCode).toBe(200);
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 0 });
    expect(await t.db.$count(moneyAlerts, eq(moneyAlerts.paymentId, res.paymentId))).toBe(1);
    // Replayed: still one alert.
    await notification({ ...paid, amount: 125 });
    expect(await t.db.$count(moneyAlerts, eq(moneyAlerts.paymentId, res.paymentId))).toBe(1);
    // Control characters and an empty body: a 4xx, never a 500.
    expect((await t.app.inject({ method: 'POST', url: DLOCAL_NOTIFICATION_PATH, headers: { 'content-type': 'application/json' }, payload: '' })).statusCode).toBeLessThan(500);
    expect((await notification({ id: '\u0000\u0007', status: 'PAID' })).statusCode).toBe(400);
  });

  it('refunds a voucher paid after it was given up and the hire was paid by card: nothing is held twice', async () => {
    const { client, projectId, res } = await openVoucher();
    expect((await post(t, client, `/api/projects/${projectId}/payments/${res.paymentId}/cancel`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    const row = await paymentRow(res.paymentId);
    await standIn().payTicket(row.processorRef!);
    await deliver();
    expect(await escrow(t, projectId)).toMatchObject({ fundedMinor: 2_500_000, refundedMinor: 1_250_000, heldMinor: 1_250_000 });
    expect(await t.db.$count(processorRefunds, eq(processorRefunds.paymentId, res.paymentId))).toBe(1);
    // The refund goes to dLocal (which collected the cash), once whatever the sweeps.
    await runJob(t.app.jobs, 'payments-refunds');
    await runJob(t.app.jobs, 'payments-refunds');
    const [refund] = await t.db.select().from(processorRefunds).where(eq(processorRefunds.paymentId, res.paymentId));
    expect(refund).toMatchObject({ status: 'succeeded', processorRef: expect.any(String) });
    expect(await checkLedger(t.db)).toEqual([]);
    // The client's refund receipt says how cash comes back (a bank transfer), not "to your card".
    const receipt = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Reembolso');
    expect(receipt.text).toContain('Como pagaste en efectivo, te llega por transferencia bancaria');
    expect(receipt.text).not.toContain('a tu tarjeta');
  });

  it('expires an unpaid voucher at its due time, so the hire lapses', async () => {
    const { projectId, res } = await openVoucher();
    const after = new Date(new Date(res.pending.expiresAt).getTime() + 60_000);
    expect(await runJob(t.app.jobs, 'payments-expiry', { at: after.toISOString() })).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(res.paymentId)).toMatchObject({ status: 'expired' });
    await runJob(t.app.jobs, 'hires-lapse', { at: new Date(after.getTime() + 3_600_000).toISOString() });
    expect((await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId)))[0]!.status).not.toBe('assigned');
    // Someone else cannot open or cancel one on this project.
    const other = await person(t, 'client', 'Otra');
    expect((await fund(t, other, projectId, { rail: 'cash' })).statusCode).toBe(404);
  });
});

describe('how to pay, told once', () => {
  const HOW_TO_PAY = 'ArreglaYa - Cómo completar tu pago';
  const told = async (userId: string) => ({
    notices: await t.db.$count(messages, and(eq(messages.recipientId, userId), eq(messages.noticeKind, 'paymentInstructions'))),
    mails: await t.db.$count(emailOutbox, eq(emailOutbox.subject, HOW_TO_PAY)),
  });

  it('a voucher asked 50 times at once (one key) is one notice and one mail, with the amount, number, where to pay, due time and link', async () => {
    const { client, projectId } = await hired(t);
    const key = newKey();
    const before = await told(client.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => fund(t, client, projectId, { rail: 'cash' }, key)));
    expect(answers.every((a) => a.statusCode === 202)).toBe(true);
    const { pending } = answers[0]!.json();
    expect(new Set(answers.map((a) => a.json().pending.voucher.number))).toEqual(new Set([pending.voucher.number]));
    const after = await told(client.id);
    expect(after.notices - before.notices).toBe(1);
    expect(after.mails - before.mails).toBe(1);

    const due = formatDayTime(new Date(pending.expiresAt), 'es-DO', 'America/Santo_Domingo');
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === HOW_TO_PAY);
    expect(mail.text).toContain('RD$12,500.00');
    expect(mail.text).toContain(pending.voucher.number);
    expect(mail.text).toContain('sucursal o subagente de Banco Popular');
    expect(mail.text).toContain(`antes del ${due}`);
    expect(mail.text).toContain(`/proyectos/${projectId}`);
    // Its notice, in the client's centre.
    const notices = (await t.app.inject({ method: 'GET', url: '/api/me/notices', headers: client.headers })).json();
    expect(notices.items[0]).toMatchObject({ kind: 'paymentInstructions', title: 'Cómo completar tu pago', url: `/proyectos/${projectId}` });
    // The same key again: the first answer, nothing told again.
    expect((await fund(t, client, projectId, { rail: 'cash' }, key)).statusCode).toBe(202);
    expect(await told(client.id)).toEqual(after);
  });

  it('a transfer reference is told once too, with the account and the reference', async () => {
    const { client, projectId } = await hired(t);
    const key = newKey();
    const before = await told(client.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => fund(t, client, projectId, { rail: 'transfer' }, key)));
    expect(answers.every((a) => a.statusCode === 202)).toBe(true);
    const after = await told(client.id);
    expect(after.notices - before.notices).toBe(1);
    expect(after.mails - before.mails).toBe(1);
    const { pending } = answers[0]!.json();
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === HOW_TO_PAY && m.text.includes(pending.transfer.reference));
    expect(mail.text).toContain(pending.transfer.accountNumber);
    expect(mail.text).toContain(`/proyectos/${projectId}`);
  });
});
