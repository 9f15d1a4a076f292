import { SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import type { CountryCode } from '@arreglaya/shared/countries';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles as cp, users } from '../../db/schema/index.ts';
import { LISTED } from '../../db/contractor-listing.ts';

/** Listed contractors (the directory's rule) offering each service, in a country when one is given; every service is present, 0 when none. */
export async function countContractorsByService(db: DbOrTx, country?: CountryCode): Promise<{ service: ServiceType; contractors: number }[]> {
  const rows = await db.execute<{ service: ServiceType; contractors: number }>(sql`
    SELECT s.service::text AS service, count(*)::int AS contractors
    FROM ${cp}
    JOIN ${users} ON ${users.id} = ${cp.userId}
    CROSS JOIN LATERAL unnest(${cp.serviceTypes}) AS s(service)
    WHERE ${LISTED} ${country ? sql`AND ${cp.country} = ${country}` : sql``}
    GROUP BY s.service`);
  const found = new Map(rows.rows.map((r) => [r.service, r.contractors]));
  return SERVICE_TYPES.map((service) => ({ service, contractors: found.get(service) ?? 0 }));
}
