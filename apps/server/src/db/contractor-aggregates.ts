import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

// The one way a contractor's public counters change (docs/decisions/026-reviews.md): the
// rating, the number of ratings and the completed projects are computed from the data —
// APPROVED client→contractor reviews and `completado` projects — never added to or written
// as numbers. Review moderation, project approval (by the client, by the system after the
// review days, by a sysadmin deciding a claim) and the demo all call it inside the
// transaction that changes the data, so the directory's triggers (decision 013) see the new
// sort keys when that transaction commits.

/** A uuid[] parameter list of these ids, for `= ANY(…)`. */
export function uuidArray(ids: readonly string[]) {
  return sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/**
 * Recomputes rating_avg, rating_count and completed_projects of these contractors (every
 * contractor when `contractorIds` is omitted). The profiles are locked first, so under READ
 * COMMITTED the UPDATE's fresh snapshot sees any concurrent approval that committed while it
 * waited: two approvals for one contractor at the same moment cannot lose one.
 */
export async function refreshContractorAggregates(db: DbOrTx, contractorIds?: readonly string[]): Promise<void> {
  if (contractorIds && contractorIds.length === 0) return;
  const ids = contractorIds ? uuidArray(contractorIds) : null;
  const only = (column: string) => (ids ? sql`WHERE ${sql.raw(column)} = ANY(${ids})` : sql``);
  const andOnly = (column: string) => (ids ? sql`AND ${sql.raw(column)} = ANY(${ids})` : sql``);
  if (ids) await db.execute(sql`SELECT 1 FROM contractor_profiles ${only('user_id')} ORDER BY user_id FOR UPDATE`);
  await db.execute(sql`
    UPDATE contractor_profiles cp SET
      rating_avg = coalesce(r.avg, 0),
      rating_count = coalesce(r.n, 0),
      completed_projects = coalesce(p.n, 0)
    FROM contractor_profiles c0
    LEFT JOIN (SELECT subject_id, avg(rating)::real AS avg, count(*)::int AS n FROM reviews
                WHERE status = 'approved' AND direction = 'client_to_contractor' ${andOnly('subject_id')} GROUP BY subject_id) r ON r.subject_id = c0.user_id
    LEFT JOIN (SELECT contractor_id, count(*)::int AS n FROM projects
                WHERE status = 'completado' ${andOnly('contractor_id')} GROUP BY contractor_id) p ON p.contractor_id = c0.user_id
    WHERE cp.user_id = c0.user_id ${andOnly('c0.user_id')}
      AND (cp.rating_avg IS DISTINCT FROM coalesce(r.avg, 0) OR cp.rating_count <> coalesce(r.n, 0) OR cp.completed_projects <> coalesce(p.n, 0))`);
}

/** A contractor's favourites count from the data (the demo's load; the favourites module keeps it in step). */
export async function refreshFavouriteCounts(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    UPDATE contractor_profiles cp SET favourites_count = coalesce(f.n, 0)
    FROM contractor_profiles c0
    LEFT JOIN (SELECT contractor_id, count(*)::int AS n FROM favourites GROUP BY contractor_id) f ON f.contractor_id = c0.user_id
    WHERE cp.user_id = c0.user_id AND cp.favourites_count <> coalesce(f.n, 0)`);
}
