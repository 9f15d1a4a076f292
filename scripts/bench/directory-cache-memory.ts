/**
 * `node --expose-gc --import tsx scripts/bench/directory-cache-memory.ts`: what a cached search
 * page or count, and a contractor page, really take in the heap (V8's, after a full collection,
 * plus the gzipped answers' buffers) against what the directory cache counts for them
 * (`ENTRY_OVERHEAD`s in directory-cache.ts: the budget is only as good as that count). On the
 * directory `directory-misses.ts` generated and keeps (`BENCH_MISSES_DIR`); through the service,
 * no HTTP; it only reads. `BENCH_MEMORY_SEARCHES` (6,000) place searches, as many pages.
 */
import { findContractorPage, searchDirectory } from '../../apps/server/src/modules/directory/directory.service.ts';
import { directoryRequests } from './directory-requests.ts';
import { searchOfUrl, withKeptDirectory } from './kept-directory.ts';

const SEARCHES = Number(process.env.BENCH_MEMORY_SEARCHES ?? 6000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');

/** Heap and buffers in use after two full collections. */
function used(): number {
  gc!();
  gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

await withKeptDirectory(async ({ ids, directory }) => {
  const requests = directoryRequests(ids);
  // Warm: the facets' sorted orders, the remembered terms, the JIT.
  for (let i = 0; i < 300; i++) await searchDirectory(directory, searchOfUrl(requests.next('place')));
  const measure = async (label: string, store: 'lists' | 'pages', fill: () => Promise<unknown>) => {
    const before = { heap: used(), size: directory.cache.size };
    await fill();
    const after = { heap: used(), size: directory.cache.size };
    const entries = after.size[store] - before.size[store];
    const heap = (after.heap - before.heap) / entries;
    const counted = (after.size.bytes - before.size.bytes) / entries;
    console.log(
      `${label}: ${entries.toLocaleString('en')} entries, ${Math.round(heap).toLocaleString('en')} bytes each in memory, ${Math.round(counted).toLocaleString('en')} counted`,
    );
  };
  await measure('search pages and counts (place)', 'lists', async () => {
    for (let i = 0; i < SEARCHES; i++) await searchDirectory(directory, searchOfUrl(requests.next('place')));
  });
  await measure('contractor pages', 'pages', async () => {
    for (const id of ids.slice(0, SEARCHES)) await findContractorPage(directory, id);
  });
});
