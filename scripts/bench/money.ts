/**
 * The money section of `npm run bench` (issue 14): fund + approve (release) cycles through the HTTP
 * API at 50 concurrent clients. Hired projects with a saved card are prepared directly in a
 * database of their own (one client per project, so the per-person limits are those of that many
 * people; the cards are sandbox tokens that succeed), then:
 *   1. every project is funded (`POST /api/projects/:id/fund` with the saved card and a fresh
 *      idempotency key): a charge at the sandbox processor, the payment, the ledger's funding and
 *      the receipt, as a client's payment would;
 *   2. the projects are marked delivered in the database (the contractor's steps, not money);
 *   3. every client approves (`POST /api/projects/:id/status` `completado`): the release of the
 *      held money to the contractor less the fee, and the contractor's receipt.
 * A first batch of projects goes through the same cycle unmeasured (a server that has been up a
 * while). Then two measured batches: one flat out (each of the 50 clients sends its next request
 * as soon as the last is answered: how many money actions a second the server takes), and one paced
 * to 300 requests a second in all (evenly spaced, an open loop, run.ts `paced`: the latency a client meets while the
 * marketplace takes 300 money actions a second; flat out, 50 closed-loop clients make p99 about
 * 50 / rate, the queue they form themselves). Money actions per second are a batch's funds and
 * approvals over the time both took; p99 the worse of the two. Then `ledger:check` runs on the
 * database and its output is printed.
 *
 * Targets: at least 300 money actions a second flat out; p99 under 100 ms at 300 a second (a paced
 * run that fell below 97% of the rate fails: its latencies would leave out the queue); `ledger:check` clean.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import type pg from 'pg';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { type HiredBatch as Batch, prepareHiredProjects as prepare } from '../../apps/server/test/support/money-fixtures.ts';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';
import { cpuOf, postgresCpuOf } from './cpu-time.ts';
import { COLUMNS, CONNECTIONS, line, load, paced, type PacedRequest, type Row, serverDatabaseUrl, verdict } from './run.ts';

const PROJECTS = Number(process.env.BENCH_MONEY_PROJECTS ?? 3_000);
/** A directory: the server runs with --cpu-prof and writes its profile there when it stops. */
const CPU_PROF_DIR = process.env.BENCH_MONEY_CPU_PROF;
const WARM_UP_PROJECTS = Math.max(CONNECTIONS * 4, Math.round(PROJECTS / 5));
const TARGET_ACTIONS_PER_SECOND = 300;
const TARGET_P99_MS = 100;
/** The paced run must reach this share of the target rate, or its latencies leave out the queue it could not keep up with. */
const PACED_MIN_SHARE = 0.97;
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** The batch's requests in turn, exactly one per project, each as the project's client. */
function requestOf(b: Batch, action: 'fund' | 'approve'): () => PacedRequest {
  let next = 0;
  return () => {
    const i = next++ % b.projects.length;
    const headers = { authorization: `Bearer ${b.tokens[i]}`, 'content-type': 'application/json', accept: 'application/json' };
    if (action === 'fund') {
      return {
        method: 'POST',
        path: `/api/projects/${b.projects[i]}/fund`,
        headers: { ...headers, 'idempotency-key': `bench_${crypto.randomBytes(12).toString('hex')}` },
        body: JSON.stringify({ paymentMethodId: b.methods[i] }),
      };
    }
    return { method: 'POST', path: `/api/projects/${b.projects[i]}/status`, headers, body: JSON.stringify({ status: 'completado' }) };
  };
}

/** The same for autocannon, flat out. */
function requestsOf(b: Batch, action: 'fund' | 'approve'): autocannon.Options['requests'] {
  const next = requestOf(b, action);
  return [
    {
      setupRequest: (req) => {
        const r = next();
        return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
      },
    },
  ];
}

/** The contractor's part between the two money actions: started and delivered. */
async function deliver(pool: pg.Pool, b: Batch): Promise<void> {
  await pool.query(`UPDATE projects SET status = 'delivered', started_at = now(), delivered_at = now() WHERE id = ANY($1::uuid[]) AND status = 'assigned'`, [b.projects]);
}

/** Funds then approves every project of the batch, flat out or, with `rate`, paced to that many requests a second in all. */
async function cycle(pool: pg.Pool, url: string, b: Batch, cpu: readonly (() => number)[], label: string, rate?: number): Promise<{ fund: Row; approve: Row; seconds: number }> {
  const run = (name: string, action: 'fund' | 'approve') =>
    rate
      ? paced(name, { url, rate, count: b.projects.length, next: requestOf(b, action) }, cpu)
      : load(name, { url, amount: b.projects.length, requests: requestsOf(b, action) }, undefined, cpu);
  const t0 = performance.now();
  const fund = await run(`fund${label}`, 'fund');
  const t1 = performance.now();
  await deliver(pool, b);
  const t2 = performance.now();
  const approve = await run(`approve (release)${label}`, 'approve');
  const t3 = performance.now();
  return { fund, approve, seconds: (t1 - t0 + (t3 - t2)) / 1000 };
}

