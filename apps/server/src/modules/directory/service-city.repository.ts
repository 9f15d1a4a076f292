import type { CountryCode } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { LISTED } from '../../db/contractor-listing.ts';
import { contractorProfiles as cp, users } from '../../db/schema/index.ts';

export type ServiceCityRow = {
  service: ServiceType;
  country: CountryCode;
  city: string;
  contractors: number;
  reviews: number;
  ratingAvg: number | null;
  lastModified: Date | string;
};

/** Listed contractors per service and city (a contractor counts in each of their services), with their reviews' mean. */
export async function readServiceCityRows(db: DbOrTx): Promise<ServiceCityRow[]> {
  const result = await db.execute<ServiceCityRow>(sql`
    SELECT s.service AS "service", ${cp.country} AS "country", ${cp.city} AS "city",
      count(*)::int AS "contractors", sum(${cp.ratingCount})::int AS "reviews",
      (sum(${cp.ratingAvg}::float8 * ${cp.ratingCount}) / nullif(sum(${cp.ratingCount}), 0))::float8 AS "ratingAvg",
      max(${cp.updatedAt}) AS "lastModified"
    FROM ${cp} JOIN ${users} ON ${users.id} = ${cp.userId}
      CROSS JOIN LATERAL unnest(${cp.serviceTypes}) AS s(service)
    WHERE ${LISTED}
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`);
  return result.rows;
}
