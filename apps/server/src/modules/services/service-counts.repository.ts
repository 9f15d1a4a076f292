import { SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Active contractors offering each service; every service is present, 0 when none. */
export async function countContractorsByService(db: DbOrTx): Promise<{ service: ServiceType; contractors: number }[]> {
  const rows = await db.execute<{ service: ServiceType; contractors: number }>(sql`
    SELECT s.service::text AS service, count(*)::int AS contractors
    FROM contractor_profiles cp
    JOIN users u ON u.id = cp.user_id
    CROSS JOIN LATERAL unnest(cp.service_types) AS s(service)
    WHERE u.role = 'contractor' AND u.status = 'active'
    GROUP BY s.service`);
  const found = new Map(rows.rows.map((r) => [r.service, r.contractors]));
  return SERVICE_TYPES.map((service) => ({ service, contractors: found.get(service) ?? 0 }));
}
