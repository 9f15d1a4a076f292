import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ServiceType } from '@arreglaya/shared/domain';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, invitations, projects, users } from '../../db/schema/index.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(tx: DbOrTx, values: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await tx.insert(invitations).values(values).returning();
  return row!;
}

export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  return row;
}

/** The invitation locked for a change: two accepts (or joins) at once take turns, the second sees the first's result. */
export async function lockByTokenHash(tx: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).for('update');
  return row;
}

/** The invitation by its id, locked: a cancel and an accept (or a join) at once take turns (decision 071). */
export async function lockById(tx: DbOrTx, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
  return row;
}

/** The newest invitation of a project (one per project: the invitation creates it). */
export async function findByProject(db: DbOrTx, projectId: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.projectId, projectId)).orderBy(desc(invitations.createdAt)).limit(1);
  return row;
}

export async function updateInvitation(tx: DbOrTx, id: string, set: Partial<typeof invitations.$inferInsert>): Promise<void> {
  await tx.update(invitations).set(set).where(eq(invitations.id, id));
}

export async function addCodeAttempt(tx: DbOrTx, id: string): Promise<number> {
  const [row] = await tx
    .update(invitations)
    .set({ codeAttempts: sql`${invitations.codeAttempts} + 1` })
    .where(eq(invitations.id, id))
    .returning({ n: invitations.codeAttempts });
  return row!.n;
}

/**
 * Brings stored statuses up to date (decision 064): an open link past its date is expired; an
 * accepted one whose project's money has arrived (a 'fund' transaction in the ledger) is funded.
 * Read from the ledger, so the payment paths need not know invitations exist. With `tokenHash`,
 * only that invitation (a page's read); with `id`, that one (the client's card); without either,
 * all of them (the console's counts).
 */
export async function settleStatuses(db: DbOrTx, now: Date, tokenHash?: string, id?: string): Promise<void> {
  const one = tokenHash !== undefined ? sql`i.token_hash = ${tokenHash}` : id !== undefined ? sql`i.id = ${id}` : sql`TRUE`;
  const oneRow = tokenHash !== undefined ? eq(invitations.tokenHash, tokenHash) : id !== undefined ? eq(invitations.id, id) : undefined;
  await db
    .update(invitations)
    .set({ status: 'expired' })
    .where(and(inArray(invitations.status, ['sent', 'joined']), lte(invitations.expiresAt, now), oneRow));
  await db.execute(sql`
    UPDATE invitations i SET status = 'funded', funded_at = (SELECT min(t.created_at) FROM ledger_transactions t WHERE t.project_id = i.project_id AND t.kind = 'fund')
    WHERE ${one} AND i.status = 'accepted' AND EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.project_id = i.project_id AND t.kind = 'fund')`);
}

/** What the técnico's page shows of the client and the job. */
export async function findInvitationContext(db: DbOrTx, invitation: InvitationRow) {
  const [row] = await db
    .select({
      clientFirstName: users.firstName,
      clientLastName: users.lastName,
      projectId: projects.id,
      title: projects.title,
      description: projects.description,
      services: projects.serviceTypes,
      city: projects.city,
      startDate: projects.startDate,
      projectStatus: projects.status,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .where(eq(projects.id, invitation.projectId));
  return row!;
}

export async function findUserRole(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

export async function setContractorServices(tx: DbOrTx, userId: string, services: ServiceType[]): Promise<void> {
  await tx.update(contractorProfiles).set({ serviceTypes: services }).where(eq(contractorProfiles.userId, userId));
}

/** The console's counts: every invitation sent, those whose técnico joined (or was found) and those funded. */
export async function countInvitations(db: DbOrTx) {
  const r = await db.execute<{ sent: number; joined: number; funded: number }>(sql`
    SELECT count(*)::int AS sent,
      count(*) FILTER (WHERE contractor_id IS NOT NULL OR joined_at IS NOT NULL)::int AS joined,
      count(*) FILTER (WHERE status = 'funded')::int AS funded
    FROM invitations`);
  return r.rows[0]!;
}
