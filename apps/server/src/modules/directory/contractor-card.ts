import { findCity, type CountryCode } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import { sql } from 'drizzle-orm';
import { contractorProfiles, listableAccount, users } from '../../db/schema/index.ts';

// The contractor card, in one place for every list that shows it (search, favourites, the
// public page): which contractors are listed, the columns read, and the mapping to the
// public card. Only public fields: never e-mail, phone, cédula or address
// (docs/decisions/013-contractor-directory.md, "Access rules").

/** A contractor account that may be listed: the predicate of users_listed_contractors_idx. */
const LISTED_ACCOUNT = sql`${users.role} = 'contractor' AND ${listableAccount(users)}`;

/**
 * Who is listed (search, counts, favourites, the public page): a contractor account with a
 * confirmed e-mail, active, not banned, not deleted (listableAccount), whose profile has the
 * minimum a client needs, a name, a service and a city (contractor_profiles.listable). Both
 * rules live in the schema; a query using this joins users and contractor_profiles.
 */
export const LISTED = sql`${LISTED_ACCOUNT} AND ${contractorProfiles.listable}`;

/** A contractor shows the 'Nuevo' badge for this long after joining. */
export const NEW_FOR_DAYS = 30;

/** Columns of a card, from users joined with contractor_profiles. */
export const cardColumns = {
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

export interface CardRow {
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
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h))) * 10) / 10;
}

/** The public card of a row read with `cardColumns`; `now` decides the 'Nuevo' badge. */
export function toContractorCard(row: CardRow, now: Date = new Date()): ContractorCard {
  const centre = row.city ? findCity(row.country, row.city) : undefined;
  return {
    id: row.id,
    name: row.displayName.trim() || row.userName.trim(),
    companyName: row.companyName?.trim() || null,
    avatarPhotoId: row.avatarPhotoId,
    services: row.services,
    country: row.country,
    city: row.city,
    ratingAvg: row.ratingCount > 0 ? row.ratingAvg : 0,
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
