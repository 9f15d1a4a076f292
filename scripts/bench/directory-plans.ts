/**
 * `npx tsx scripts/bench/directory-plans.ts`: where a directory request's CPU goes, on the
 * directory `directory-misses.ts` generated and keeps (`BENCH_MISSES_DIR`): the bench's requests
 * of each target (`BENCH_PLANS_TARGETS`, `all,service,text,place,page`) one at a time through the
 * directory service on ONE connection with the directory's planner settings, so that the CPU of
 * its PostgreSQL backend (/proc) and of this process (the service's SQL building, the rows' and
 * the JSON's work, no HTTP) are each the request's own. `BENCH_PLANS_N` (400) requests a target,
 * after as many unmeasured. Then, from `pg_prepared_statements` of that connection, how many
 * times each statement was planned afresh (custom plans) and how many times it ran on its
 * generic plan. `BENCH_PLAN_CACHE_MODE` sets plan_cache_mode for the connection (auto,
 * force_custom_plan, force_generic_plan) to see what planning costs (decision 076).
 */
import { createDb, createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { DIRECTORY_PG_OPTIONS } from '../../apps/server/src/modules/directory/directory.ts';
import { cpuOf } from './cpu-time.ts';
import { runPath } from './directory-one-at-a-time.ts';
import { directoryRequests, listedContractorIds, type DirectoryTargetKey } from './directory-requests.ts';

const dir = process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses';
const TARGETS = (process.env.BENCH_PLANS_TARGETS ?? 'all,service,text,place,page').split(',') as DirectoryTargetKey[];
const N = Number(process.env.BENCH_PLANS_N ?? 400);
const MODE = process.env.BENCH_PLAN_CACHE_MODE;

const database = await startEmbeddedPostgres(dir, () => undefined);
const admin = createPool(database.url, 1);
try {
  const ids = await listedContractorIds(admin);
  for (const key of TARGETS) {
    const options = `${DIRECTORY_PG_OPTIONS}${MODE ? ` -c plan_cache_mode=${MODE}` : ''}`;
    const pool = createPool({ connectionString: database.url, options }, 1);
    try {
      const db = createDb(pool);
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const backendCpuMs = cpuOf(rows[0]!.pid);
      const requests = directoryRequests(ids, 11);
      for (let i = 0; i < N; i++) await runPath({ db }, requests.next(key));
      const pg0 = backendCpuMs();
      const node0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < N; i++) await runPath({ db }, requests.next(key));
      const wall = performance.now() - t0;
      const node = process.cpuUsage(node0);
      const pgMs = backendCpuMs() - pg0;
      const stmts = await pool.query<{ statement: string; generic_plans: number; custom_plans: number }>(
        'SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY generic_plans + custom_plans DESC',
      );
      const plans = stmts.rows.reduce((a, r) => ({ g: a.g + r.generic_plans, c: a.c + r.custom_plans }), { g: 0, c: 0 });
      console.log(
        `${key.padEnd(8)} ${MODE ?? 'auto'}: wall ${(wall / N).toFixed(2)} ms, PostgreSQL ${((pgMs / N) * 1000).toFixed(0)} µs, node ${((node.user + node.system) / N).toFixed(0)} µs a request; ` +
          `${stmts.rows.length} statements, ${plans.c} custom plans and ${plans.g} generic over ${2 * N} requests`,
      );
      if (process.env.BENCH_PLANS_VERBOSE)
        for (const r of stmts.rows.slice(0, 12)) console.log(`   custom ${r.custom_plans} generic ${r.generic_plans}: ${r.statement.replace(/\s+/g, ' ').slice(0, 160)}`);
    } finally {
      await pool.end();
    }
  }
} finally {
  await admin.end();
  await database.stop();
}
