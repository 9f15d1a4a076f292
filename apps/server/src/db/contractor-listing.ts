import type { CountryCode } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';
import { sql } from 'drizzle-orm';
import { contractorProfiles, listableAccount, users } from './schema/index.ts';

// Which contractors are listed and the columns of their card, for every repository that lists
// them (directory search, counts, favourites); modules/directory/contractor-card.ts maps a row
// to the public card. Only public fields: never e-mail, phone, cédula or address
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

/**
 * Who is listed, read on the profile alone (the counts, the nearest-first walk of the bases'
 * index): its minimum (listable) and its account's part (account_listable, which triggers keep
 * from the account in the same transaction as every change to it: migration 0066). The same rule
 * as LISTED without joining users; looking up each match's account cost a count at a place about
 * 2,000 index pages (decision 076, "Amended 2026-12-07 (later still)").
 */
export const LISTED_PROFILE = sql`${contractorProfiles.listable} AND ${contractorProfiles.accountListable}`;

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
  medianResponseMinutes: contractorProfiles.medianResponseMinutes,
  hiresCount: contractorProfiles.hiresCount,
  priceGuide: contractorProfiles.priceGuide,
  portfolioThumbs: contractorProfiles.portfolioThumbs,
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
  medianResponseMinutes: number | null;
  hiresCount: number;
  priceGuide: { service: string; minor: number; currency: string }[];
  portfolioThumbs: string[];
}
