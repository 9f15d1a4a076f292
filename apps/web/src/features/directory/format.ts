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

/** A distance in km with one decimal at most: 3.4. */
export function formatKm(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(km);
}
