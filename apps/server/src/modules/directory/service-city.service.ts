import { findServiceCity } from '@arreglaya/shared/service-city';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { PreparedJson } from '../../lib/prepared-json.ts';
import type { Staleness } from './directory-cache.ts';
import type { DirectoryDeps } from './directory.service.ts';
import { readServiceCityRows } from './service-city.repository.ts';

/**
 * What makes the figures stale: a contractor listed or not, their services, their place or their
 * rating (kinds m, s, l, r). Other edits move only a pair's lastmod, which may lag by the
 * cache's time to live (five minutes).
 */
const STALE_WHEN: Staleness = (change) => /[mslr]/.test(change.kinds);

/**
 * Every service and city with a page and at least one listed contractor (ServiceCityStatsSchema),
 * kept in the directory's cache with its invalidation (decision 044): one query over the listed
 * contractors, asked again after a change that moves a count or a rating.
 */
export function serviceCityStats(deps: DirectoryDeps): Promise<PreparedJson> {
  return deps.cache.list(
    'service-cities',
    () => STALE_WHEN,
    async () => {
      const rows = await readServiceCityRows(deps.db);
      const items: ServiceCityStats['items'] = rows
        .filter((r) => findServiceCity(r.service, r.city)?.country === r.country)
        .map((r) => ({ ...r, lastModified: new Date(r.lastModified).toISOString() }));
      return { value: new PreparedJson(JSON.stringify({ items } satisfies ServiceCityStats)), staleWhen: STALE_WHEN };
    },
  );
}
