import { DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../../db/client.ts';
import { connectionErrorCode } from '../../db/connection-errors.ts';
import { freshFor } from '../../lib/fresh-for.ts';
import type { PreparedJson } from '../../lib/prepared-json.ts';
import type { PageSources } from '../../lib/route-config.ts';
import { serviceCityStats } from './service-city.service.ts';
import { findContractorPage, isContractorId, searchDirectory, type DirectoryDeps } from './directory.service.ts';

export interface Directory extends DirectoryDeps {
  /** Every service and city's figures (service-city.service.ts), kept `figuresTtlMs` by this instance. */
  serviceCities(): Promise<PreparedJson>;
  stop(): Promise<void>;
}

/**
 * Planner settings of the directory's own connections. Its queries read a few rows through
 * indexes from tables that stay in memory; with the default random_page_cost (4, for spinning
 * disks) PostgreSQL reads every contractor to match a common word (a seq scan decompressing
 * each search vector) instead of the word's GIN bitmap, several times slower. No parallel
 * workers: starting them costs milliseconds, and with many requests at once the cores are busy
 * anyway (decision 015).
 */
export const DIRECTORY_PG_OPTIONS = '-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';

/**
 * The directory: a small pool of its own for reads (same server and credentials as the app's
 * pool, tuned planner). Every answer comes from PostgreSQL (decision 076); shared HTTP caches
 * keep the anonymous ones.
 */
export function startDirectory(opts: { db: Db; log: FastifyBaseLogger; figuresTtlMs?: number }): Directory {
  // The node-postgres pool behind drizzle (typed away by the Db alias) gives the settings.
  const { options } = (opts.db as unknown as { $client: pg.Pool }).$client;
  const readPool = createPool({ ...options, options: DIRECTORY_PG_OPTIONS }, 8, (err) => opts.log.warn({ code: connectionErrorCode(err) }, 'directory pool: connection lost'));
  const db = createDb(readPool);
  const serviceCities = freshFor(opts.figuresTtlMs ?? 0, () => serviceCityStats({ db }));
  return {
    db,
    serviceCities: () => serviceCities('all'),
    async stop() {
      await readPool.end();
    },
  };
}

/**
 * What the server's renderer of /busqueda and /contractors/:id reads (plugins/web-app.ts): the
 * same services as GET /api/contractors and /api/contractors/:id. A search is checked with the
 * API's schema; one it refuses (the page's URL reader leaves out what the schema refuses, so only
 * a bug would) is the default search.
 */
export function directoryPageSources(deps: Directory): PageSources {
  return {
    async searchDirectory(search) {
      const checked = DirectorySearchSchema.safeParse(search);
      // The server's render has no viewer: a search from a project is rendered without it (the page asks again signed in).
      const asked = checked.success ? { ...checked.data, proyecto: undefined } : DirectorySearchSchema.parse({});
      return (await searchDirectory(deps, asked)).text();
    },
    async contractorPage(id) {
      const found = isContractorId(id) ? await findContractorPage(deps, id.toLowerCase()) : null;
      return found ? found.text() : null;
    },
    async serviceCities() {
      return (await deps.serviceCities()).text();
    },
  };
}
