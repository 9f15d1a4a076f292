// Business days in the Dominican Republic (decision 054): Monday to Friday, less the public
// holidays. The guarantee's deadlines (5 business days to answer a claim, 10 to decide it) count
// them in the Santo Domingo day.

/** The Dominican Republic keeps UTC−4 all year (no daylight saving since 2000). */
export const SANTO_DOMINGO_TIME_ZONE = 'America/Santo_Domingo';
const OFFSET_MS = -4 * 3_600_000;
const DAY_MS = 86_400_000;

/** A calendar day as 'YYYY-MM-DD'. */
type Day = string;

const dayOf = (utcMidnight: number): Day => new Date(utcMidnight).toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

/** Easter Sunday (Gregorian; the anonymous "Meeus/Jones/Butcher" computus), as UTC midnight. */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

/**
 * Ley 139-97: these holidays, when they fall on a Tuesday or Wednesday, are kept the Monday
 * before; on a Thursday or Friday, the Monday after; on a weekend or a Monday, where they fall.
 * (The 16th of August is not moved: Suprema Corte de Justicia, sentencia 14 of 20 February 2008.)
 */
function movedToMonday(when: number): number {
  const weekday = new Date(when).getUTCDay();
  if (weekday === 2 || weekday === 3) return when - (weekday - 1) * DAY_MS;
  if (weekday === 4 || weekday === 5) return when + (8 - weekday) * DAY_MS;
  return when;
}

const holidayCache = new Map<number, ReadonlySet<Day>>();

/** The Dominican public holidays of a year, as the days they are kept ('YYYY-MM-DD'). */
export function dominicanHolidays(year: number): ReadonlySet<Day> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const days = [
    utc(year, 1, 1), // Año Nuevo
    movedToMonday(utc(year, 1, 6)), // Día de Reyes
    utc(year, 1, 21), // Nuestra Señora de la Altagracia
    movedToMonday(utc(year, 1, 26)), // Natalicio de Duarte
    utc(year, 2, 27), // Independencia Nacional
    easter - 2 * DAY_MS, // Viernes Santo
    movedToMonday(utc(year, 5, 1)), // Día del Trabajo
    easter + 60 * DAY_MS, // Corpus Christi
    utc(year, 8, 16), // Restauración
    utc(year, 9, 24), // Nuestra Señora de las Mercedes
    movedToMonday(utc(year, 11, 6)), // Día de la Constitución
    utc(year, 12, 25), // Navidad
  ];
  const set = new Set(days.map(dayOf));
  holidayCache.set(year, set);
  return set;
}

/** Whether a Santo Domingo calendar day ('YYYY-MM-DD') is a business day. */
export function isBusinessDay(day: Day): boolean {
  const when = Date.parse(`${day}T00:00:00Z`);
  const weekday = new Date(when).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !dominicanHolidays(Number(day.slice(0, 4))).has(day);
}

/** The Santo Domingo calendar day an instant falls on. */
export function santoDomingoDay(at: Date): Day {
  return dayOf(Math.floor((at.getTime() + OFFSET_MS) / DAY_MS) * DAY_MS);
}

/**
 * The end (23:59:59.999, Santo Domingo) of the `n`th business day after the day `from` falls on:
 * the day itself never counts, so a claim opened on Friday afternoon with n = 5 is due at the
 * end of the next Friday (a week without holidays). n = 0: the end of `from`'s own day.
 */
export function addBusinessDays(from: Date, n: number): Date {
  let midnight = Date.parse(`${santoDomingoDay(from)}T00:00:00Z`);
  for (let left = n; left > 0;) {
    midnight += DAY_MS;
    if (isBusinessDay(dayOf(midnight))) left--;
  }
  return new Date(midnight + DAY_MS - 1 - OFFSET_MS);
}
