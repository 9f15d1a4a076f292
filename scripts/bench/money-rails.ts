/**
 * `npm run bench:rails` (issue 47, decision 051): the cash and transfer rails against the real
 * server (its own process, on an embedded PostgreSQL of its own, the dLocal stand-in mounted as
 * outside production: DLOCAL_API_URL=sandbox). Hired projects are prepared by SQL
 * (money-fixtures.ts: one client per project, signed in); everything else goes through the API.
 *
 *   1. **Burst**: BENCH_RAILS_VOUCHERS (1,000) cash vouchers opened through
 *      `POST /api/projects/:id/fund` (rail cash: the stand-in issues each ticket), every ticket paid
 *      at the counter by the stand-in's own code (payTicket), and the PAID notifications it queued
 *      sent by the bench all at once, BENCH_RAILS_BURST_CONCURRENCY (100) in flight, signed as
 *      dLocal signs them. One in ten goes twice back to back (the same bytes: a 2xx lost on the
 *      way), one in ten again later, signed afresh (dLocal's retry). Each notification is taken
 *      from the stand-in's queue in the transaction that paid its ticket, so the stand-in's own
 *      delivery job never sends it. Reported: settled, lost (not
 *      settled), doubled (more than one funding posting for a payment), the answers' outcomes,
 *      the wall time, and `ledger:check` (the CLI, as `npm run ledger:check`).
 *   2. **Rate**: the notification endpoint paced at BENCH_RAILS_RATE (200) requests a second for
 *      BENCH_RAILS_SECONDS (20), BENCH_RAILS_RUNS (3) times, open loop (run.ts `paced`: each
 *      latency counted from when the schedule meant to send it). A share BENCH_RAILS_NEW_SHARE
 *      (0.25) are new PAID notifications of vouchers opened and paid beforehand (each settles a
 *      funding), the rest replays of settled payments' PAID (each changes nothing). Each run
 *      keeps clear of the server's scheduled jobs (scheduled-jobs.ts) and follows a hello-world
 *      run (5 s). Reported per run and as median and range: the achieved rate, p50/p95/p99,
 *      failures and non-2xx answers, the server's and PostgreSQL's CPU per request.
 *   3. **Statement**: BENCH_RAILS_TRANSFERS (6,000) transfers opened through the fund route (rail
 *      transfer: each its reference), then a camt.053.001.08 of BENCH_RAILS_LINES (10,000) lines
 *      from the tests' generator (bank-statement-files.ts) whose referenced credits pay those
 *      transfers in turn (one in twenty short by half, one in twenty RD$100 over), imported through
 *      the console's route `POST /api/admin/statements` as a sysadmin. Reported: the request's
 *      time (parse, store, match: target under 60 s), its counts and the lines by status.
 *
 * Targets (issue 47): the burst all settled, none lost, none doubled, `ledger:check` clean; p99
 * under 100 ms at 200 notifications a second (a run below 97% of the rate fails); the statement
 * imported and matched in under 60 s. Benchmarks report: the exit code is 1 when a target is missed.
 * The machine's load average is printed at the start, at each run and at the end (a shared
 * machine: compare CPU per request, not latency, between runs on different days).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createDb, createPool, type Db } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { mulberry32 } from '../../apps/server/src/demo/random.ts';
import { DLOCAL_NOTIFICATION_PATH } from '../../apps/server/src/modules/payments/dlocal-notifications.routes.ts';
import { syntheticCamt053, type StatementPays } from '../../apps/server/test/support/bank-statement-files.ts';
import { prepareHiredProjects, type HiredBatch } from '../../apps/server/test/support/money-fixtures.ts';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';
import { cpuOf, postgresCpuOf } from './cpu-time.ts';
import { load, paced, startHelloWorld, type PacedRequest, type Row } from './run.ts';
import { clearOfScheduledJobs } from './scheduled-jobs.ts';
import {
  BURST_CONCURRENCY,
  CPU_PROF_DIR,
  LINES,
  NEW_SHARE,
  ONLY,
  PACED_MIN_SHARE,
  RATE,
  RUNS,
  SECONDS,
  type Settlement,
  TARGET_P99_MS,
  TARGET_STATEMENT_S,
  TRANSFERS,
  VOUCHERS,
  eachAtOnce,
  ledgerCheck,
  loadAvg,
  median,
  openFundings,
  payTickets,
  percentile,
  range,
  settlement,
  signed,
  sysadmin,
} from './money-rails-steps.ts';

interface BurstResult extends Settlement {
  vouchers: number;
  sent: number;
  seconds: number;
  outcomes: Record<string, number>;
  p50: number;
  p99: number;
  openPerSecond: number;
}

/** Part 1: the vouchers opened, paid, and their notifications sent at once with duplicates and replays. */
async function burst(pool: pg.Pool, url: string, db: Db, b: HiredBatch): Promise<{ result: BurstResult; bodies: string[] }> {
  const { opened, seconds: openSeconds } = await openFundings(url, b, 'cash');
  const ids = opened.map((o) => o.paymentId);
  const bodies = await payTickets(pool, db, ids);
  // Shuffled (seeded); one in ten twice back to back (the same bytes), one in ten again later, signed afresh.
  const random = mulberry32(47);
  const order = [...ids].sort(() => random() - 0.5);
  const sends: { body: string; headers: Record<string, string> }[] = [];
  const later: string[] = [];
  order.forEach((id, i) => {
    const r = signed(bodies.get(id)!);
    const one = { body: r.body!, headers: r.headers! };
    sends.push(one);
    if (i % 10 === 3) sends.push(one);
    if (i % 10 === 7) later.push(id);
  });
  for (const id of later) sends.splice(Math.floor(random() * sends.length) + 1, 0, { body: bodies.get(id)!, headers: signed(bodies.get(id)!).headers! });
  const outcomes: Record<string, number> = {};
  const latencies: number[] = [];
  const t0 = performance.now();
  await eachAtOnce(sends, BURST_CONCURRENCY, async (s) => {
    const t = performance.now();
    const res = await fetch(`${url}${DLOCAL_NOTIFICATION_PATH}`, { method: 'POST', headers: s.headers, body: s.body });
    const text = await res.text();
    latencies.push(performance.now() - t);
    const outcome = res.status === 200 ? ((JSON.parse(text) as { outcome?: string }).outcome ?? 'ok') : `HTTP ${res.status}`;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  const seconds = (performance.now() - t0) / 1000;
  return {
    result: {
      vouchers: ids.length,
      sent: sends.length,
      seconds,
      outcomes,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      openPerSecond: ids.length / openSeconds,
      ...(await settlement(pool, ids)),
    },
    bodies: [...bodies.values()],
  };
}

interface RateRun extends Row {
  hello: number;
  settledNew: number;
  expectedNew: number;
}

/** Part 2: RUNS paced runs at RATE a second, NEW_SHARE new PAID notifications, the rest replays of settled ones. */
async function rate(pool: pg.Pool, url: string, db: Db, b: HiredBatch, settledBodies: string[], cpu: readonly (() => number)[]): Promise<RateRun[]> {
  const count = Math.round(RATE * SECONDS);
  const isNew = (i: number) => Math.floor((i + 1) * NEW_SHARE) > Math.floor(i * NEW_SHARE);
  const newPerRun = Array.from({ length: count }, (_, i) => i).filter(isNew).length;
  const { opened, seconds } = await openFundings(url, b, 'cash');
  console.log(`  ${opened.length} more vouchers opened for the rate runs in ${seconds.toFixed(0)} s`);
  const fresh = await payTickets(
    pool,
    db,
    opened.map((o) => o.paymentId),
  );
  const freshIds = [...fresh.keys()];
  const replays = [...settledBodies];
  const hello = await startHelloWorld();
  const runs: RateRun[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const mine = freshIds.slice(run * newPerRun, (run + 1) * newPerRun);
      let n = 0;
      let r = 0;
      const random = mulberry32(100 + run);
      const next = (): PacedRequest => {
        const i = n++;
        if (isNew(i)) return signed(fresh.get(mine[r++]!)!);
        return signed(replays[Math.floor(random() * replays.length)]!);
      };
      const waited = await clearOfScheduledJobs((SECONDS + 10) * 1000, cpu);
      if (waited > 0) console.log(`  (waited ${(waited / 1000).toFixed(0)} s past a scheduled-jobs mark)`);
      const yardstick = await load('hello-world', { url: hello.url }, 5);
      const row = await paced(`notifications at ${RATE}/s, run ${run + 1}`, { url, rate: RATE, count, next }, cpu);
      const s = await settlement(pool, mine);
      runs.push({ ...row, hello: yardstick.reqPerSec, settledNew: s.settled, expectedNew: mine.length });
      for (const id of mine) replays.push(fresh.get(id)!);
      console.log(
        `  run ${run + 1}: ${row.reqPerSec.toFixed(1)}/s, p50 ${row.p50} ms, p95 ${row.p95} ms, p99 ${row.p99} ms, failed ${row.errors}, non-2xx ${row.non2xx}, ${s.settled}/${mine.length} new settled, cpu/req ${(row.cpuUs / 1000).toFixed(2)} ms, hello-world ${yardstick.reqPerSec.toFixed(0)} req/s, load ${loadAvg()}`,
      );
    }
  } finally {
    hello.stop();
  }
  return runs;
}

interface StatementResult {
  seconds: number;
  megabytes: number;
  report: { lines: number; matched: number; unmatched: number; duplicates: number; errors: string[] };
  byStatus: Record<string, number>;
  toReturn: number;
  transfers: { opened: number; settled: number; partial: number; openPerSecond: number };
}

/** Part 3: transfers opened, then a statement paying most of them imported through the console. */
async function statement(pool: pg.Pool, url: string, b: HiredBatch, sysadminToken: string): Promise<StatementResult> {
  const { opened, seconds: openSeconds } = await openFundings(url, b, 'transfer');
  // In the order opened; one in twenty paid short by half (the client is told what is missing), one in twenty RD$100 over (the excess to return).
  const pays: StatementPays = opened.map((o, i) => ({
    reference: o.reference!.replaceAll('-', ''),
    minor: i % 20 === 5 ? Math.round(o.amountMinor / 2) : i % 20 === 15 ? o.amountMinor + 10_000 : o.amountMinor,
  }));
  const file = Buffer.from(syntheticCamt053(LINES, 47, pays));
  const t0 = performance.now();
  const res = await fetch(`${url}/api/admin/statements?name=bench-rails.xml`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sysadminToken}`, 'content-type': 'application/octet-stream' },
    body: file,
  });
  const text = await res.text();
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`statement import: ${res.status} ${text}`);
  const report = JSON.parse(text) as StatementResult['report'];
  const { rows } = await pool.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM statement_lines GROUP BY status`);
  const ret = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM statement_lines WHERE return_minor > 0 AND returned_at IS NULL`);
  const ids = opened.map((o) => o.paymentId);
  const t = await pool.query<{ settled: number; partial: number }>(
    `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS settled, count(*) FILTER (WHERE status = 'pending' AND received_minor > 0)::int AS partial FROM payments WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return {
    seconds,
    megabytes: file.length / 2 ** 20,
    report,
    byStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    toReturn: ret.rows[0]!.n,
    transfers: { opened: ids.length, ...t.rows[0]!, openPerSecond: ids.length / openSeconds },
  };
}

