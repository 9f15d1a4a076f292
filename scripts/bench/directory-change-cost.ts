/**
 * `npx tsx scripts/bench/directory-change-cost.ts`: what one announced change costs the server's
 * directory cache once it holds a target's searches. It sends `BENCH_CHANGE_REQUESTS` (100,000)
 * of a target's requests (`BENCH_CHANGE_TARGET`, place) through the service with the server's
 * cache, one at a time, then makes the bench's next 40 changes (reviews, favourites, completed
 * projects, a profile edit) and prints, for each as it arrives by NOTIFY, the time the cache took
 * to decide what it forgets (the event loop is blocked meanwhile) and how many entries it dropped.
 * On the directory `directory-misses.ts` keeps (`BENCH_MISSES_DIR`); it changes the data as the
 * bench does.
 */
import { searchDirectory } from '../../apps/server/src/modules/directory/directory.service.ts';
import { nthChange } from './directory-changes.ts';
import { directoryRequests, type DirectoryTargetKey } from './directory-requests.ts';
import { searchOfUrl, withKeptDirectory } from './kept-directory.ts';

const TARGET = (process.env.BENCH_CHANGE_TARGET ?? 'place') as DirectoryTargetKey;
const REQUESTS = Number(process.env.BENCH_CHANGE_REQUESTS ?? 100_000);

await withKeptDirectory(async ({ pool, ids, directory }) => {
  const { cache } = directory;
  const timings: { kinds: string; ms: number; dropped: number }[] = [];
  const invalidate = cache.invalidate.bind(cache);
  cache.invalidate = (changes) => {
    const forgotten = cache.stats.lists.forgotten;
    const t0 = performance.now();
    invalidate(changes);
    timings.push({ kinds: changes === '*' ? '*' : changes.map((c) => c.kinds).join(','), ms: performance.now() - t0, dropped: cache.stats.lists.forgotten - forgotten });
  };
  const requests = directoryRequests(ids);
  const t0 = performance.now();
  for (let n = 0; n < REQUESTS; n++) await searchDirectory(directory, searchOfUrl(requests.next(TARGET)));
  const held = cache.size;
  console.log(
    `${REQUESTS} ${TARGET} requests in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${held.lists} searches and counts held (${(held.bytes / 2 ** 20).toFixed(1)} MB)`,
  );
  for (let k = 0; k < 40; k++) {
    const change = nthChange(k, ids);
    await pool.query(change.sql, [change.id]);
    await new Promise((r) => setTimeout(r, 30));
  }
  for (const t of timings) console.log(`${t.kinds.padEnd(10)} ${t.ms.toFixed(1).padStart(6)} ms, ${t.dropped} dropped`);
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  if (sorted.length > 0) console.log(`median ${sorted[sorted.length >> 1]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms over ${sorted.length} changes`);
});
