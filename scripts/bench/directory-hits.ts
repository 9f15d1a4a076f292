/**
 * `npx tsx scripts/bench/directory-hits.ts`: how often the directory's cache answers a target's
 * requests (the bench's stream, `directoryRequests(ids)`), with the bench's changes (a review, a
 * favourite, a completed project, a profile edit; one every `BENCH_HITS_PER_CHANGE` requests,
 * 1,000: the bench's one a second at 1,000 req/s), one request at a time through the service with
 * the server's cache, no HTTP. Every `BENCH_HITS_WINDOW` requests it prints the misses of pages
 * and counts, those of keys already loaded once (forgotten: a change, the memory budget, the
 * TTL) and the cache's memory. `BENCH_HITS_TARGET` (place), `BENCH_HITS_REQUESTS` (100,000).
 *
 * It CHANGES the database, as the bench does: run it on a copy of `directory-misses.ts`'s
 * directory (`BENCH_MISSES_DIR`), or on a `DATABASE_URL` you can spare.
 */
import fs from 'node:fs';
import { DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import { createDb, createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import type { Loaded, Staleness } from '../../apps/server/src/modules/directory/directory-cache.ts';
import { startDirectory } from '../../apps/server/src/modules/directory/directory.ts';
import { searchDirectory } from '../../apps/server/src/modules/directory/directory.service.ts';
import { nthChange } from './directory-changes.ts';
import { directoryRequests, listedContractorIds, type DirectoryTargetKey } from './directory-requests.ts';

const dir = process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses';
const TARGET = (process.env.BENCH_HITS_TARGET ?? 'place') as DirectoryTargetKey;
const REQUESTS = Number(process.env.BENCH_HITS_REQUESTS ?? 100_000);
const PER_CHANGE = Number(process.env.BENCH_HITS_PER_CHANGE ?? 1000);
const WINDOW = Number(process.env.BENCH_HITS_WINDOW ?? 10_000);

fs.mkdirSync(dir, { recursive: true });
const database = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: async () => undefined } : await startEmbeddedPostgres(dir, () => undefined);
const pool = createPool(database.url, 2);
try {
  const ids = await listedContractorIds(pool);
  const requests = directoryRequests(ids);
  const directory = await startDirectory({ db: createDb(pool), log: createLogger({ LOG_LEVEL: 'silent' }) });
  try {
    await directory.facets?.settled();
    const { cache } = directory;
    const loaded = new Set<string>();
    const w = { requests: 0, pages: 0, counts: 0, pagesAgain: 0, countsAgain: 0 };
    // Why entries are forgotten: by the change's kinds and the entry's sort (or 'count').
    const forgotten = new Map<string, number>();
    const list = cache.list.bind(cache);
    cache.list = <T>(key: string, staleBeforeLoad: () => Staleness, load: () => Promise<Loaded<T>>) =>
      list(key, staleBeforeLoad, async (): Promise<Loaded<T>> => {
        const page = key.startsWith('page:');
        if (page) w.pages++;
        else w.counts++;
        if (loaded.has(key)) {
          if (page) w.pagesAgain++;
          else w.countsAgain++;
        }
        loaded.add(key);
        const l = await load();
        const what = page ? key.split(':').at(-2)! : 'count';
        const staleWhen = (c: Parameters<Staleness>[0]) => {
          const stale = l.staleWhen(c);
          if (stale) forgotten.set(`${c.kinds} ${what}`, (forgotten.get(`${c.kinds} ${what}`) ?? 0) + 1);
          return stale;
        };
        // Asked about the same changes as the entry it wraps.
        return { value: l.value, staleWhen: Object.assign(staleWhen, { interest: l.staleWhen.interest }) };
      });
    let changes = 0;
    const t0 = performance.now();
    console.log(`target ${TARGET}: one change every ${PER_CHANGE} requests`);
    console.log('requests  page misses (again)  count misses (again)  distinct keys  cache entries   MB');
    for (let n = 1; n <= REQUESTS; n++) {
      const url = new URL(requests.next(TARGET), 'http://bench');
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        query[key] = all.length > 1 ? all : all[0]!;
      }
      await searchDirectory(directory, DirectorySearchSchema.parse(query));
      w.requests++;
      if (n % PER_CHANGE === 0) {
        const change = nthChange(changes++, ids);
        await pool.query(change.sql, [change.id]);
        // Let the notification arrive, as it does between a bench's requests.
        await new Promise((r) => setTimeout(r, 5));
      }
      if (n % WINDOW === 0) {
        const s = cache.size;
        console.log(
          `${String(n).padStart(8)}  ${`${w.pages} (${w.pagesAgain})`.padStart(19)}  ${`${w.counts} (${w.countsAgain})`.padStart(20)}  ${String(loaded.size).padStart(13)}  ${String(s.lists).padStart(13)}  ${(s.bytes / 2 ** 20).toFixed(1).padStart(4)}`,
        );
        Object.assign(w, { requests: 0, pages: 0, counts: 0, pagesAgain: 0, countsAgain: 0 });
        if (forgotten.size > 0) console.log('  forgotten (change kinds, sort):', JSON.stringify([...forgotten].sort((a, b) => b[1] - a[1]).slice(0, 12)));
        forgotten.clear();
      }
    }
    console.log(`${REQUESTS} requests, ${changes} changes in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await directory.stop();
  }
} finally {
  await pool.end();
  await database.stop();
}
