import { places } from '@arreglaya/shared/i18n/places';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
/**
 * The time zone the directory's dates are written in. The server renders /busqueda and
 * /contractors/:id (in UTC) and the browser hydrates them (in the visitor's zone): both write a
 * date in this one zone, the market's, so the day and month match and hydration sees the same text.
 */
export const DIRECTORY_TIME_ZONE = 'America/Santo_Domingo';

/** "marzo de 2024": when a contractor joined (Miembro desde ...). */
export function formatMonthYear(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: DIRECTORY_TIME_ZONE }).format(new Date(iso));
}

/** A distance in km with one decimal: 3.4 (the locale's decimal mark). */
export function formatKm(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km);
}

/** 'a 3,2 km de tu proyecto' / 'a 3,2 km de Naco' (decision 042). */
export function distanceText(km: number, origin: NonNullable<DirectoryPage['origin']>, locale: string): string {
  const formatted = formatKm(km, locale);
  return origin.kind === 'project' ? places.distance.fromProject(formatted) : places.distance.fromPlace(formatted, origin.name);
}
