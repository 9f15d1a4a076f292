import { findServiceCity } from '@arreglaya/shared/service-city';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { PreparedJson } from '../../lib/prepared-json.ts';
import type { DirectoryDeps } from './directory.service.ts';
import { readServiceCityRows } from './service-city.repository.ts';

/**
 * Every service and city with a page and at least one listed contractor (ServiceCityStatsSchema)
 * (decision 044): one query over the listed contractors, answered by PostgreSQL each time and
 * kept by shared HTTP caches (decision 076).
 */
export async function serviceCityStats(deps: DirectoryDeps): Promise<PreparedJson> {
  const rows = await readServiceCityRows(deps.db);
  const items: ServiceCityStats['items'] = rows
    .filter((r) => findServiceCity(r.service, r.city)?.country === r.country)
    .map((r) => ({ ...r, lastModified: new Date(r.lastModified).toISOString() }));
  return new PreparedJson(JSON.stringify({ items } satisfies ServiceCityStats));
}
