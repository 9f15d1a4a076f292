/**
 * `npx tsx scripts/bench/directory-cache-model.ts`: the best hit rate any shared cache keeping each
 * answer 30 s (HAProxy's `cache directory`, decision 076) could reach on the bench's mixed stream
 * (`directoryRequests(ids, 7).mixed()`, the `haproxy` step's seed) at a given rate: each URL is a
 * hit when it was stored less than 30 s of requests before, a miss otherwise (and then stored
 * anew), over a stream long enough to fill the cache, for the last 10 s (the measured run). No
 * server, no HAProxy, no database: 100,000 contractor ids stand in for the listed contractors (the
 * stream only picks among them by rank). It prints the hit rate in all and per kind, and how many
 * distinct URLs the 10 s send. `BENCH_MODEL_RATES` (req/s, comma-separated: 421,1500,11000).
 */
import { directoryRequests } from './directory-requests.ts';

const CONTRACTORS = 100_000;
const TTL_S = 30;
const MEASURED_S = 10;
const rates = (process.env.BENCH_MODEL_RATES ?? '421,1500,11000').split(',').map(Number);
const ids = Array.from({ length: CONTRACTORS }, (_, i) => `c${i}`);

/** The kind of a bench URL, as directory-requests.ts builds them. */
function kindOf(url: string): string {
  if (url.startsWith('/api/contractors/')) return 'contractor page';
  if (url.includes('donde=') || url.includes('+en+')) return 'place';
  if (url.includes('q=')) return 'free text';
  if (url.includes('service=')) return 'service';
  return 'no filter';
}

for (const rate of rates) {
  const window = TTL_S * rate;
  const total = window * 3 + MEASURED_S * rate;
  const measuredFrom = total - MEASURED_S * rate;
  const requests = directoryRequests(ids, 7);
  const storedAt = new Map<string, number>();
  const byKind = new Map<string, { n: number; hits: number }>();
  const distinct = new Set<string>();
  let hits = 0;
  for (let i = 0; i < total; i++) {
    const url = requests.mixed();
    const stored = storedAt.get(url);
    const hit = stored !== undefined && i - stored < window;
    if (!hit) storedAt.set(url, i);
    if (i < measuredFrom) continue;
    distinct.add(url);
    if (hit) hits++;
    const k = byKind.get(kindOf(url)) ?? { n: 0, hits: 0 };
    k.n++;
    if (hit) k.hits++;
    byKind.set(kindOf(url), k);
  }
  const n = total - measuredFrom;
  const kinds = [...byKind].map(([kind, k]) => `${kind} ${((100 * k.hits) / k.n).toFixed(1)}% of ${((100 * k.n) / n).toFixed(0)}%`).join(', ');
  console.log(`${rate} req/s: at best ${((100 * hits) / n).toFixed(1)}% hits; ${distinct.size} distinct URLs of ${n} in ${MEASURED_S} s (${kinds})`);
}
