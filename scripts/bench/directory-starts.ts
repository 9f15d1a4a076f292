/**
 * Three instances starting together read no table whole (issue 52; the in-memory engine read
 * every contractor on each start, decision 076). Three production servers start at once on the
 * generated directory; PostgreSQL's `pg_stat_user_tables` (`seq_scan`, `seq_tup_read`) is read
 * before, every second through their first minute, and 11 s after it (a backend reports its
 * counters when it goes idle, at the latest 10 s later). A table was read whole when its
 * sequential scans read at least as many rows as it holds; tables under `WHOLE_READ_MIN_ROWS`
 * (5,000) do not count: PostgreSQL scans a small table by choice, and the job queue's own tables
 * are small.
 *
 * The server's jobs run on cron marks (scheduled-jobs.ts). Every instance sends, when it starts,
 * the slots of the last minute (pg-boss: a slot is due for 60 s), so the every-minute jobs
 * (quotes, hires, deliveries, mail, payments, notifications, claims) always run in the first
 * minute: they are named, not excluded. The five- and fifteen-minute jobs (digest, payouts,
 * holdbacks, campaigns, the trust sweep) are kept out: the start waits until the last five-minute
 * mark is over 60 s old and the next one is after the window. Each table read whole is printed
 * with when its reads showed and the jobs that ran then (from pg-boss's `pgboss.job`).
 */
