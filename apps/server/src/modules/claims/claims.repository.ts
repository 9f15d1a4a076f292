import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { claims, projects } from '../../db/schema/index.ts';

export type ClaimRow = typeof claims.$inferSelect;

const claimProjectColumns = {
  id: projects.id,
  title: projects.title,
  clientId: projects.clientId,
  contractorId: projects.contractorId,
  status: projects.status,
  deliveredAt: projects.deliveredAt,
  autoApprovedAt: projects.autoApprovedAt,
  completedAt: projects.completedAt,
};

/** What the guarantee reads of a project: its people, status and the times its window counts from. */
export async function findClaimProject(db: DbOrTx, projectId: string) {
  const [row] = await db.select(claimProjectColumns).from(projects).where(eq(projects.id, projectId));
  return row;
}

/** The same, the project locked (an answer waits for a decision or a claim under way on it). */
export async function lockClaimProject(tx: DbOrTx, projectId: string) {
  const [row] = await tx.select(claimProjectColumns).from(projects).where(eq(projects.id, projectId)).for('update');
  return row;
}

export async function insertClaim(tx: DbOrTx, row: typeof claims.$inferInsert): Promise<ClaimRow | undefined> {
  // One undecided claim per project and kind (claims_open_project_idx): a second one is not stored.
  const [inserted] = await tx.insert(claims).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The project's latest claim (the open one, or the last decided). */
export async function findLatestClaim(db: DbOrTx, projectId: string): Promise<ClaimRow | undefined> {
  const [row] = await db.select().from(claims).where(eq(claims.projectId, projectId)).orderBy(desc(claims.openedAt)).limit(1);
  return row;
}

/** The latest claim of each of these projects. */
export async function findLatestClaims(db: DbOrTx, projectIds: string[]): Promise<ClaimRow[]> {
  if (projectIds.length === 0) return [];
  return db.selectDistinctOn([claims.projectId]).from(claims).where(inArray(claims.projectId, projectIds)).orderBy(claims.projectId, desc(claims.openedAt));
}

export async function lockOpenClaim(tx: DbOrTx, projectId: string): Promise<ClaimRow | undefined> {
  const [row] = await tx
    .select()
    .from(claims)
    .where(and(eq(claims.projectId, projectId), isNull(claims.decidedAt)))
    .for('update');
  return row;
}

export async function setClaimAnswer(tx: DbOrTx, id: string, answer: string, at: Date): Promise<void> {
  await tx.update(claims).set({ answer, answeredAt: at }).where(eq(claims.id, id));
}

export async function markClaimsDecided(tx: DbOrTx, projectId: string, at: Date): Promise<void> {
  await tx
    .update(claims)
    .set({ decidedAt: at })
    .where(and(eq(claims.projectId, projectId), isNull(claims.decidedAt)));
}

/** Undecided claims past their answer's deadline without an answer: marked escalated ("Sin respuesta"). */
export async function escalateUnanswered(tx: DbOrTx, now: Date): Promise<ClaimRow[]> {
  return tx
    .update(claims)
    .set({ escalatedAt: now })
    .where(and(isNull(claims.decidedAt), isNull(claims.answeredAt), isNull(claims.escalatedAt), lte(claims.answerDueAt, now)))
    .returning();
}

/** Undecided claims past their decision's deadline: the late-decision alert. */
export async function markLateDecisions(tx: DbOrTx, now: Date): Promise<ClaimRow[]> {
  return tx
    .update(claims)
    .set({ lateAt: now })
    .where(and(isNull(claims.decidedAt), isNull(claims.lateAt), lte(claims.decideDueAt, now)))
    .returning();
}

/** The console's counts: undecided claims escalated unanswered, and those late for a decision. */
export async function countClaimAlerts(db: DbOrTx): Promise<{ unanswered: number; late: number }> {
  const [row] = await db
    .select({
      unanswered: sql<number>`count(*) FILTER (WHERE ${claims.escalatedAt} IS NOT NULL AND ${claims.answeredAt} IS NULL)::int`,
      late: sql<number>`count(*) FILTER (WHERE ${claims.lateAt} IS NOT NULL)::int`,
    })
    .from(claims)
    .where(isNull(claims.decidedAt));
  return row ?? { unanswered: 0, late: 0 };
}
