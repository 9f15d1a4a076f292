import { kmBetweenPoints } from '@arreglaya/shared/places';
import type { ContractorCard } from '@arreglaya/shared/schemas/directory';
import type { CardRow } from '../../db/contractor-listing.ts';
import type { GeoPoint } from './directory-rule.ts';

// The contractor card, in one place for every list that shows it (search, favourites, the
// public page): the mapping of a row to the public card. Which contractors are listed and the
// columns read are in db/contractor-listing.ts, for the repositories. Only public fields: never
// e-mail, phone, cédula or address (docs/decisions/013-contractor-directory.md, "Access rules").

/** A contractor shows the 'Nuevo' badge for this long after joining. */
export const NEW_FOR_DAYS = 30;

/** Distance in km from `origin` to the contractor's base, one decimal; null without either (decision 042). */
export function distanceKmOf(row: Pick<CardRow, 'lat' | 'lng'>, origin: GeoPoint | undefined): number | null {
  if (!origin || row.lat === null || row.lng === null) return null;
  return Math.round(kmBetweenPoints({ lat: row.lat, lng: row.lng }, origin) * 10) / 10;
}

/**
 * The public card of a row read with `cardColumns`; `now` decides the 'Nuevo' badge; `origin`
 * (a search's place or project) the distance, which is never measured from anywhere else.
 */
export function toContractorCard(row: CardRow, now: Date = new Date(), origin?: GeoPoint): ContractorCard {
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
    distanceKm: distanceKmOf(row, origin),
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
