import { findCity, type CountryCode } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, favourites, users } from '../../db/schema/index.ts';

// TODO(directory): the card mapping below (cardColumns/toContractorCard) belongs to the
// directory module; when modules/directory exports its own, import it here instead.

/** A contractor is listed while their account is active (not banned, not deleted). */
const activeContractor = and(eq(users.role, 'contractor'), eq(users.status, 'active'));

/** A contractor stays 'Nuevo' for this long after joining. */
const NEW_FOR_DAYS = 30;

const cardColumns = {
  id: users.id,
  displayName: contractorProfiles.displayName,
  userName: users.name,
  companyName: contractorProfiles.companyName,
  avatarPhotoId: users.avatarPhotoId,
  services: contractorProfiles.serviceTypes,
  country: contractorProfiles.country,
  city: contractorProfiles.city,
  lat: contractorProfiles.lat,
  lng: contractorProfiles.lng,
  ratingAvg: contractorProfiles.ratingAvg,
  ratingCount: contractorProfiles.ratingCount,
  completedProjects: contractorProfiles.completedProjects,
  memberSince: users.createdAt,
  verifiedAt: contractorProfiles.verifiedAt,
  featured: contractorProfiles.featured,
};

interface CardRow {
  id: string;
  displayName: string;
  userName: string;
  companyName: string | null;
  avatarPhotoId: string | null;
  services: ServiceType[];
  country: CountryCode;
  city: string | null;
  lat: number | null;
  lng: number | null;
  ratingAvg: number;
  ratingCount: number;
  completedProjects: number;
  memberSince: Date;
  verifiedAt: Date | null;
  featured: boolean;
}

/** Great-circle distance in km (haversine), rounded to one decimal. */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

function toContractorCard(row: CardRow, now: Date): ContractorCard {
  const centre = row.city ? findCity(row.country, row.city) : undefined;
  return {
    id: row.id,
    name: row.displayName || row.userName,
    companyName: row.companyName,
    avatarPhotoId: row.avatarPhotoId,
    services: row.services,
    country: row.country,
    city: row.city,
    ratingAvg: row.ratingAvg,
    ratingCount: row.ratingCount,
    completedProjects: row.completedProjects,
    kmFromCentre: centre && row.lat !== null && row.lng !== null ? kmBetween({ lat: row.lat, lng: row.lng }, centre) : null,
    memberSince: row.memberSince.toISOString(),
    badges: {
      isNew: now.getTime() - row.memberSince.getTime() < NEW_FOR_DAYS * 86_400_000,
      verified: row.verifiedAt !== null && row.verifiedAt <= now,
      featured: row.featured,
    },
  };
}

/** The contractor's id and first name when they are an active contractor with a profile. */
export async function findActiveContractor(db: DbOrTx, contractorId: string): Promise<{ id: string; email: string; firstName: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .where(and(eq(users.id, contractorId), activeContractor));
  return row;
}

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
    .where(and(eq(favourites.clientId, clientId), activeContractor))
    .orderBy(desc(favourites.createdAt));
  return rows.map((r) => r.id);
}

/** The client's favourites as cards, newest first, optionally only those offering a service. */
export async function listFavouriteCards(
  db: DbOrTx,
  clientId: string,
  filter: { service?: ServiceType; limit: number },
  now = new Date(),
): Promise<{ items: ContractorCard[]; total: number }> {
  const where: (SQL | undefined)[] = [eq(favourites.clientId, clientId), activeContractor];
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
  return { items: rows.map((r) => toContractorCard(r, now)), total: totalRow?.n ?? 0 };
}
