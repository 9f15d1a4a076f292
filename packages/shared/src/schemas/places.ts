import { z } from 'zod';
import { places as tp } from '../i18n/places.ts';
import { validation } from '../i18n/common.ts';
import { COUNTRIES, COUNTRY_CODES, ZONES, type CountryCode, type Zone } from '../countries.ts';
import { findPlace, placeInZone, SERVICE_RADIUS_DEFAULT_KM, SERVICE_RADIUS_MAX_KM, SERVICE_RADIUS_MIN_KM } from '../places.ts';

// The place fields of the profile and project forms and of the directory's search (decision
// 042): one definition for the form and the server.

/** An optional place slug (places.ts); an empty value is none. */
export const sectorSlug = z
  .string({ error: tp.validation.unknownPlace })
  .trim()
  .max(60, { error: tp.validation.unknownPlace })
  .nullish()
  .transform((x) => (x ? x : undefined))
  .refine((x) => x === undefined || findPlace(x) !== undefined, { error: tp.validation.unknownPlace });

/** A contractor's service radius in km (1–100), 15 when not given. */
export const serviceRadiusKm = z.preprocess(
  (x) => (x === '' || x === null || x === undefined ? undefined : typeof x === 'string' ? Number(x.replace(',', '.')) : x),
  z
    .number({ error: validation.invalidValue })
    .int({ error: tp.validation.radiusRange(SERVICE_RADIUS_MIN_KM, SERVICE_RADIUS_MAX_KM) })
    .min(SERVICE_RADIUS_MIN_KM, { error: tp.validation.radiusRange(SERVICE_RADIUS_MIN_KM, SERVICE_RADIUS_MAX_KM) })
    .max(SERVICE_RADIUS_MAX_KM, { error: tp.validation.radiusRange(SERVICE_RADIUS_MIN_KM, SERVICE_RADIUS_MAX_KM) })
    .default(SERVICE_RADIUS_DEFAULT_KM),
);

/**
 * A sector must be a place of the record's country (decision 066), of the chosen city (one of its
 * sectors, or its centre) and, when a zone is chosen, of that zone (placeInZone). Values may be raw input.
 */
export function checkSector(city: unknown, sector: unknown, path: string[], ctx: z.RefinementCtx, zone?: unknown, country?: unknown): void {
  if (typeof sector !== 'string' || sector === '') return;
  const place = findPlace(sector);
  if (!place) return; // the field's own message
  if (typeof country === 'string' && (COUNTRY_CODES as readonly string[]).includes(country) && place.country !== country) {
    ctx.addIssue({ code: 'custom', path, message: tp.validation.placeNotInCountry(COUNTRIES[country as CountryCode].name) });
  } else if (typeof city === 'string' && city.trim() !== '' && place.city !== city.trim()) ctx.addIssue({ code: 'custom', path, message: tp.validation.sectorNotInCity });
  else if (typeof zone === 'string' && isZone(zone) && !placeInZone(place, zone)) ctx.addIssue({ code: 'custom', path, message: tp.validation.sectorNotInZone });
}

const isZone = (v: string): v is Zone => (ZONES as readonly string[]).includes(v);
