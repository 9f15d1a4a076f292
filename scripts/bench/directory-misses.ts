/**
 * `npx tsx scripts/bench/directory-misses.ts`: the directory's requests one at a time (the bench's
 * `alone p50/p99`, directory-one-at-a-time.ts: SQL and JSON, no HTTP, no other load) on a
 * generated directory kept between runs: for working on the directory's queries. (Its name is
 * from the in-memory engine's days, when these were its cache misses.) The first run generates
 * `CONTRACTORS` (100,000) into `BENCH_MISSES_DIR` (a scratch data directory, kept); later runs
 * reuse it.
 * `BENCH_MISSES_TARGETS` (default `place,text,service,all`) chooses the targets; with
 * `DATABASE_URL`, that database is used (already generated) instead.
 */
import fs from 'node:fs';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { directoryRequests, listedContractorIds, type DirectoryTargetKey } from './directory-requests.ts';
import { measureOneAtATime } from './directory-one-at-a-time.ts';
import { generateDirectory } from './generate-directory.ts';

const dir = process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses';
const contractors = Number(process.env.CONTRACTORS ?? 100_000);
const targets = (process.env.BENCH_MISSES_TARGETS ?? 'place,text,service,all').split(',') as DirectoryTargetKey[];

fs.mkdirSync(dir, { recursive: true });
const database = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: async () => undefined } : await startEmbeddedPostgres(dir, () => undefined);
const pool = createPool(database.url, 2);
try {
  await runMigrations(pool);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM contractor_profiles');
  if (rows[0]!.n < contractors) {
    console.log(`generating ${rows[0]!.n} → ${contractors} contractors…`);
    await generateDirectory(pool, rows[0]!.n, contractors);
  }
  console.log(`database: ${database.url}`);
  const ids = await listedContractorIds(pool);
  for (const key of targets) {
    const t = await measureOneAtATime(pool, directoryRequests(ids, 11), key);
    console.log(`${key.padEnd(8)} alone p50 ${t.p50.toFixed(1)} ms  p99 ${t.p99.toFixed(1)} ms  (n ${t.n})`);
  }
} finally {
  await pool.end();
  await database.stop();
}
