import type { Currency } from '@arreglaya/shared/domain';

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

/** Money is carried in integer minor units (cents) with its currency code. */
export function formatMoney(amountMinor: number, currency: Currency, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountMinor / 100);
}

/** The spec's display date "DD MMM YY", localised: 05 mar 25. `timeZone`: the browser's unless given (a page the server renders gives one). */
export function formatDate(iso: string | Date, locale = DEFAULT_LOCALE, timeZone?: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  // A calendar date ('2026-12-01', a start date) is that day everywhere: read as UTC midnight, it
  // must not become the evening before in Santo Domingo.
  const dateOnly = typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'short',
    year: '2-digit',
    ...(dateOnly ? { timeZone: 'UTC' } : timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  // Day, month and year only, spaced (Intl puts 'de' between month and year in Spanish).
  return parts
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.value)
    .join(' ');
}

/**
 * A moment with its full year, and its time when `withTime`: '27 nov 2026', '30 nov 2026, 14:00'
 * (a payment deadline, when money was released). The browser's time zone unless `timeZone` is given.
 */
export function formatMoment(iso: string | Date, locale = DEFAULT_LOCALE, withTime = false, timeZone?: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const parts = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    ...(timeZone ? { timeZone } : {}),
  } as Intl.DateTimeFormatOptions).formatToParts(date);
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Day, month and year spaced (Intl puts 'de' between month and year in Spanish), then the time.
  const day = `${pick('day')} ${pick('month')} ${pick('year')}`;
  return withTime ? `${day}, ${pick('hour')}:${pick('minute')}` : day;
}

/** Chat times: HH:mm, 24-hour. */
export function formatTime(iso: string | Date, locale = DEFAULT_LOCALE): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
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
