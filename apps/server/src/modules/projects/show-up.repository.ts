import { and, desc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { RECORD_LAST_HIRES, RELIABILITY_WINDOW_DAYS, type ReliabilityKind } from '@arreglaya/shared/schemas/show-up';
import type { CountryCode } from '@arreglaya/shared/countries';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, projectArrivals, projects, quotes, reliabilityEvents, users } from '../../db/schema/index.ts';

// Queries of the record of who shows up (decision 057). Only queries; the rules are in show-up.service.ts.

/** The hire's start day: the accepted offer's start date (decision 043), else the project's. */
export async function findHireDay(db: DbOrTx, projectId: string): Promise<{ startDay: string; country: CountryCode } | undefined> {
  const [row] = await db
    .select({ startDay: sql<string>`coalesce(${quotes.startDate}, ${projects.startDate})::text`, country: projects.country })
    .from(projects)
    .leftJoin(quotes, eq(quotes.id, projects.acceptedQuoteId))
    .where(eq(projects.id, projectId));
  return row;
}

export async function findArrival(db: DbOrTx, projectId: string) {
  const [row] = await db.select().from(projectArrivals).where(eq(projectArrivals.projectId, projectId));
  return row;
}

/** Stores the one "Llegué" of a project; false when it already had one. */
export async function insertArrival(db: DbOrTx, row: { projectId: string; contractorId: string; markedAt: Date; onStartDay: boolean }): Promise<boolean> {
  const inserted = await db.insert(projectArrivals).values(row).onConflictDoNothing().returning({ projectId: projectArrivals.projectId });
  return inserted.length === 1;
}

export async function answerArrival(db: DbOrTx, projectId: string, answer: 'confirmed' | 'denied', by: string, at: Date): Promise<void> {
  await db.update(projectArrivals).set({ answer, answeredAt: at, answeredBy: by }).where(eq(projectArrivals.projectId, projectId));
}

export async function insertReliabilityEvent(db: DbOrTx, row: { contractorId: string; projectId: string; kind: ReliabilityKind; at: Date }): Promise<void> {
  await db.insert(reliabilityEvents).values(row).onConflictDoNothing();
}

const windowStart = (now: Date) => new Date(now.getTime() - RELIABILITY_WINDOW_DAYS * 86_400_000);

/** The contractor's late cancellations and no-shows within the 90 days before `now` (later than now − 90 days, up to now). */
export async function countRecentEvents(db: DbOrTx, contractorId: string, now: Date): Promise<{ late_cancellation: number; no_show: number }> {
  const rows = await db
    .select({ kind: reliabilityEvents.kind, n: sql<number>`count(*)::int` })
    .from(reliabilityEvents)
    .where(and(eq(reliabilityEvents.contractorId, contractorId), gt(reliabilityEvents.at, windowStart(now)), lte(reliabilityEvents.at, now)))
    .groupBy(reliabilityEvents.kind);
  const by = { late_cancellation: 0, no_show: 0 };
  for (const r of rows) by[r.kind] = r.n;
  return by;
}

/** Pauses the contractor unless already paused (the profile row locked by the update); true when this call paused them. */
export async function pauseContractor(db: DbOrTx, contractorId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(contractorProfiles)
    .set({ pausedAt: at })
    .where(and(eq(contractorProfiles.userId, contractorId), sql`${contractorProfiles.pausedAt} IS NULL`))
    .returning({ id: contractorProfiles.userId });
  return rows.length === 1;
}

export async function unpauseContractor(db: DbOrTx, contractorId: string): Promise<boolean> {
  const rows = await db
    .update(contractorProfiles)
    .set({ pausedAt: null })
    .where(and(eq(contractorProfiles.userId, contractorId), isNotNull(contractorProfiles.pausedAt)))
    .returning({ id: contractorProfiles.userId });
  return rows.length === 1;
}

export async function findPause(db: DbOrTx, contractorId: string) {
  const [row] = await db.select({ pausedAt: contractorProfiles.pausedAt }).from(contractorProfiles).where(eq(contractorProfiles.userId, contractorId));
  return row;
}

/** The paused contractors, most recently paused first, with their events of the 90 days before their pause. */
export async function listPaused(db: DbOrTx, limit = 200) {
  const paused = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, displayName: contractorProfiles.displayName, pausedAt: contractorProfiles.pausedAt })
    .from(contractorProfiles)
    .innerJoin(users, eq(users.id, contractorProfiles.userId))
    .where(isNotNull(contractorProfiles.pausedAt))
    .orderBy(desc(contractorProfiles.pausedAt))
    .limit(limit);
  if (paused.length === 0) return [];
  const events = await db
    .select({
      contractorId: reliabilityEvents.contractorId,
      kind: reliabilityEvents.kind,
      at: reliabilityEvents.at,
      projectId: reliabilityEvents.projectId,
      projectTitle: projects.title,
    })
    .from(reliabilityEvents)
    .innerJoin(projects, eq(projects.id, reliabilityEvents.projectId))
    .innerJoin(contractorProfiles, eq(contractorProfiles.userId, reliabilityEvents.contractorId))
    .where(
      and(
        isNotNull(contractorProfiles.pausedAt),
        lte(reliabilityEvents.at, contractorProfiles.pausedAt),
        sql`${reliabilityEvents.at} > ${contractorProfiles.pausedAt} - make_interval(days => ${RELIABILITY_WINDOW_DAYS})`,
      ),
    )
    .orderBy(reliabilityEvents.at);
  return paused.map((p) => ({ ...p, events: events.filter((e) => e.contractorId === p.id) }));
}

/**
 * The public record's counts, in one statement (decision 057): the contractor's ended hires (a
 * project hired to them that ended completado or cancelled; a hire undone before funding reopened
 * the project without them and is not one), the last RECORD_LAST_HIRES of them by when they ended,
 * how many of those were completed, how many had a show-up recorded (a "Llegué" or a late
 * cancellation or no-show) and how many of those arrived on time: "Llegué" marked on the start day
 * and confirmed by the client, or left unanswered by a client who then approved the work.
 */
export async function readRecord(db: DbOrTx, contractorId: string) {
  const r = await db.execute<{ ended: number; counted: number; completed: number; due: number; on_time: number }>(sql`
    WITH ended AS (
      SELECT p.id, p.status FROM projects p
       WHERE p.contractor_id = ${contractorId} AND p.status IN ('completado', 'cancelled')
       ORDER BY coalesce(p.completed_at, p.cancelled_at, p.updated_at) DESC, p.id DESC
       LIMIT ${RECORD_LAST_HIRES})
    SELECT
      (SELECT count(*)::int FROM projects WHERE contractor_id = ${contractorId} AND status IN ('completado', 'cancelled')) AS ended,
      count(*)::int AS counted,
      count(*) FILTER (WHERE e.status = 'completado')::int AS completed,
      count(*) FILTER (WHERE a.project_id IS NOT NULL OR ev.id IS NOT NULL)::int AS due,
      count(*) FILTER (WHERE a.on_start_day AND (a.answer = 'confirmed' OR (a.answer IS NULL AND e.status = 'completado')))::int AS on_time
    FROM ended e
    LEFT JOIN project_arrivals a ON a.project_id = e.id
    LEFT JOIN reliability_events ev ON ev.project_id = e.id`);
  return r.rows[0]!;
}
