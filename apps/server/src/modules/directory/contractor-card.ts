import { findCity } from '@arreglaya/shared/countries';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import type { CardRow } from '../../db/contractor-listing.ts';

// The contractor card, in one place for every list that shows it (search, favourites, the
// public page): the mapping of a row to the public card. Which contractors are listed and the
// columns read are in db/contractor-listing.ts, for the repositories. Only public fields: never
// e-mail, phone, cédula or address (docs/decisions/013-contractor-directory.md, "Access rules").

/** A contractor shows the 'Nuevo' badge for this long after joining. */
export const NEW_FOR_DAYS = 30;

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
    medianResponseMinutes: row.medianResponseMinutes,
    hiresCount: row.hiresCount,
    priceGuide: row.priceGuide as ContractorCard['priceGuide'],
    portfolioThumbs: row.portfolioThumbs.slice(0, 3),
  };
}
