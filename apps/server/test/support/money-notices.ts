import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import { messages, moneyEvents } from '../../src/db/schema/index.ts';
import { runJob } from './jobs.ts';
import type { TestApp } from './test-app.ts';

// Decision 074's tests: a money step commits its money while the chat refuses its notice (a real
// failure of the listener's writes, in PostgreSQL); the notice arrives once, on the money-events
// job's run after the back-off.

/** The chat refuses every notice of `kind` until allow(). */
export async function refuseNotices(t: TestApp, kind: NoticeKind): Promise<void> {
  await t.db.execute(
    sql.raw(`CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.notice_kind = '${kind}' THEN RAISE EXCEPTION 'chat is down'; END IF; RETURN NEW; END $$`),
  );
  await t.db.execute(sql`CREATE TRIGGER refuse_notice BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_notice()`);
}

export async function allowNotices(t: TestApp): Promise<void> {
  await t.db.execute(sql`DROP TRIGGER refuse_notice ON messages`);
  await t.db.execute(sql`DROP FUNCTION refuse_notice()`);
}

/** The notices of `kind` a person has in their conversations. */
export const noticesOf = (t: TestApp, userId: string, kind: NoticeKind) => t.db.$count(messages, and(eq(messages.recipientId, userId), eq(messages.noticeKind, kind)));

/** The announcement of `kind` a money step recorded for a project. */
export async function moneyEventOf(t: TestApp, projectId: string, kind: string) {
  const [row] = await t.db
    .select()
    .from(moneyEvents)
    .where(and(eq(moneyEvents.projectId, projectId), eq(moneyEvents.kind, kind)));
  return row;
}

/** The money-events job after the back-off: it delivers what waited, once (a second run finds nothing of it). */
export async function retryMoneyEventsAfter(t: TestApp, nextAttemptAt: Date): Promise<void> {
  const later = new Date(nextAttemptAt.getTime() + 1_000).toISOString();
  expect(await runJob(t.app.jobs, 'money-events', { at: later })).toBeGreaterThanOrEqual(1);
  expect(await runJob(t.app.jobs, 'money-events', { at: later })).toBe(0);
}
