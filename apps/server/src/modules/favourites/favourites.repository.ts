import type { ServiceType } from '@arreglaya/shared/domain';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, favourites, users } from '../../db/schema/index.ts';
import { cardColumns, LISTED, type CardRow } from '../../db/contractor-listing.ts';

// Favourites read the directory's card columns and follow its rule of who is listed
// (db/contractor-listing.ts), so a favourite looks the same as in search.

/** Adds the favourite; true only when a row was really inserted (a repeat changes nothing). */
export async function insertFavourite(tx: DbOrTx, clientId: string, contractorId: string): Promise<boolean> {
  const rows = await tx.insert(favourites).values({ clientId, contractorId }).onConflictDoNothing().returning({ contractorId: favourites.contractorId });
  return rows.length > 0;
}

/** Removes the favourite; true only when a row was really deleted. */
export async function deleteFavourite(tx: DbOrTx, clientId: string, contractorId: string): Promise<boolean> {
  const rows = await tx
    .delete(favourites)
    .where(and(eq(favourites.clientId, clientId), eq(favourites.contractorId, contractorId)))
    .returning({ contractorId: favourites.contractorId });
  return rows.length > 0;
}

/** Moves the contractor's favourites_count by +1 or −1 (never below zero). */
export async function shiftFavouritesCount(tx: DbOrTx, contractorId: string, by: 1 | -1): Promise<void> {
  await tx
    .update(contractorProfiles)
    .set({ favouritesCount: sql`greatest(${contractorProfiles.favouritesCount} + ${by}, 0)` })
    .where(eq(contractorProfiles.userId, contractorId));
}

export async function countFavourites(db: DbOrTx, clientId: string): Promise<number> {
  return db.$count(favourites, eq(favourites.clientId, clientId));
}

/** Ids of the client's favourite contractors that are still listed. */
export async function listFavouriteIds(db: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: favourites.contractorId })
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.contractorId))
    .innerJoin(contractorProfiles, eq(contractorProfiles.userId, favourites.contractorId))
    .where(and(eq(favourites.clientId, clientId), LISTED))
    .orderBy(desc(favourites.createdAt));
  return rows.map((r) => r.id);
}

/** The client's favourites as card rows, newest first, optionally only those offering a service. */
export async function listFavouriteCards(db: DbOrTx, clientId: string, filter: { service?: ServiceType; limit: number }): Promise<{ rows: CardRow[]; total: number }> {
  const where: (SQL | undefined)[] = [eq(favourites.clientId, clientId), LISTED];
  if (filter.service) where.push(sql`${contractorProfiles.serviceTypes} @> ARRAY[${filter.service}]::service_type[]`);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(cardColumns)
      .from(favourites)
      .innerJoin(users, eq(users.id, favourites.contractorId))
      .innerJoin(contractorProfiles, eq(contractorProfiles.userId, favourites.contractorId))
      .where(and(...where))
      .orderBy(desc(favourites.createdAt), favourites.contractorId)
      .limit(filter.limit),
    db
      .select({ n: count() })
      .from(favourites)
      .innerJoin(users, eq(users.id, favourites.contractorId))
      .innerJoin(contractorProfiles, eq(contractorProfiles.userId, favourites.contractorId))
      .where(and(...where)),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
