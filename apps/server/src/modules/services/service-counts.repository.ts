import { SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import type { CountryCode } from '@arreglaya/shared/countries';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listedContractorCounts as counts } from '../../db/schema/index.ts';

/**
 * Listed contractors (the directory's rule) offering each service, in a country when one is given;
 * every service is present, 0 when none. Read from the counts the triggers keep per place and
 * service (listed_contractor_counts, migration 0063, decision 076): a few hundred rows, where
 * counting every listed contractor's services took about half a second at 100,000 contractors.
 */
export async function countContractorsByService(db: DbOrTx, country?: CountryCode): Promise<{ service: ServiceType; contractors: number }[]> {
  const rows = await db
    .select({ service: counts.service, contractors: sql<number>`sum(${counts.listed})::int` })
    .from(counts)
    .where(and(ne(counts.service, ''), country ? eq(counts.country, country) : undefined))
    .groupBy(counts.service);
  const found = new Map(rows.map((r) => [r.service, Number(r.contractors)]));
  return SERVICE_TYPES.map((service) => ({ service, contractors: found.get(service) ?? 0 }));
}
