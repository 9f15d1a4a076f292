import { todayIn } from '@arreglaya/shared/schemas/projects';

/** A day `days` from today in the Dominican Republic, YYYY-MM-DD (a project's start date, a finished job's date). */
export function dayFromToday(days: number): string {
  const [y, m, d] = todayIn('DO').split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
