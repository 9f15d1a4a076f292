/**
 * What changes a contractor while visitors search, in the proportions of a live directory (a
 * cycle of 20): reviews approved (rating), favourites, projects completed, and one profile
 * edit that changes the description's text. Nothing in the server listens for them any more
 * (decision 076; migration 0061 dropped the triggers that notified): they go on so that PostgreSQL's buffers, its indexes and the HTTP cache in
 * front work on a live directory, not a frozen one. Used by `directory-bench.ts` and
 * `directory-server.ts`.
 */
const REVIEW = (stars: number) =>
  `UPDATE contractor_profiles SET rating_avg = (rating_avg * rating_count + ${stars}) / (rating_count + 1), rating_count = rating_count + 1 WHERE user_id = $1`;
const FAVOURITE = 'UPDATE contractor_profiles SET favourites_count = favourites_count + 1 WHERE user_id = $1';
const COMPLETED = 'UPDATE contractor_profiles SET completed_projects = completed_projects + 1 WHERE user_id = $1';
const PROFILE_EDIT = `UPDATE contractor_profiles SET description = CASE WHEN description LIKE '% Consulte disponibilidad.' THEN left(description, -25)
  ELSE coalesce(description, '') || ' Consulte disponibilidad.' END, updated_at = now() WHERE user_id = $1`;
const CHANGES = [...[5, 4, 5, 5, 3, 5, 4, 5, 2, 5].map(REVIEW), ...Array.from({ length: 6 }, () => FAVOURITE), COMPLETED, COMPLETED, COMPLETED, PROFILE_EDIT];

/** The n-th change of the bench's sequence: its statement and the contractor it changes (`$1`). */
export function nthChange(n: number, ids: readonly string[]): { sql: string; id: string } {
  return { sql: CHANGES[(n * 7) % CHANGES.length]!, id: ids[(n * 7919) % ids.length]! };
}
