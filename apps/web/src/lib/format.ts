import { formatClock, formatDay as formatSharedDay, formatDayTime } from '@arreglaya/shared/format-dates';

// Dominican Republic first; other countries pass their own locale (COUNTRIES[code].locale).
export const DEFAULT_LOCALE = 'es-DO';

/** A star rating with one decimal at most: 4.5 → "4.5" in es-DO. */
export function formatRating(value: number, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(value);
}

/**
 * A count or other number: 1,250 in es-DO, 1.250 in es-CO. Whole numbers from 0 to 999 are
 * written the same in every country we serve (Latin digits, nothing to group), so they skip
 * Intl: its first use on a page costs a phone about 80 ms loading ICU's number data, a long task
 * on the landing, whose service counts are all it formats (docs/decisions/017, 018). format.test.ts
 * checks the shortcut against Intl for every country.
 */
export function formatNumber(value: number, locale = DEFAULT_LOCALE): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  return new Intl.NumberFormat(locale).format(value);
}

/** A file's weight in whole kilobytes, rounded up (a photo of 23,100 bytes is '23 kB' in es-DO): Intl's unit style. */
export function formatKilobytes(bytes: number, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1000)));
}

/** A share as a whole percent: 0.95 → '95 %' in es-DO (Intl's percent, the country's own spacing). */
export function formatPercent(share: number, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** Money, carried in integer minor units (cents) with its currency code: one format with the mails ('RD$12,500.00', @arreglaya/shared/format-money). */
export { formatMoney } from '@arreglaya/shared/format-money';

// Dates: one format per kind, shared with the server's mails (@arreglaya/shared/format-dates).

/** A day, the spec's "DD MMM YY" localised with a four-digit year: 05 mar 2025. `timeZone`: the browser's unless given (a page the server renders gives one); a calendar date ('2026-12-01') is that day everywhere. */
export function formatDate(iso: string | Date, locale = DEFAULT_LOCALE, timeZone?: string): string {
  return formatSharedDay(iso, locale, timeZone);
}

/** A moment: its day ('27 nov 2026'), and its time when `withTime` ('30 nov 2026, 14:00'): a payment deadline, when money was released. */
export function formatMoment(iso: string | Date, locale = DEFAULT_LOCALE, withTime = false, timeZone?: string): string {
  return withTime ? formatDayTime(iso, locale, timeZone) : formatSharedDay(iso, locale, timeZone);
}

/** A day in words with its weekday ('lunes, 7 de diciembre de 2026'), in the given time zone: the next payout. */
export function formatLongDate(iso: string | Date, locale = DEFAULT_LOCALE, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** An hour as a schedule states it, as the locale writes it ('9:00 a. m.' in es-DO), in the given time zone. */
export function formatHour(iso: string | Date, locale = DEFAULT_LOCALE, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** A time (chat): HH:mm, 24-hour. */
export function formatTime(iso: string | Date, locale = DEFAULT_LOCALE, timeZone?: string): string {
  return formatClock(iso, locale, timeZone);
}

/** The local calendar day of a moment ('2026-11-24'), for grouping chat messages by day. */
export function dayKey(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A chat day separator: 'Hoy', 'Ayer' (given by the caller) or the long date ('lunes, 23 de noviembre de 2026'). */
export function formatDay(iso: string | Date, labels: { today: string; yesterday: string }, now: Date = new Date(), locale = DEFAULT_LOCALE): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const key = dayKey(date);
  if (key === dayKey(now)) return labels.today;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return labels.yesterday;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
