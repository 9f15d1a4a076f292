import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, moneyEvents } from '../../db/schema/index.ts';
import { CARDS, escrow, fund, hired, tokenize } from '../../../test/support/payment-factories.ts';
import { captureLog, createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { runJob } from '../../../test/support/jobs.ts';

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
});