async function main(): Promise<void> {
  const loadStart = loadAvg();
  const started = new Date();
  console.log(`bench:rails ${started.toISOString()}: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadStart}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-rails-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 4);
  let failed = false;
  try {
    await runMigrations(pool);
    const t0 = performance.now();
    const rateVouchers = ONLY.has('rate')
      ? RUNS * Array.from({ length: Math.round(RATE * SECONDS) }, (_, i) => i).filter((i) => Math.floor((i + 1) * NEW_SHARE) > Math.floor(i * NEW_SHARE)).length
      : 0;
    const cashBurst = await prepareHiredProjects(pool, 'c', ONLY.has('burst') || ONLY.has('rate') ? VOUCHERS : 1);
    const cashRate = rateVouchers > 0 ? await prepareHiredProjects(pool, 'r', rateVouchers) : undefined;
    const transfers = ONLY.has('statement') ? await prepareHiredProjects(pool, 't', TRANSFERS) : undefined;
    const sysadminToken = await sysadmin(pool);
    await pool.query('ANALYZE');
    console.log(`${cashBurst.projects.length + rateVouchers + (transfers ? TRANSFERS : 0)} hired projects prepared in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-rails-server-'));
    const server = await startServerProcess(
      {
        DATA_DIR: serverDir,
        DATABASE_URL: database.socketUrl ?? database.url,
        // The dLocal stand-in is refused in production; outside it the server runs the same code.
        NODE_ENV: 'test',
        DLOCAL_API_URL: 'sandbox',
        LOG_LEVEL: 'warn',
        PROCESSOR: 'sandbox',
        MAIL_TRANSPORT: 'outbox',
      },
      CPU_PROF_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] } : {},
    );
    const db = createDb(pool);
    const cpu = [cpuOf(server.proc.pid), postgresCpuOf(path.join(dataDir, 'pg'))];
    let b: Awaited<ReturnType<typeof burst>> | undefined;
    let runs: RateRun[] = [];
    let s: StatementResult | undefined;
    const checks: { after: string; ok: boolean; output: string }[] = [];
    try {
      if (ONLY.has('burst') || ONLY.has('rate')) b = await burst(pool, server.url, db, cashBurst);
      if (b) checks.push({ after: 'burst', ...(await ledgerCheck(database.url)) });
      if (b)
        console.log(
          `\nburst: ${b.result.vouchers} vouchers (opened at ${b.result.openPerSecond.toFixed(0)}/s through the API), ${b.result.sent} notifications at ${BURST_CONCURRENCY} at once in ${b.result.seconds.toFixed(1)} s: settled ${b.result.settled}, lost ${b.result.lost}, doubled ${b.result.doubled}; answers ${JSON.stringify(b.result.outcomes)}; p50 ${b.result.p50.toFixed(0)} ms, p99 ${b.result.p99.toFixed(0)} ms; load ${loadAvg()}`,
        );
      if (cashRate && b) runs = await rate(pool, server.url, db, cashRate, b.bodies, cpu);
      if (transfers) {
        s = await statement(pool, server.url, transfers, sysadminToken);
        checks.push({ after: 'statement', ...(await ledgerCheck(database.url)) });
      }
    } finally {
      await server.stop();
      fs.rmSync(serverDir, { recursive: true, force: true });
    }
    checks.push({ after: 'the end', ...(await ledgerCheck(database.url)) });

    // The table.
    const row = (name: string, med: string, rng: string, target: string, ok?: boolean) =>
      console.log(`${name.padEnd(44)} ${med.padStart(14)} ${rng.padStart(17)}  ${target.padEnd(22)} ${ok === undefined ? '' : ok ? 'PASS' : 'FAIL'}`);
    const check = (ok: boolean) => {
      if (!ok) failed = true;
      return ok;
    };
    console.log(`\nbench:rails, ${started.toISOString().slice(0, 10)}: load average at the start ${loadStart}, at the end ${loadAvg()} (${os.cpus().length} cores)`);
    row('figure', 'median', 'range', 'target', undefined);
    if (b) {
      const r = b.result;
      row(`burst: ${r.vouchers} vouchers, ${r.sent} notifications`, `${r.seconds.toFixed(1)} s`, '', '', undefined);
      row(
        'burst: settled / lost / doubled',
        `${r.settled} / ${r.lost} / ${r.doubled}`,
        '',
        `${r.vouchers} / 0 / 0`,
        check(r.settled === r.vouchers && r.lost === 0 && r.doubled === 0),
      );
      row(
        'burst: answers settled / unchanged / other',
        `${r.outcomes.settled ?? 0} / ${r.outcomes.unchanged ?? 0} / ${r.sent - (r.outcomes.settled ?? 0) - (r.outcomes.unchanged ?? 0)}`,
        '',
        `${r.vouchers} / ${r.sent - r.vouchers} / 0`,
        undefined,
      );
    }
    if (runs.length > 0) {
      const f = (k: (r: RateRun) => number, unit: string, digits = 0) =>
        [`${median(runs.map(k)).toFixed(digits)}${unit}`, range(runs.map(k), (x) => `${x.toFixed(digits)}${unit}`)] as const;
      const kept = runs.every((r) => r.reqPerSec >= RATE * PACED_MIN_SHARE && r.errors === 0 && r.non2xx === 0);
      row(`notifications: achieved rate (${RUNS} × ${SECONDS} s)`, ...f((r) => r.reqPerSec, '/s', 1), `≥ ${(RATE * PACED_MIN_SHARE).toFixed(0)}/s, none failed`, check(kept));
      row('notifications: p50', ...f((r) => r.p50, ' ms'), '', undefined);
      row('notifications: p95', ...f((r) => r.p95 ?? 0, ' ms'), '', undefined);
      row('notifications: p99', ...f((r) => r.p99, ' ms'), `< ${TARGET_P99_MS} ms`, check(kept && median(runs.map((r) => r.p99)) < TARGET_P99_MS));
      row('notifications: failed + non-2xx', ...f((r) => r.errors + r.non2xx, ''), '0', undefined);
      row(
        `notifications: new settled (${Math.round(NEW_SHARE * 100)}% new PAID)`,
        ...f((r) => r.settledNew, ''),
        `${runs[0]!.expectedNew} a run`,
        check(runs.every((r) => r.settledNew === r.expectedNew)),
      );
      row('notifications: cpu/request (server + PG)', ...f((r) => r.cpuUs / 1000, ' ms', 2), '', undefined);
      row('notifications: cpu/request, server', ...f((r) => (r.cpuPartsUs?.[0] ?? 0) / 1000, ' ms', 2), '', undefined);
      row('notifications: cpu/request, PostgreSQL', ...f((r) => (r.cpuPartsUs?.[1] ?? 0) / 1000, ' ms', 2), '', undefined);
      row('hello-world (before each run)', ...f((r) => r.hello, ' req/s'), 'yardstick', undefined);
      row('load average (1 min) after each run', ...f((r) => r.load, '', 1), '', undefined);
    }
    if (s) {
      row(
        `statement: ${s.report.lines} lines, ${s.megabytes.toFixed(1)} MiB camt.053`,
        `${s.seconds.toFixed(1)} s`,
        '',
        `< ${TARGET_STATEMENT_S} s`,
        check(s.seconds < TARGET_STATEMENT_S && s.report.errors.length === 0),
      );
      row('statement: matched / queued / duplicates', `${s.report.matched} / ${s.report.unmatched} / ${s.report.duplicates}`, '', '', undefined);
      row(
        'statement: lines by status',
        Object.entries(s.byStatus)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
        '',
        '',
        undefined,
      );
      row('statement: lines with money to return', `${s.toReturn}`, '', '', undefined);
      row(
        `statement: ${s.transfers.opened} transfers settled / partly paid`,
        `${s.transfers.settled} / ${s.transfers.partial}`,
        '',
        `(opened at ${s.transfers.openPerSecond.toFixed(0)}/s)`,
        undefined,
      );
    }
    for (const c of checks) row(`ledger:check after ${c.after}`, c.ok ? 'OK' : 'problems', '', 'clean', check(c.ok));
    for (const c of checks.filter((x) => !x.ok)) console.log(c.output);
  } finally {
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nbench:rails: ${failed ? 'targets NOT all met' : 'all targets met'}.`);
  if (failed) process.exitCode = 1;
}

await main();
