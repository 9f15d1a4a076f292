import { and, asc, desc, eq, inArray, isNull, or, gt, sql } from 'drizzle-orm';
import { VERIFIED_BY_KINDS, type DocumentKind, type VerificationDetails, type VerificationKind } from '@arreglaya/shared/schemas/verification';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, contractorVerifications, rncRegistry, users, verificationDocuments } from '../../db/schema/index.ts';

export type VerificationRow = typeof contractorVerifications.$inferSelect;

/** The person's role, or undefined when there is no such (live) account. */
export async function findRole(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.role;
}

export async function findRnc(db: DbOrTx, rnc: string) {
  const [row] = await db.select().from(rncRegistry).where(eq(rncRegistry.rnc, rnc));
  return row;
}

/**
 * A new pending request, or null when one of that kind is already pending (the partial unique
 * index decides, so concurrent submissions store exactly one).
 */
export async function insertPending(
  db: DbOrTx,
  values: { userId: string; kind: VerificationKind; details: VerificationDetails; submittedAt: Date; expiresOn: string | null },
): Promise<VerificationRow | null> {
  const [row] = await db
    .insert(contractorVerifications)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: [contractorVerifications.userId, contractorVerifications.kind], where: sql`${contractorVerifications.status} = 'pending'` })
    .returning();
  return row ?? null;
}

export async function insertDocument(db: DbOrTx, verificationId: string, mime: string, data: Buffer): Promise<void> {
  await db.insert(verificationDocuments).values({ verificationId, mime, data });
}

export async function findDocument(db: DbOrTx, verificationId: string) {
  const [row] = await db
    .select({ mime: verificationDocuments.mime, data: verificationDocuments.data })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.verificationId, verificationId));
  return row;
}

export async function deleteDocument(db: DbOrTx, verificationId: string): Promise<void> {
  await db.delete(verificationDocuments).where(eq(verificationDocuments.verificationId, verificationId));
}

/** Documents go with their requests (the foreign key cascades). */
export async function deleteAllOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(contractorVerifications).where(eq(contractorVerifications.userId, userId));
}

export async function listOwn(db: DbOrTx, userId: string): Promise<VerificationRow[]> {
  return db.select().from(contractorVerifications).where(eq(contractorVerifications.userId, userId)).orderBy(desc(contractorVerifications.submittedAt));
}

/** The request, locked for the decision. */
export async function lockVerification(db: DbOrTx, id: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(contractorVerifications).where(eq(contractorVerifications.id, id)).for('update');
  return row;
}

export async function decide(db: DbOrTx, id: string, values: { status: 'approved' | 'rejected'; decidedAt: Date; decidedBy: string; note: string | null }): Promise<void> {
  await db.update(contractorVerifications).set(values).where(eq(contractorVerifications.id, id));
}

/** A sysadmin withdraws the person's approved badges of these kinds (the console's "quitar Verificado"). */
export async function revokeApproved(db: DbOrTx, userId: string, kinds: readonly VerificationKind[], decidedBy: string, at: Date): Promise<void> {
  await db
    .update(contractorVerifications)
    .set({ status: 'revoked', decidedAt: at, decidedBy })
    .where(and(eq(contractorVerifications.userId, userId), eq(contractorVerifications.status, 'approved'), inArray(contractorVerifications.kind, [...kinds])));
}

export async function insertApproved(db: DbOrTx, values: { userId: string; kind: VerificationKind; details: VerificationDetails; at: Date; decidedBy: string }): Promise<void> {
  await db.insert(contractorVerifications).values({
    userId: values.userId,
    kind: values.kind,
    status: 'approved',
    details: values.details,
    submittedAt: values.at,
    decidedAt: values.at,
    decidedBy: values.decidedBy,
  });
}

const unexpired = (today: string) => or(isNull(contractorVerifications.expiresOn), gt(contractorVerifications.expiresOn, today));

/** The person's approved badges that have not expired on `today`, newest decision first. */
export async function approvedBadges(db: DbOrTx, userId: string, today: string): Promise<VerificationRow[]> {
  return db
    .select()
    .from(contractorVerifications)
    .where(and(eq(contractorVerifications.userId, userId), eq(contractorVerifications.status, 'approved'), unexpired(today)))
    .orderBy(desc(contractorVerifications.decidedAt));
}

/**
 * contractor_profiles.verified_at, the "Verificado" every listing reads, kept from the badges in
 * the same transaction as each decision: the earliest approved identity badge's decision, or null.
 */
export async function syncVerifiedAt(db: DbOrTx, userId: string): Promise<void> {
  const earliest = db
    .select({ at: sql`min(${contractorVerifications.decidedAt})` })
    .from(contractorVerifications)
    .where(and(eq(contractorVerifications.userId, userId), eq(contractorVerifications.status, 'approved'), inArray(contractorVerifications.kind, [...VERIFIED_BY_KINDS])));
  await db
    .update(contractorProfiles)
    .set({ verifiedAt: sql`(${earliest})`, updatedAt: new Date() })
    .where(and(eq(contractorProfiles.userId, userId), sql`${contractorProfiles.verifiedAt} IS DISTINCT FROM (${earliest})`));
}

export async function pendingQueue(db: DbOrTx) {
  return db
    .select({
      id: contractorVerifications.id,
      kind: contractorVerifications.kind,
      personId: contractorVerifications.userId,
      personName: users.name,
      details: contractorVerifications.details,
      submittedAt: contractorVerifications.submittedAt,
      hasDocument: sql<boolean>`EXISTS (SELECT 1 FROM ${verificationDocuments} WHERE ${verificationDocuments.verificationId} = ${contractorVerifications.id})`,
    })
    .from(contractorVerifications)
    .innerJoin(users, eq(users.id, contractorVerifications.userId))
    .where(eq(contractorVerifications.status, 'pending'))
    .orderBy(asc(contractorVerifications.submittedAt))
    .limit(200);
}

export type { DocumentKind };
