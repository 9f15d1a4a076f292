/**
 * `npx tsx scripts/bench/directory-facets-cpu.ts`: what the in-memory facets cost a search from a
 * place (decision 045), in this process, on the directory `directory-misses.ts` generated (run
 * that first; `BENCH_MISSES_DIR`, or `DATABASE_URL`). The bench's place requests
 * (`directoryRequests(ids, 11).next('place')`, `BENCH_FACETS_SEARCHES` of them, 2,000), parsed
 * as the route parses them, go through `DirectoryFacets.page` (the page and the total of a miss)
 * and `count` several rounds (`BENCH_FACETS_ROUNDS`, 5); it prints the CPU per search of each, by
 * the search's shape, then the whole miss
 * (`searchDirectory` with the cache off: the facets, PostgreSQL's read of the page's rows by id,
 * the JSON), by this process's CPU (PostgreSQL's own is not counted). `BENCH_FACETS_PHASES`
 * (`facets,miss`) chooses what to measure.
 *
 * `BENCH_FACETS_RECORD=<file>` writes every search's page and total; `BENCH_FACETS_CHECK=<file>`
 * compares them with such a file (the same database): a change to the facets must not change one.
 * Profile with `node --cpu-prof --cpu-prof-dir=<dir> --import tsx <this file>` and summarise with
 * `cpu-profile.ts`.
 */
import fs from 'node:fs';
import { findPlace, placeInText } from '@arreglaya/shared/places';
import { DIRECTORY_PAGE_SIZE, DirectorySearchSchema, type DirectorySort } from '@arreglaya/shared/schemas/directory';
import { createDb, createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { startDirectory } from '../../apps/server/src/modules/directory/directory.ts';
import type { DirectoryFilters } from '../../apps/server/src/modules/directory/directory-match.ts';
import { searchDirectory } from '../../apps/server/src/modules/directory/directory.service.ts';
import { directoryRequests, listedContractorIds } from './directory-requests.ts';

const dir = process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses';
const SEARCHES = Number(process.env.BENCH_FACETS_SEARCHES ?? 2000);
const ROUNDS = Number(process.env.BENCH_FACETS_ROUNDS ?? 5);
/** What to measure: `facets` (page and count by shape), `miss` (the whole miss). */
const PHASES = (process.env.BENCH_FACETS_PHASES ?? 'facets,miss').split(',');

interface Asked {
  url: string;
  search: ReturnType<typeof DirectorySearchSchema.parse>;
  filters: DirectoryFilters;
  sort: DirectorySort;
  end: number;
}

/** The filters the service derives from a place request (directory.service.ts originOf/filtersOf; no project). */
function asked(url: string): Asked {
  const params = new URL(url, 'http://bench').searchParams;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    query[key] = all.length > 1 ? all : all[0]!;
  }
  const search = DirectorySearchSchema.parse(query);
  const inText = search.q ? placeInText(search.q, search.country) : undefined;
  const q = inText ? inText.rest.trim() || undefined : search.q;
  const place = search.donde ? findPlace(search.donde) : inText?.place;
  const near = place ? { lat: place.lat, lng: place.lng } : undefined;
  const filters: DirectoryFilters = { q, service: search.service, country: search.country, city: search.city, zone: search.zone, rating: search.rating, ...(near ? { near } : {}) };
  const sort = search.sort === 'distance' && !near ? 'popular' : search.sort;
  return { url, search, filters, sort, end: search.page * DIRECTORY_PAGE_SIZE };
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const database = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: async () => undefined } : await startEmbeddedPostgres(dir, () => undefined);
const pool = createPool(database.url, 2);
try {
  const ids = await listedContractorIds(pool);
  const requests = directoryRequests(ids, 11);
  let searches = Array.from({ length: SEARCHES }, () => asked(requests.next('place')));
  const directory = await startDirectory({ db: createDb(pool), log: createLogger({ LOG_LEVEL: 'silent' }) });
  try {
    directory.cache.setLive(false);
    const facets = directory.facets!;
    await facets.settled();
    console.log(`${facets.size.toLocaleString('en')} contractors in the facets, ${facets.baseLat.length - 1} distinct bases; ${searches.length} place searches`);
    // Every trade word's matches read once (as on a server up a while), and the JIT warmed.
    for (const s of searches) await facets.page(s.filters, s.sort, s.end);

    const results: { url: string; ids: string[]; total: number | undefined }[] = [];
    const measure = async (label: string, run: (s: Asked) => Promise<unknown>) => {
      const perRound: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const t0 = cpuMs();
        for (const s of searches) await run(s);
        perRound.push(((cpuMs() - t0) * 1000) / searches.length);
      }
      perRound.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(34)} ${perRound[Math.floor(perRound.length / 2)]!.toFixed(0).padStart(6)} µs CPU a search (rounds ${perRound.map((x) => x.toFixed(0)).join(', ')})`,
      );
    };
    const all = searches;
    const shapes = [
      ['a place alone', (s: Asked) => !s.filters.q && s.filters.service.length === 0],
      ['with a service', (s: Asked) => s.filters.service.length > 0],
      ['with a trade word', (s: Asked) => !!s.filters.q],
    ] as const;
    for (const [label, run] of PHASES.includes('facets')
      ? ([
          ['facets page() (page and total)', async (s: Asked) => facets.page(s.filters, s.sort, s.end)],
          ['facets count()', async (s: Asked) => facets.count(s.filters)],
        ] as const)
      : []) {
      searches = all;
      await measure(label, run);
      for (const [shape, of] of shapes) {
        searches = all.filter(of);
        await measure(`  ${shape} (${searches.length})`, run);
      }
    }
    searches = all;
    if (PHASES.includes('miss')) await measure('miss: searchDirectory, cache off', async (s) => searchDirectory(directory, s.search));

    for (const s of searches) {
      const chosen = await facets.page(s.filters, s.sort, s.end);
      if (!chosen) throw new Error(`the facets did not answer ${s.url}`);
      results.push({ url: s.url, ids: chosen.ids.slice(s.end - DIRECTORY_PAGE_SIZE), total: chosen.total });
    }
    if (process.env.BENCH_FACETS_RECORD) {
      fs.writeFileSync(process.env.BENCH_FACETS_RECORD, JSON.stringify(results));
      console.log(`recorded ${results.length} pages in ${process.env.BENCH_FACETS_RECORD}`);
    }
    if (process.env.BENCH_FACETS_CHECK) {
      const before = JSON.parse(fs.readFileSync(process.env.BENCH_FACETS_CHECK, 'utf8')) as typeof results;
      let differ = 0;
      for (let i = 0; i < results.length; i++) {
        const a = before[i]!;
        const b = results[i]!;
        if (a.url !== b.url) throw new Error(`not the same searches: ${a.url} / ${b.url}`);
        if (a.total !== b.total || a.ids.join() !== b.ids.join()) {
          if (differ++ < 5) console.log(`DIFFERENT ${a.url}: total ${a.total} → ${b.total}\n  ${a.ids.join(' ')}\n  ${b.ids.join(' ')}`);
        }
      }
      console.log(differ === 0 ? `all ${results.length} pages and totals as recorded` : `${differ} of ${results.length} differ`);
      if (differ > 0) process.exitCode = 1;
    }
  } finally {
    await directory.stop();
  }
} finally {
  await pool.end();
  await database.stop();
}
