import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, moneyEvents, payments } from '../../db/schema/index.ts';
import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import { CARDS, balance, escrow, fund, funded, hired, newKey, post, setStatus, sysadmin, tokenize } from '../../../test/support/payment-factories.ts';
import { captureLog, createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { expireDuePayments } from '../payments/payment-expiry.ts';
import { allowNotices, moneyEventOf, noticesOf as notices, refuseNotices, retryMoneyEventsAfter } from '../../../test/support/money-notices.ts';

// Decision 074: a money step announces what happened; the chat's notice follows after its commit.

const log = captureLog();
let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ LOG_LEVEL: 'info' }, { log });
});
afterAll(() => t.close());

const fundedNotices = (contractorId: string) => t.db.$count(messages, and(eq(messages.recipientId, contractorId), eq(messages.noticeKind, 'projectFunded')));

describe('the money announces, the notices follow', () => {
  it('a failing notice neither rolls back nor blocks the funding, and arrives when the money-events job retries it', async () => {
    const { client, contractor, projectId } = await hired(t);
    // The chat refuses every "paid" notice: a real failure of the listener's writes, in PostgreSQL.
    await t.db.execute(sql`CREATE FUNCTION refuse_funded_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.notice_kind = 'projectFunded' THEN RAISE EXCEPTION 'chat is down'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_funded_notice BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_funded_notice()`);
    const res = await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) });
    // The client's payment went through and the money is held, whatever the chat did.
    expect(res.statusCode, res.body).toBe(200);
    expect((await escrow(t, projectId)).heldMinor).toBeGreaterThan(0);
    expect(await fundedNotices(contractor.id)).toBe(0);
    const [pending] = await t.db.select().from(moneyEvents).where(eq(moneyEvents.projectId, projectId));
    expect(pending).toMatchObject({ kind: 'funding-held', deliveredAt: null, attempts: 1, lastError: expect.stringContaining('chat is down') });
    expect(log.lines.some((l) => l.includes('money event not delivered'))).toBe(true);

    // Before its back-off has passed, the job leaves it alone.
    await t.db.execute(sql`DROP TRIGGER refuse_funded_notice ON messages`);
    expect(await runJob(t.app.jobs, 'money-events', { at: new Date().toISOString() })).toBe(0);
    expect(await fundedNotices(contractor.id)).toBe(0);

    // The chat is back: the next run after the back-off delivers the notice, once.
    const later = new Date(pending!.nextAttemptAt.getTime() + 1_000).toISOString();
    expect(await runJob(t.app.jobs, 'money-events', { at: later })).toBe(1);
    expect(await fundedNotices(contractor.id)).toBe(1);
    expect(await runJob(t.app.jobs, 'money-events', { at: later })).toBe(0);
    expect(await fundedNotices(contractor.id)).toBe(1);
    const [done] = await t.db.select().from(moneyEvents).where(eq(moneyEvents.projectId, projectId));
    expect(done).toMatchObject({ attempts: 2, lastError: null, deliveredAt: expect.any(Date) });
  });

  it('the approval releases the money whatever its notice does; the notice arrives once, later', async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    await setStatus(t, contractor, projectId, 'delivered');
    await refuse('projectApproved');
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);
    // Released to the contractor (less the fee), the notice not written: it waits, counted.
    expect(await balance(t, 'contractor_payable', { userId: contractor.id })).toBe(1_125_000);
    expect(await noticesOf(contractor.id, 'projectApproved')).toBe(0);
    const pending = await eventOf(projectId, 'project-approved');
    expect(pending).toMatchObject({ deliveredAt: null, attempts: 1, lastError: expect.stringContaining('chat is down') });
    await allow();
    await retryAfter(pending!.nextAttemptAt);
    expect(await noticesOf(contractor.id, 'projectApproved')).toBe(1);
  });

  it("a claim's decision moves the money whatever its notices do; each person is told once, later", async () => {
    const { client, contractor, projectId } = await funded(t);
    await setStatus(t, contractor, projectId, 'in_progress');
    // The claim's own notice to the contractor is told after its commit, once.
    expect((await setStatus(t, client, projectId, 'disputed', 'No terminó el trabajo.')).statusCode).toBe(200);
    expect(await noticesOf(contractor.id, 'projectDisputed')).toBe(1);
    await refuse('claimDecided');
    const decided = await post(t, await sysadmin(t), `/api/admin/projects/${projectId}/decision`, { outcome: 'refund', note: 'No se hizo el trabajo.' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await escrow(t, projectId)).toMatchObject({ refundedMinor: 1_250_000, heldMinor: 0 });
    const pending = await eventOf(projectId, 'claim-decided');
    expect(pending).toMatchObject({ deliveredAt: null, attempts: 1 });
    await allow();
    await retryAfter(pending!.nextAttemptAt);
    expect([await noticesOf(client.id, 'claimDecided'), await noticesOf(contractor.id, 'claimDecided')]).toEqual([1, 1]);
  });

  it("a transfer's instructions are told once, and its expiry holds whatever the expiry's notice does", async () => {
    const { client, projectId } = await hired(t);
    const key = newKey();
    const opened = await fund(t, client, projectId, { rail: 'transfer' }, key);
    expect(opened.statusCode, opened.body).toBe(202);
    // A retry of the same request answers the same, and tells nothing again.
    expect((await fund(t, client, projectId, { rail: 'transfer' }, key)).statusCode).toBe(202);
    expect(await noticesOf(client.id, 'paymentInstructions')).toBe(1);
    await refuse('paymentExpired');
    const due = new Date(new Date(opened.json().pending.expiresAt as string).getTime() + 60_000);
    expect(await expireDuePayments(t.app.payments.deps, undefined, due)).toBeGreaterThanOrEqual(1);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, opened.json().paymentId as string));
    expect(payment!.status).toBe('expired');
    expect(await noticesOf(client.id, 'paymentExpired')).toBe(0);
    const pending = await eventOf(projectId, 'payment-expired');
    expect(pending).toMatchObject({ deliveredAt: null, attempts: 1 });
    await allow();
    await retryAfter(pending!.nextAttemptAt);
    expect(await noticesOf(client.id, 'paymentExpired')).toBe(1);
  });
});

const refuse = (kind: NoticeKind) => refuseNotices(t, kind);
const allow = () => allowNotices(t);
const noticesOf = (userId: string, kind: NoticeKind) => notices(t, userId, kind);
const eventOf = (projectId: string, kind: string) => moneyEventOf(t, projectId, kind);
const retryAfter = (nextAttemptAt: Date) => retryMoneyEventsAfter(t, nextAttemptAt);
