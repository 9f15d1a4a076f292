// Dates as a person reads them, one format per kind, in pages and mails alike (issue 35;
// docs/spec-decisions.md): a day '05 dic 2026' (spec §9's DD MMM YY, with a four-digit year), a day with its time
// '05 dic 2026, 14:05', a time '14:05' (the spec's HH:mm, 24-hour). The language is the person's
// country's locale (es-DO unless given); month names follow it. The web app (apps/web/src/lib/
// format.ts) and the server's mails both use these.

export const DEFAULT_DATE_LOCALE = 'es-DO';

type DateInput = string | Date;

/** A calendar date ('2026-12-05', a start date) is that day everywhere: read and shown in UTC. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

// Building an Intl.DateTimeFormat costs far more than using one (a digest formats many dates).
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(locale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) })));
  return format;
}

function read(value: DateInput, timeZone: string | undefined): { date: Date; timeZone: string | undefined } {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return { date: new Date(`${value}T00:00:00Z`), timeZone: 'UTC' };
  return { date: typeof value === 'string' ? new Date(value) : value, timeZone };
}

function dayOf(date: Date, locale: string, timeZone: string | undefined): string {
  const parts = formatFor(locale, timeZone, { day: '2-digit', month: 'short', year: 'numeric' }).formatToParts(date);
  // Day, month and year only, spaced (Intl puts 'de' between month and year in Spanish).
  return parts
    .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
    .map((p) => p.value.replace(/\.$/, ''))
    .join(' ');
}

function clockOf(date: Date, locale: string, timeZone: string | undefined): string {
  const parts = formatFor(locale, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${pick('hour')}:${pick('minute')}`;
}

/** A day: '05 dic 2026' (four-digit years: issue 46). `timeZone`: the runtime's unless given; a calendar date ignores it. */
export function formatDay(value: DateInput, locale = DEFAULT_DATE_LOCALE, timeZone?: string): string {
  const r = read(value, timeZone);
  return dayOf(r.date, locale, r.timeZone);
}

/** A day with its time: '05 dic 2026, 14:05'. */
export function formatDayTime(value: DateInput, locale = DEFAULT_DATE_LOCALE, timeZone?: string): string {
  const r = read(value, timeZone);
  return `${dayOf(r.date, locale, r.timeZone)}, ${clockOf(r.date, locale, r.timeZone)}`;
}

/** A time: '14:05', 24-hour. */
export function formatClock(value: DateInput, locale = DEFAULT_DATE_LOCALE, timeZone?: string): string {
  const r = read(value, timeZone);
  return clockOf(r.date, locale, r.timeZone);
}

/** A length as a player shows it, "m:ss" ("0:07", "2:00"); a part second counts as a whole one so a short note is never "0:00". */
export function formatDuration(ms: number, locale = DEFAULT_DATE_LOCALE): string {
  const total = Math.max(0, Math.ceil(ms / 1000 - 0.05));
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  return `${new Intl.NumberFormat(locale, { useGrouping: false }).format(Math.floor(total / 60))}:${two.format(total % 60)}`;
}

/** The same length in words, for screen readers: "7 segundos", "1 minuto y 5 segundos". */
export function formatSpokenDuration(ms: number, locale = DEFAULT_DATE_LOCALE): string {
  const total = Math.max(0, Math.ceil(ms / 1000 - 0.05));
  const unit = (unit: 'minute' | 'second', n: number) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return unit('second', seconds);
  return seconds === 0 ? unit('minute', minutes) : new Intl.ListFormat(locale, { type: 'conjunction' }).format([unit('minute', minutes), unit('second', seconds)]);
}
