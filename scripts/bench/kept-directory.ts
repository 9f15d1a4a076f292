/**
 * What the in-process directory scripts share: the directory `directory-misses.ts` generated and
 * keeps (`BENCH_MISSES_DIR`), opened with the server's directory service (every answer from
 * PostgreSQL), and the search the route reads from a bench URL.
 */
import { DirectorySearchSchema, type DirectorySearch } from '@arreglaya/shared/schemas/directory';
import type pg from 'pg';
import { createDb, createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { startDirectory, type Directory } from '../../apps/server/src/modules/directory/directory.ts';
import { listedContractorIds } from './directory-requests.ts';

/** Runs `body` with the kept directory open (PostgreSQL, the listed contractors' ids, the directory service), then closes it all. */
export async function withKeptDirectory<T>(body: (kept: { pool: pg.Pool; ids: string[]; directory: Directory }) => Promise<T>): Promise<T> {
  const database = await startEmbeddedPostgres(process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses', () => undefined);
  const pool = createPool(database.url, 2);
  try {
    const ids = await listedContractorIds(pool);
    const directory = startDirectory({ db: createDb(pool), log: createLogger({ LOG_LEVEL: 'silent' }) });
    try {
      return await body({ pool, ids, directory });
    } finally {
      await directory.stop();
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

/** The search the route reads from a request's URL: its query, through the route's schema. */
export function searchOfUrl(path: string): DirectorySearch {
  const url = new URL(path, 'http://bench');
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length > 1 ? all : all[0]!;
  }
  return DirectorySearchSchema.parse(query);
}
