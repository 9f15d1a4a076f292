import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { showUp as tsu } from '@arreglaya/shared/i18n/show-up';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { emailOutbox, processorRefunds, projects } from '../../db/schema/index.ts';
import { allowNotices, moneyEventOf, noticesOf, refuseNotices, retryMoneyEventsAfter } from '../../../test/support/money-notices.ts';
import { CARDS, escrow, fund, hired, post, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { captureLog, createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// Decision 074, the last notices that were inside money transactions: a hire called off by a
// sysadmin, the contractor stepping back, a no-show, and a transfer given back by the console.
// Each commits its money while the chat refuses its notice; the notice arrives once, later.

const DAY = 86_400_000;
const PRICE = 1_250_000;
const FEED_TOKEN = 'feed-token-for-the-hire-end-notices-0123';
const log = captureLog();
let now = new Date();
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ LOG_LEVEL: 'info', STATEMENT_FEED_TOKEN: FEED_TOKEN }, { log, clock: () => now });
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date();
});

/** A hired project funded by card, the offer starting today. */
async function fundedHire() {
  const h = await hired(t);
  expect((await fund(t, h.client, h.projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
  return h;
}

const status = async (projectId: string) => (await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId)))[0]!.status;

/** The step's announcement waits, counted, its money committed; once the chat is back, the job's run after the back-off tells it. */
async function toldLater(projectId: string, kind: string) {
  const pending = await moneyEventOf(t, projectId, kind);
  expect(pending).toMatchObject({ deliveredAt: null, attempts: 1, lastError: expect.stringContaining('chat is down') });
  await allowNotices(t);
  await retryMoneyEventsAfter(t, pending!.nextAttemptAt);
}

describe('a hire that ends with its money refunded tells people after the commit', () => {
  it("a sysadmin's cancellation refunds whatever its notices do; both people are told once, later", async () => {
    const { client, contractor, projectId } = await fundedHire();
    await refuseNotices(t, 'projectCancelled');
    const res = await post(t, await sysadmin(t), `/api/admin/projects/${projectId}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refunded: PRICE });
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: PRICE, heldMinor: 0 });
    expect([await noticesOf(t, client.id, 'projectCancelled'), await noticesOf(t, contractor.id, 'projectCancelled')]).toEqual([0, 0]);
    await toldLater(projectId, 'project-cancelled');
    expect([await noticesOf(t, client.id, 'projectCancelled'), await noticesOf(t, contractor.id, 'projectCancelled')]).toEqual([1, 1]);
  });

  it('the contractor stepping back refunds whatever the notice does; the client is told once, with his reason', async () => {
    const { client, contractor, projectId } = await fundedHire();
    await refuseNotices(t, 'projectCancelled');
    const res = await post(t, contractor, `/api/projects/${projectId}/end-hire`, { reason: 'Se me dañó la camioneta.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: PRICE, heldMinor: 0 });
    expect(await noticesOf(t, client.id, 'projectCancelled')).toBe(0);
    await toldLater(projectId, 'hire-stepped-back');
    expect(await noticesOf(t, client.id, 'projectCancelled')).toBe(1);
    await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === tsu.mail.cancelledSubject && m.text.includes('Se me dañó la camioneta.'));
  });

  it('a no-show refunds whatever the notice does; the contractor is told once', async () => {
    const { client, contractor, projectId } = await fundedHire();
    now = new Date(Date.now() + DAY);
    await refuseNotices(t, 'projectCancelled');
    const res = await post(t, client, `/api/projects/${projectId}/arrival/answer`, { arrived: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(projectId)).toBe('cancelled');
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: PRICE, heldMinor: 0 });
    expect(await noticesOf(t, contractor.id, 'projectCancelled')).toBe(0);
    await toldLater(projectId, 'no-show-reported');
    expect(await noticesOf(t, contractor.id, 'projectCancelled')).toBe(1);
  });

  it("the console's record of a transfer given back holds whatever the notice does; the client is told once", async () => {
    const { client, projectId } = await hired(t);
    const opened = await fund(t, client, projectId, { rail: 'transfer' });
    expect(opened.statusCode, opened.body).toBe(202);
    const reference = opened.json().pending.transfer.reference as string;
    const line = {
      bankTxId: `BHD-${Date.now()}`,
      bookedOn: todayIn('DO'),
      amount: (PRICE / 100).toFixed(2),
      currency: 'DOP',
      direction: 'credit',
      description: `TRANSF ${reference}`,
    };
    const fed = await t.app.inject({ method: 'POST', url: '/api/bank/statement-lines', headers: { authorization: `Bearer ${FEED_TOKEN}` }, payload: { lines: [line] } });
    expect(fed.json()).toMatchObject({ matched: 1 });
    const admin = await sysadmin(t);
    expect((await post(t, admin, `/api/admin/projects/${projectId}/cancel`)).statusCode).toBe(200);
    const [refund] = await t.db
      .select()
      .from(processorRefunds)
      .where(eq(processorRefunds.paymentId, opened.json().paymentId as string));
    await refuseNotices(t, 'refundSent');
    const res = await post(t, admin, `/api/admin/transfer-refunds/${refund!.id}/returned`, { returnRef: 'DEV-2026-1208-001', returnedOn: todayIn('DO') });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(processorRefunds).where(eq(processorRefunds.id, refund!.id));
    expect(after).toMatchObject({ status: 'succeeded', processorRef: 'DEV-2026-1208-001' });
    expect(await noticesOf(t, client.id, 'refundSent')).toBe(0);
    await toldLater(projectId, 'transfer-returned');
    expect(await noticesOf(t, client.id, 'refundSent')).toBe(1);
    const mails = await t.db.$count(emailOutbox, eq(emailOutbox.subject, ts.returnNotice.subject));
    expect(mails).toBe(1);
  });
});