import type pg from 'pg';
import type { ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { startBenchServer } from './directory-memory.ts';
import { verdict } from './run.ts';

export const WHOLE_READ_MIN_ROWS = 5_000;
const INSTANCES = 3;
const FIRST_MINUTE_MS = 60_000;
/** How late a backend's counters may show in pg_stat_user_tables (PostgreSQL's idle flush, 10 s), plus a second. */
const STATS_LAG_MS = 11_000;
const MARK_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TableCounts {
  seqScan: number;
  seqRead: number;
  rows: number;
}
type Snapshot = { at: number; tables: Map<string, TableCounts> };

async function snapshot(pool: pg.Pool): Promise<Snapshot> {
  const { rows } = await pool.query<{ name: string; seq_scan: number; seq_tup_read: number; n_live_tup: number }>(
    `SELECT schemaname || '.' || relname AS name, coalesce(seq_scan, 0)::float8 AS seq_scan, coalesce(seq_tup_read, 0)::float8 AS seq_tup_read,
       n_live_tup::float8 AS n_live_tup FROM pg_stat_user_tables`,
  );
  return { at: Date.now(), tables: new Map(rows.map((r) => [r.name, { seqScan: r.seq_scan, seqRead: r.seq_tup_read, rows: r.n_live_tup }])) };
}

/** Waits until a start now keeps the five-minute jobs out of the window (`windowMs` from the start); returns the ms waited. */
async function awayFromFiveMinuteMarks(windowMs: number): Promise<number> {
  const since = Date.now() % MARK_MS;
  const earliest = 62_000;
  const latest = MARK_MS - windowMs - 5_000;
  if (since >= earliest && since <= latest) return 0;
  const wait = since < earliest ? earliest - since : MARK_MS - since + earliest;
  console.log(`  waiting ${(wait / 1000).toFixed(0)} s: the instances start over a minute after a five-minute mark, so that mark's jobs stay out`);
  await sleep(wait);
  return wait;
}

interface JobRun {
  name: string;
  started: number;
  ended: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** Runs the starts step on the generated directory at `url`; true when no table was read whole. */
export async function benchStarts(o: { pool: pg.Pool; url: string; openedBefore: boolean }): Promise<boolean> {
  console.log(
    `\nThree instances starting together (target: no table of ${fmt(WHOLE_READ_MIN_ROWS)} rows or more read whole; pg_stat_user_tables before, ` +
      `through their first minute and ${STATS_LAG_MS / 1000} s after)`,
  );
  if (o.openedBefore) console.log("  (the memory step's servers opened this database before: what only a first start does is not counted)");
  await awayFromFiveMinuteMarks(FIRST_MINUTE_MS + STATS_LAG_MS);
  const before = await snapshot(o.pool);
  const samples: Snapshot[] = [before];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sleep(1_000);
      samples.push(await snapshot(o.pool));
    }
  })();
  const t0 = before.at;
  const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startBenchServer(o.url).then((s) => ({ s, ms: Date.now() - t0 }))));
  const servers: ServerProcess[] = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value.s] : []));
  let jobs: JobRun[];
  let ready: number;
  try {
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const times = started.map((r) => (r as PromiseFulfilledResult<{ ms: number }>).value.ms);
    ready = t0 + Math.max(...times);
    console.log(`  the three answered /api/health after ${times.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    await sleep(Math.max(0, t0 + FIRST_MINUTE_MS + STATS_LAG_MS - Date.now()));
    const { rows } = await o.pool.query<{ name: string; started: Date; ended: Date | null }>(
      `SELECT name, started_on AS started, completed_on AS ended FROM pgboss.job WHERE started_on >= $1 AND name NOT LIKE '\\_\\_pgboss%' ORDER BY started_on`,
      [new Date(t0)],
    );
    jobs = rows.map((r) => ({ name: r.name, started: r.started.getTime(), ended: r.ended?.getTime() ?? Date.now() }));
  } finally {
    sampling = false;
    await sampler;
    await Promise.all(servers.map((s) => s.stop()));
  }
  return report(samples, jobs, t0, ready);
}

function report(samples: Snapshot[], jobs: JobRun[], t0: number, ready: number): boolean {
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const ran = new Map<string, number>();
  for (const j of jobs) ran.set(j.name, (ran.get(j.name) ?? 0) + 1);
  console.log(`  jobs run in the window: ${ran.size === 0 ? 'none' : [...ran].map(([name, n]) => `${name}${n > 1 ? ` ×${n}` : ''}`).join(', ')}`);
  const rel = (t: number) => `+${((t - t0) / 1000).toFixed(0)} s`;
  let whole = 0;
  let partial = 0;
  for (const [name, end] of last.tables) {
    const start = first.tables.get(name) ?? { seqScan: 0, seqRead: 0, rows: end.rows };
    const read = end.seqRead - start.seqRead;
    const scans = end.seqScan - start.seqScan;
    if (end.rows < WHOLE_READ_MIN_ROWS || scans === 0) continue;
    if (read < end.rows) {
      partial++;
      console.log(`  ${name}: ${fmt(scans)} sequential scan(s) read ${fmt(read)} of its ${fmt(end.rows)} rows (not whole)`);
      continue;
    }
    whole++;
    // The seconds whose sample showed more rows read; the read itself may have happened up to the lag before.
    const seen = samples.slice(1).filter((s, i) => (s.tables.get(name)?.seqRead ?? 0) > (samples[i]!.tables.get(name)?.seqRead ?? 0));
    const from = Math.min(...seen.map((s) => s.at)) - STATS_LAG_MS;
    const to = Math.max(...seen.map((s) => s.at));
    const during = [...new Set(jobs.filter((j) => j.started <= to && j.ended >= from).map((j) => j.name))];
    const starting = from < ready ? 'while the instances started' : 'after the instances answered';
    console.log(
      `  READ WHOLE ${name}: ${fmt(scans)} sequential scan(s) read ${fmt(read)} rows (${fmt(end.rows)} rows); shown ${seen.map((s) => rel(s.at)).join(', ')}, ` +
        `${starting}; jobs running then: ${during.length > 0 ? during.join(', ') : 'none (the start itself)'}`,
    );
  }
  if (whole === 0 && partial === 0) console.log(`  no sequential scan of a table of ${fmt(WHOLE_READ_MIN_ROWS)} rows or more`);
  const ok = whole === 0;
  console.log(`  Three instances starting together: ${whole === 0 ? 'no table read whole' : `${whole} table(s) read whole`}: ${verdict(ok)}`);
  return ok;
}
