import { trust as t } from '@arreglaya/shared/i18n/contractor-trust';

// The trust data as a person reads it (decision 043), for the directory's cards and profile and the
// offers the client compares: one rounding of response times for every page.

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * A median response time, rounded sensibly: minutes under an hour (to 5 minutes from 10 on, at
 * least 1), whole hours under a day, whole days beyond: 'Responde en ~2 h'.
 */
export function responseTimeText(minutes: number): string {
  return t.respondsIn(approxResponseTime(minutes));
}

/** The rounded time alone ('2 h'), for the comparison table's column. */
export function approxResponseTime(minutes: number): string {
  if (minutes < HOUR) {
    const m = minutes < 10 ? Math.max(1, Math.round(minutes)) : Math.round(minutes / 5) * 5;
    if (m < HOUR) return t.minutes(m);
  }
  if (minutes < DAY) {
    const h = Math.max(1, Math.round(minutes / HOUR));
    if (h < 24) return t.hours(h);
  }
  return t.days(Math.max(1, Math.round(minutes / DAY)));
}
