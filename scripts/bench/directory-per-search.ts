/**
 * `npx tsx scripts/bench/directory-per-search.ts [target]`: which searches of a target's stream
 * PostgreSQL spends its CPU on, on the directory `directory-misses.ts` generated and keeps
 * (`BENCH_MISSES_DIR`). It draws `BENCH_PER_SEARCH_N` (400) requests of the target (`text` by
 * default: all, service, text, place, page), then runs each distinct one `BENCH_PER_SEARCH_RUNS`
 * (20) times through the directory service on ONE connection with the directory's planner settings,
 * after 7 unmeasured runs (past PostgreSQL's five custom plans, where a named statement may switch
 * to its generic plan), and prints the backend's CPU a run, the stream's mean weighted by how often
 * each search came, and the searches that weigh most. Found the generic plans that made a page of
 * 'aire acondicionado' 100 ms instead of 12 (decision 076, "Amended 2026-12-07 (round five)").
 * PostgreSQL's CPU is counted in clock ticks (10 ms): a search's figure is the mean over its runs.
 */
import { createDb, createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { DIRECTORY_PG_OPTIONS } from '../../apps/server/src/modules/directory/directory.ts';
import { cpuOf } from './cpu-time.ts';
import { runPath } from './directory-one-at-a-time.ts';
import { directoryRequests, listedContractorIds, type DirectoryTargetKey } from './directory-requests.ts';

const dir = process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses';
const TARGET = (process.argv[2] ?? 'text') as DirectoryTargetKey;
const N = Number(process.env.BENCH_PER_SEARCH_N ?? 400);
const RUNS = Number(process.env.BENCH_PER_SEARCH_RUNS ?? 20);
const SHOWN = 30;

const database = await startEmbeddedPostgres(dir, () => undefined);
const admin = createPool(database.url, 1);
const pool = createPool({ connectionString: database.url, options: DIRECTORY_PG_OPTIONS }, 1);
try {
  const db = createDb(pool);
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backendCpuMs = cpuOf(rows[0]!.pid);
  const requests = directoryRequests(await listedContractorIds(admin), 11);
  const times = new Map<string, number>();
  for (let i = 0; i < N; i++) {
    const path = requests.next(TARGET);
    times.set(path, (times.get(path) ?? 0) + 1);
  }
  const measured: { path: string; times: number; ms: number }[] = [];
  for (const [path, n] of times) {
    for (let i = 0; i < 7; i++) await runPath({ db }, path);
    const before = backendCpuMs();
    for (let i = 0; i < RUNS; i++) await runPath({ db }, path);
    measured.push({ path, times: n, ms: (backendCpuMs() - before) / RUNS });
  }
  const weight = (m: (typeof measured)[number]) => m.times * m.ms;
  measured.sort((a, b) => weight(b) - weight(a));
  const total = measured.reduce((sum, m) => sum + weight(m), 0);
  console.log(`${TARGET}: ${measured.length} distinct searches in ${N}; PostgreSQL ${(total / N).toFixed(2)} ms a request, weighted by how often each came`);
  for (const m of measured.slice(0, SHOWN))
    console.log(`${String(m.times).padStart(4)}× ${m.ms.toFixed(2).padStart(7)} ms ${((100 * weight(m)) / total).toFixed(1).padStart(5)}%  ${decodeURIComponent(m.path)}`);
} finally {
  await pool.end();
  await admin.end();
  await database.stop();
}
