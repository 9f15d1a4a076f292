import { DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../../db/client.ts';
import { connectionErrorCode } from '../../db/connection-errors.ts';
import type { PageSources } from '../../lib/route-config.ts';
import { DirectoryCache } from './directory-cache.ts';
import { DirectoryFacets } from './directory-facets.ts';
import { startDirectoryListener, type ChangeSink, type ExtraChannel } from './directory-listener.ts';
import { serviceCityStats } from './service-city.service.ts';
import { findContractorPage, isContractorId, searchDirectory, type DirectoryDeps } from './directory.service.ts';

export interface Directory extends DirectoryDeps {
  stop(): Promise<void>;
}

/**
 * Memory for cached search pages and counts: about 38,000 (5 KB each with their bookkeeping,
 * LIST_ENTRY_OVERHEAD). Searches from a place are many distinct pages (places × trades ×
 * sorts × pages: 37,000 in the bench's 1.5 million); with room for 20,000 one in twenty-five
 * missed, with 38,000 one in a hundred and fifty (decision 048).
 */
const LIST_CACHE_BYTES = 192 * 1024 * 1024;
/**
 * Memory for contractor pages: every listed contractor's page of a 100,000-contractor directory
 * (about 1.6 KB each, gzipped with its bookkeeping). Visitors open pages far down the results
 * too, and a miss costs ten times a hit (decision 015).
 */
const PAGE_CACHE_BYTES = 192 * 1024 * 1024;

/** The longest a cached search or page is served: changes arrive by notification; this only bounds the ageing of the "Nuevo" badge. */
export const DIRECTORY_CACHE_TTL_MS = 5 * 60_000;

/**
 * Planner settings of the directory's own connections. Its queries read a few rows through
 * indexes from tables that stay in memory; with the default random_page_cost (4, for spinning
 * disks) PostgreSQL reads every contractor to match a common word (a seq scan decompressing
 * each search vector) instead of the word's GIN bitmap, several times slower. No parallel
 * workers: starting them costs milliseconds, and with many requests at once the cores are busy
 * anyway (decision 015).
 */
const DIRECTORY_PG_OPTIONS = '-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';

/**
 * The directory's cache, its change listener (a dedicated connection) and a small pool of its
 * own for reads (same server and credentials as the app's pool, tuned planner); `also`: other
 * channels heard on the same connection (the open projects' cache). Resolves once
 * the listener is connected, or has failed and keeps retrying.
 */
export async function startDirectory(opts: { db: Db; log: FastifyBaseLogger; ttlMs?: number; also?: readonly ExtraChannel[] }): Promise<Directory> {
  const cache = new DirectoryCache({ ttlMs: opts.ttlMs ?? DIRECTORY_CACHE_TTL_MS, maxListBytes: LIST_CACHE_BYTES, maxPageBytes: PAGE_CACHE_BYTES });
  // The node-postgres pool behind drizzle (typed away by the Db alias) gives the settings.
  const { options } = (opts.db as unknown as { $client: pg.Pool }).$client;
  const readPool = createPool({ ...options, options: DIRECTORY_PG_OPTIONS }, 8, (err) => opts.log.warn({ code: connectionErrorCode(err) }, 'directory pool: connection lost'));
  const db = createDb(readPool);
  const facets = new DirectoryFacets(db);
  // Facts first: a count asked right after a change waits for them.
  const sink: ChangeSink = {
    invalidate(changes) {
      facets.apply(changes);
      cache.invalidate(changes);
    },
    setLive(live) {
      facets.setLive(live);
      cache.setLive(live);
    },
  };
  const listener = startDirectoryListener({ connection: { ...options }, cache: sink, log: opts.log, also: opts.also ?? [] });
  await listener.ready;
  return {
    db,
    cache,
    facets,
    async stop() {
      await listener.stop();
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
export function directoryPageSources(deps: DirectoryDeps): PageSources {
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
      return (await serviceCityStats(deps)).text();
    },
  };
}