/** One row for a cycle: its funds and approvals over the time both took, the worse p50 and p99, CPU per action. */
function combined(c: { fund: Row; approve: Row; seconds: number }, name: string): Row {
  return {
    ...c.fund,
    name,
    reqPerSec: c.fund.reqPerSec > 0 ? (2 * PROJECTS) / c.seconds : 0,
    p50: Math.max(c.fund.p50, c.approve.p50),
    p99: Math.max(c.fund.p99, c.approve.p99),
    errors: c.fund.errors + c.fund.non2xx + c.approve.errors + c.approve.non2xx,
    non2xx: 0,
    cpuUs: (c.fund.cpuUs + c.approve.cpuUs) / 2,
  };
}

/** Prepares, loads, prints the table (`vs hello`: of the run's first hello-world), the targets and ledger:check's output; the rows for BENCH_JSON. */
export async function benchMoney(hello: Row): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-money-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 2);
  const rows: Row[] = [];
  let check: string;
  let checkOk: boolean;
  let summary: string;
  try {
    await runMigrations(pool);
    const t0 = performance.now();
    const warm = await prepare(pool, 'w', WARM_UP_PROJECTS);
    const measured = await prepare(pool, 'm', PROJECTS);
    const paced = await prepare(pool, 'p', PROJECTS);
    console.log(`\nmoney: ${WARM_UP_PROJECTS + 2 * PROJECTS} hired projects with saved cards prepared in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-money-server-'));
    const server = await startServerProcess(
      {
        DATA_DIR: serverDir,
        DATABASE_URL: serverDatabaseUrl(database),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PROCESSOR: 'sandbox',
        MAIL_TRANSPORT: 'outbox',
      },
      CPU_PROF_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] } : {},
    );
    const cpu = [cpuOf(server.proc.pid), postgresCpuOf(path.join(dataDir, 'pg'))];
    try {
      await cycle(pool, server.url, warm, cpu, ' (warm-up)');
      const r = await cycle(pool, server.url, measured, cpu, '');
      // Flat out, 50 closed-loop clients wait on each other (p99 ≈ 50 / rate): that run measures how
      // many actions a second the server takes; the paced one the latency a client meets at the target's rate.
      const p = await cycle(pool, server.url, paced, cpu, ` at ${TARGET_ACTIONS_PER_SECOND}/s`, TARGET_ACTIONS_PER_SECOND);
      rows.push(r.fund, r.approve, combined(r, 'money actions, flat out'), p.fund, p.approve, combined(p, `money actions at ${TARGET_ACTIONS_PER_SECOND}/s`));
      summary = `${PROJECTS} projects funded then approved flat out in ${r.seconds.toFixed(1)} s, ${PROJECTS} more paced in ${p.seconds.toFixed(1)} s (after ${WARM_UP_PROJECTS} unmeasured)`;
    } finally {
      await server.stop();
      fs.rmSync(serverDir, { recursive: true, force: true });
    }
    const { rows: money } = await pool.query<{ funded: number; completed: number }>(
      `SELECT (SELECT count(*) FROM payments WHERE status = 'succeeded')::int AS funded, (SELECT count(*) FROM projects WHERE status = 'completado')::int AS completed`,
    );
    summary += `; ${money[0]!.funded} payments succeeded, ${money[0]!.completed} projects approved`;
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    const out = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-check.ts'], { cwd: REPO_ROOT, env }).catch(
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    checkOk = !('code' in out) || out.code === 0;
    check = `${out.stdout}${out.stderr}`.trim();
  } finally {
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nMoney: ${summary}; ${CONNECTIONS} connections, one client per project`);
  console.log(COLUMNS);
  for (const r of rows) console.log(line(r, hello));
  for (const r of rows.filter((_, i) => i % 3 !== 2)) {
    const [server, postgres] = r.cpuPartsUs ?? [];
    if (server !== undefined && postgres !== undefined) console.log(`  cpu/req of ${r.name}: server ${server.toFixed(0)} µs, PostgreSQL ${postgres.toFixed(0)} µs`);
  }
  const flat = rows[2];
  const atRate = rows[5];
  const rateOk = flat !== undefined && flat.reqPerSec >= TARGET_ACTIONS_PER_SECOND && flat.errors === 0;
  // The paced run counts only if it kept to the rate: otherwise its latencies leave out the queue it could not serve.
  const keptPace = atRate !== undefined && atRate.reqPerSec >= TARGET_ACTIONS_PER_SECOND * PACED_MIN_SHARE && atRate.errors === 0;
  const p99Ok = keptPace && atRate.p99 < TARGET_P99_MS;
  console.log(`\nMoney targets: ≥ ${TARGET_ACTIONS_PER_SECOND} money actions/s with p99 < ${TARGET_P99_MS} ms, ledger:check clean`);
  console.log(`  money actions/s, flat out: ${flat ? flat.reqPerSec.toFixed(0) : '-'} ${verdict(rateOk)} (p99 ${flat ? flat.p99 : '-'} ms: the 50 clients' queue)`);
  console.log(`  p99 at ${TARGET_ACTIONS_PER_SECOND}/s: ${atRate ? atRate.p99 : '-'} ms, kept ${atRate ? atRate.reqPerSec.toFixed(0) : '-'}/s ${verdict(p99Ok)}`);
  console.log(`  ${check} ${verdict(checkOk)}`);
  console.log(`\nMoney targets: ${rateOk && p99Ok && checkOk ? 'all met' : 'NOT all met'}.`);
  return rows;
}
