import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withdrawOpenQuotesOf, type WithdrawnQuote } from '../../db/open-quotes.ts';
import {
  authAccounts,
  clientProfiles,
  contactRequests,
  contractorProfiles,
  favourites,
  reviewVotes,
  newsletterSubscriptions,
  notificationPreferences,
  paymentMethods,
  payoutAccounts,
  photos,
  projects,
  users,
  verifications,
  voiceNotes,
} from '../../db/schema/index.ts';

export const DELETED_NAME = { firstName: 'Usuario', lastName: 'eliminado' } as const;

/** Work that ties the person to someone else: assigned, running, delivered or disputed projects. */
export async function countActiveWork(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(
    projects,
    and(or(eq(projects.clientId, userId), eq(projects.contractorId, userId)), inArray(projects.status, ['assigned', 'in_progress', 'delivered', 'disputed'])),
  );
}

/** Money still held in escrow for any project the person is part of (ledger balance). */
export async function heldInEscrow(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.execute<{ held: number | null }>(sql`
    SELECT coalesce(sum(e.amount_minor), 0)::bigint AS held
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow'
      JOIN projects p ON p.id = a.project_id
     WHERE p.client_id = ${userId} OR p.contractor_id = ${userId}`);
  return Number(rows.rows[0]?.held ?? 0);
}

export async function findCredentialHash(db: DbOrTx, userId: string): Promise<string | null | undefined> {
  const row = await db.query.authAccounts.findFirst({
    where: and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')),
    columns: { password: true },
  });
  return row?.password;
}

/**
 * Removes the person's own data and anonymises the user row that other people's records
 * (conversations, reviews, quotes, finished projects, ledger entries) point to.
 * Returns the storage keys of the photos to delete once the transaction commits, and the open
 * offers withdrawn (their clients are told by the service).
 */
export async function eraseAccount(tx: DbOrTx, userId: string, email: string): Promise<{ photoKeys: string[]; voiceKeys: string[]; withdrawn: WithdrawnQuote[] }> {
  const now = new Date();
  // A client's open requests were closed before this (projects/leaving-client.ts, called by the service).
  // A contractor's open offers on others' projects are withdrawn and their mail links spent (decision 023).
  const withdrawn = await withdrawOpenQuotesOf(tx, userId, now);

  await tx.update(users).set({ avatarPhotoId: null }).where(eq(users.id, userId));
  const removedPhotos = await tx.delete(photos).where(eq(photos.ownerId, userId)).returning({ key: photos.storageKey });
  // Their chat voice notes go like their chat photos (decision 060): the messages stay, without the file.
  const removedVoice = await tx.delete(voiceNotes).where(eq(voiceNotes.ownerId, userId)).returning({ key: voiceNotes.storageKey });

  await tx.delete(clientProfiles).where(eq(clientProfiles.userId, userId));
  await tx.delete(contractorProfiles).where(eq(contractorProfiles.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  // The contractors this client had saved count one favourite fewer (one row per pair).
  const unsaved = await tx.delete(favourites).where(eq(favourites.clientId, userId)).returning({ contractorId: favourites.contractorId });
  if (unsaved.length > 0) {
    await tx
      .update(contractorProfiles)
      .set({ favouritesCount: sql`greatest(${contractorProfiles.favouritesCount} - 1, 0)` })
      .where(
        inArray(
          contractorProfiles.userId,
          unsaved.map((f) => f.contractorId),
        ),
      );
  }
  await tx.delete(favourites).where(eq(favourites.contractorId, userId));
  // The Me gusta / No me gusta the person gave are their own data, like favourites (decision 058);
  // votes others gave on reviews they wrote or received stay with those reviews.
  await tx.delete(reviewVotes).where(eq(reviewVotes.voterId, userId));
  await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
  // A contractor's bank account for payouts goes too (the ledger and the payouts already made stay).
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  await tx.delete(authAccounts).where(eq(authAccounts.userId, userId));
  await tx.delete(verifications).where(sql`${verifications.identifier} LIKE ${'%' + email}`);
  await tx.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);
  // The addresses of her jobs are her own data (decision 049): her projects stay, for the people
  // who worked on them, but no longer say where she lives.
  await tx.update(projects).set({ streetEnc: null, referenceEnc: null }).where(eq(projects.clientId, userId));
  await tx
    .update(contactRequests)
    .set({ firstName: 'Usuario eliminado', lastName: null, email: null, phone: null, cedula: null, cedulaEnc: null, address: null, bankAccountNumberEnc: null })
    .where(eq(contactRequests.userId, userId));

  await tx
    .update(users)
    .set({
      email: `eliminado-${userId}@arreglaya.invalid`,
      emailVerified: false,
      name: `${DELETED_NAME.firstName} ${DELETED_NAME.lastName}`,
      ...DELETED_NAME,
      phone: null,
      image: null,
      status: 'deleted',
      deletedAt: now,
    })
    .where(eq(users.id, userId));
  return { photoKeys: removedPhotos.map((p) => p.key), voiceKeys: removedVoice.map((v) => v.key), withdrawn };
}

/** The account's row, locked until the transaction ends (so two deletions cannot interleave). */
export async function lockUser(tx: DbOrTx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}
