/**
 * `npm run bench`'s directory (`BENCH_ONLY=directory`), measured against issue 52's targets
 * (decision 076: PostgreSQL answers every search and page, HTTP caches keep the anonymous ones).
 * Its steps, all by default, some with `BENCH_DIRECTORY_STEPS` (comma-separated):
 *   - `targets`: at each scale, each of the five kinds of request alone against the server,
 *     every answer from PostgreSQL (no cache in the server): p99 < 50 ms at 50 connections and at
 *     least 5% of the hello-world's req/s;
 *   - `haproxy`: at the largest scale only (a warm-up and a run more; the targets are set there),
 *     the five kinds mixed as a visitor's traffic through HAProxy's cache (directory-haproxy.ts):
 *     at least 40% of the hello-world's req/s, p99 < 50 ms;
 *   - `memory`: what the directory adds to an instance at `BENCH_MEMORY_CONTRACTORS`
 *     (1,000,000; directory-memory.ts): under 50 MB;
 *   - `starts`: three instances starting together on that directory read no table whole
 *     (directory-starts.ts).
 * The last two share a directory generated apart, with `BENCH_MEMORY_PROJECTS_PER_CONTRACTOR`
 * (1) projects per contractor: at ten, 1,000,000 contractors would mean 10,000,000 projects, long
 * to make, and the directory reads contractors, not projects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import type pg from 'pg';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { cpuOf, postgresCpuOf } from './cpu-time.ts';
import { nthChange } from './directory-changes.ts';
import { directoryRequestsServed, haproxyMissing, startHaproxyInFront } from './directory-haproxy.ts';
import { benchMemory, startBenchServer } from './directory-memory.ts';
import { measureOneAtATime, type OneAtATimeTiming } from './directory-one-at-a-time.ts';
import { BROWSER_HEADERS, directoryRequests, DIRECTORY_TARGETS, listedContractorIds, type DirectoryTarget } from './directory-requests.ts';
import { benchStarts } from './directory-starts.ts';
import { generateDirectory } from './generate-directory.ts';
import { COLUMNS, DURATION, type Hello, line, load, ms, type Row, serverDatabaseUrl, verdict } from './run.ts';
import { clearOfScheduledJobs } from './scheduled-jobs.ts';

const STEPS = new Set((process.env.BENCH_DIRECTORY_STEPS ?? 'targets,haproxy,memory,starts').split(',').map((s) => s.trim()));
const CHANGES_PER_SECOND = Number(process.env.BENCH_CHANGES_PER_SECOND ?? 1);
const MEMORY_CONTRACTORS = Number(process.env.BENCH_MEMORY_CONTRACTORS ?? 1_000_000);
const MEMORY_PROJECTS_PER_CONTRACTOR = Number(process.env.BENCH_MEMORY_PROJECTS_PER_CONTRACTOR ?? 1);

/** Issue 52's targets. */
const TARGET_P99_MS = 50;
const TARGET_SHARE_OF_HELLO = 0.05;
const TARGET_HAPROXY_SHARE_OF_HELLO = 0.4;

export interface DirectoryBenchOptions {
  scales: readonly number[];
  /** Seconds of the hello-world run measured right before each row (its yardstick). */
  helloSeconds: number;
  /** Unmeasured runs until the server is steady; returns the seconds spent. */
  warmUp: (opts: autocannon.Options) => Promise<number>;
}

type Measured = Row & { hello: Row; warmedUp: number };
interface ThroughHaproxy extends Measured {
  version: string;
  /** The server's Cache-Control on an anonymous search (what HAProxy decides to store by). */
  cacheControl: string;
  /** Requests the server answered itself, and those HAProxy took, over the measured run. */
  served: number;
  taken: number;
  lookups: number;
  hits: number;
}
interface ScaleResult {
  contractors: number;
  summary: string;
  rows: (Measured & { target: DirectoryTarget; alone: OneAtATimeTiming })[];
  haproxy?: ThroughHaproxy | string;
}

function startChanges(pool: pg.Pool, ids: readonly string[]): () => Promise<void> {
  if (CHANGES_PER_SECOND <= 0) return () => Promise.resolve();
  let n = 0;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    const change = nthChange(n++, ids);
    pending = pending.then(() => pool.query(change.sql, [change.id]).then(() => undefined));
  }, 1000 / CHANGES_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await pending;
  };
}

/**
 * One row: the same stream unmeasured until the server is steady, never across a scheduled job's
 * start (scheduled-jobs.ts; after waiting for one, warmed again briefly), the hello-world right
 * before (the machine is shared: the yardstick of that moment), then the measured run, the
 * contractor changes going on throughout. `around` is told right before and after the measured run.
 */
async function measure(
  name: string,
  opts: autocannon.Options,
  ctx: { pool: pg.Pool; ids: readonly string[]; cpu: (() => number)[]; hello: Hello; o: DirectoryBenchOptions },
  around: { before?(): Promise<void>; after?(): Promise<void> } = {},
): Promise<Measured> {
  const stopChanges = startChanges(ctx.pool, ctx.ids);
  try {
    const warmedUp = await ctx.o.warmUp(opts);
    if ((await clearOfScheduledJobs((ctx.o.helloSeconds + DURATION) * 1000, ctx.cpu)) > 0) await load('warm-up again', opts, 5);
    const hello = await load('hello-world (just before)', { url: ctx.hello.url }, ctx.o.helloSeconds, [ctx.hello.cpu]);
    await around.before?.();
    const row = await load(name, opts, DURATION, ctx.cpu);
    await around.after?.();
    return { ...row, hello, warmedUp };
  } finally {
    await stopChanges();
  }
}

async function throughHaproxy(serverUrl: string, ctx: Parameters<typeof measure>[2]): Promise<ThroughHaproxy | string> {
  const missing = haproxyMissing();
  if (missing) return missing;
  const haproxy = await startHaproxyInFront(serverUrl);
  try {
    const probe = await fetch(`${serverUrl}/api/contractors`, { headers: BROWSER_HEADERS });
    await probe.arrayBuffer();
    const cacheControl = probe.headers.get('cache-control') ?? '(none)';
    const requests = directoryRequests(ctx.ids, 7);
    const opts: autocannon.Options = { url: haproxy.url, headers: BROWSER_HEADERS, requests: [{ setupRequest: (req) => ({ ...req, path: requests.mixed() }) }] };
    let served = 0;
    let counts = await haproxy.counts();
    const row = await measure(
      "mixed, through HAProxy's cache",
      opts,
      { ...ctx, cpu: [...ctx.cpu, cpuOf(haproxy.pid)] },
      {
        before: async () => {
          served = await directoryRequestsServed(serverUrl);
          counts = await haproxy.counts();
        },
        after: async () => {
          served = (await directoryRequestsServed(serverUrl)) - served;
          const now = await haproxy.counts();
          counts = { requests: now.requests - counts.requests, lookups: now.lookups - counts.lookups, hits: now.hits - counts.hits };
        },
      },
    );
    return { ...row, version: haproxy.version, cacheControl, served, taken: counts.requests, lookups: counts.lookups, hits: counts.hits };
  } finally {
    await haproxy.stop();
  }
}

async function benchScale(
  pool: pg.Pool,
  database: { url: string; socketUrl: string | undefined; cpu: () => number },
  hello: Hello,
  o: DirectoryBenchOptions,
  scale: { contractors: number; summary: string },
): Promise<ScaleResult> {
  const ids = await listedContractorIds(pool);
  const result: ScaleResult = { ...scale, rows: [] };
  const server = await startBenchServer(serverDatabaseUrl(database));
  const ctx = { pool, ids, cpu: [cpuOf(server.proc.pid), database.cpu], hello, o };
  try {
    if (STEPS.has('targets')) {
      const requests = directoryRequests(ids);
      for (const target of DIRECTORY_TARGETS) {
        const opts: autocannon.Options = { url: server.url, headers: BROWSER_HEADERS, requests: [{ setupRequest: (req) => ({ ...req, path: requests.next(target.key) }) }] };
        result.rows.push({ ...(await measure(target.label, opts, ctx)), target, alone: { p50: 0, p99: 0, n: 0 } });
      }
    }
    if (STEPS.has('haproxy') && scale.contractors === o.scales[o.scales.length - 1]) result.haproxy = await throughHaproxy(server.url, ctx);
  } finally {
    await server.stop();
  }
  // The same kinds of requests one at a time, the server stopped: SQL and JSON alone, no HTTP.
  for (const row of result.rows) row.alone = await measureOneAtATime(pool, directoryRequests(ids, 11), row.target.key);
  return result;
}

async function benchScales(hello: Hello, o: DirectoryBenchOptions): Promise<ScaleResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-pg-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 2);
  try {
    await runMigrations(pool);
    const results: ScaleResult[] = [];
    let from = 0;
    for (const to of o.scales) {
      console.log(`generating the directory: contractors ${from.toLocaleString('en')} to ${to.toLocaleString('en')}…`);
      const g = await generateDirectory(pool, from, to);
      const { rows } = await pool.query<{ p: number; r: number }>('SELECT (SELECT count(*) FROM projects)::int AS p, (SELECT count(*) FROM reviews)::int AS r');
      const summary = `${to.toLocaleString('en')} contractors, ${rows[0]!.p.toLocaleString('en')} projects, ${rows[0]!.r.toLocaleString('en')} reviews (this step generated in ${g.seconds.toFixed(0)} s)`;
      console.log(`  ${summary}`);
      results.push(await benchScale(pool, { ...database, cpu: postgresCpuOf(path.join(dataDir, 'pg')) }, hello, o, { contractors: to, summary }));
      from = to;
    }
    return results;
  } finally {
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printScales(scales: ScaleResult[]): void {
  for (const s of scales) {
    console.log(`\nDirectory: ${s.summary}; ${CHANGES_PER_SECOND} contractor changes/s during the load`);
    console.log(`${COLUMNS} ${'hello'.padStart(7)} ${'hello cpu'.padStart(9)} ${'alone p50'.padStart(9)} ${'alone p99'.padStart(9)} ${'warm-up'.padStart(8)}`);
    const print = (r: Measured, alone?: OneAtATimeTiming) => {
      const helloCpu = r.hello.cpuUs > 0 ? `${r.hello.cpuUs.toFixed(0)} µs` : '';
      const [p50, p99] = alone ? [ms(alone.p50), ms(alone.p99)] : ['', ''];
      console.log(`${line(r, r.hello)} ${r.hello.reqPerSec.toFixed(0).padStart(7)} ${helloCpu.padStart(9)} ${p50.padStart(9)} ${p99.padStart(9)} ${`${r.warmedUp} s`.padStart(8)}`);
    };
    for (const r of s.rows) print(r, r.alone);
    if (typeof s.haproxy === 'string') console.log(`mixed, through HAProxy's cache: skipped, ${s.haproxy}`);
    else if (s.haproxy) {
      const h = s.haproxy;
      print(h);
      console.log(
        `  (${h.version}; the server answered ${h.served.toLocaleString('en')} of the ${h.taken.toLocaleString('en')} requests HAProxy took, ` +
          `${((h.served / Math.max(h.taken, 1)) * 100).toFixed(1)}%; HAProxy's cache: ${h.hits.toLocaleString('en')} hits of ${h.lookups.toLocaleString('en')} lookups, ` +
          `${((h.hits / Math.max(h.lookups, 1)) * 100).toFixed(1)}%; cpu/req counts the server, PostgreSQL and HAProxy)`,
      );
      // HAProxy's own rule (haproxy/haproxy#2203, still in Debian 12's 2.6): `max-age=0` makes an answer uncacheable, whatever its s-maxage.
      if (h.hits === 0)
        console.log(
          `  HAProxy's cache answered nothing: the server sends Cache-Control '${h.cacheControl}'` +
            (/(^|,)\s*max-age=0\s*(,|$)/.test(h.cacheControl)
              ? '; HAProxy 2.6 stores no answer whose Cache-Control says max-age=0, even with s-maxage (haproxy/haproxy#2203)'
              : ''),
        );
    }
  }
  if (scales.some((s) => s.rows.length > 0))
    console.log('\n`alone`: the same kinds of requests one at a time, no other load, through the directory service (SQL and JSON, no HTTP), the server stopped.');
}

function printTargets(scales: ScaleResult[]): boolean {
  console.log(
    `\nTargets of issue 52: each kind alone, every answer from PostgreSQL: p99 < ${TARGET_P99_MS} ms with no failed request and req/s ≥ ${TARGET_SHARE_OF_HELLO * 100}% of the hello-world; ` +
      `mixed through HAProxy's cache: ≥ ${TARGET_HAPROXY_SHARE_OF_HELLO * 100}% and p99 < ${TARGET_P99_MS} ms. p50 growth (largest scale against smallest) is shown, not judged.`,
  );
  console.log(['target'.padEnd(32), 'scale'.padStart(8), 'p99'.padStart(12), 'req/s'.padStart(14), 'p50 growth'.padStart(12)].join(' '));
  let allPass = true;
  const first = scales[0]!;
  const last = scales[scales.length - 1]!;
  const judge = (r: Measured, contractors: number, share: number, growth: string) => {
    const p99ok = r.p99 < TARGET_P99_MS && r.errors + r.non2xx === 0;
    const ratio = r.reqPerSec / r.hello.reqPerSec;
    const shareOk = ratio >= share;
    allPass &&= p99ok && shareOk;
    const cells = [`${r.p99} ms ${verdict(p99ok)}`.padStart(12), `${(ratio * 100).toFixed(1)}% ${verdict(shareOk)}`.padStart(14), growth.padStart(12)];
    console.log([r.name.padEnd(32), contractors.toLocaleString('en').padStart(8), ...cells].join(' '));
  };
  for (const s of scales) {
    for (const r of s.rows) {
      const base = first.rows.find((x) => x.target.key === r.target.key);
      judge(r, s.contractors, TARGET_SHARE_OF_HELLO, s === last && scales.length > 1 && base ? `${(r.p50 / Math.max(base.p50, 1)).toFixed(2)}×` : '');
    }
    if (s.haproxy && typeof s.haproxy !== 'string') judge(s.haproxy, s.contractors, TARGET_HAPROXY_SHARE_OF_HELLO, '');
  }
  if (scales.length > 1 && last.rows.length > 0) {
    console.log(`\nOne request at a time (SQL and JSON, no HTTP), p50 at the largest scale against the smallest:`);
    for (const r of last.rows) {
      const base = first.rows.find((x) => x.target.key === r.target.key)!;
      console.log(`  ${r.name.padEnd(28)} ${ms(base.alone.p50)} → ${ms(r.alone.p50)} (${(r.alone.p50 / base.alone.p50).toFixed(1)}×)`);
    }
  }
  return allPass;
}

/** Memory and starts on a directory of their own, `BENCH_MEMORY_CONTRACTORS` contractors. */
async function benchInstances(): Promise<boolean> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-mem-pg-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 2);
  try {
    await runMigrations(pool);
    const n = MEMORY_CONTRACTORS.toLocaleString('en');
    console.log(`\ngenerating the directory for the memory and starts steps: ${n} contractors, ${MEMORY_PROJECTS_PER_CONTRACTOR} project(s) each…`);
    const g = await generateDirectory(pool, 0, MEMORY_CONTRACTORS, () => undefined, { projectsPerContractor: MEMORY_PROJECTS_PER_CONTRACTOR });
    console.log(`  ${n} contractors, ${g.projects.toLocaleString('en')} projects, ${g.reviews.toLocaleString('en')} reviews (generated in ${g.seconds.toFixed(0)} s)`);
    let pass = true;
    if (STEPS.has('memory')) pass = (await benchMemory({ pool, url: database.url, contractors: MEMORY_CONTRACTORS })) && pass;
    if (STEPS.has('starts')) pass = (await benchStarts({ pool, url: database.url, openedBefore: STEPS.has('memory') })) && pass;
    return pass;
  } finally {
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the selected steps, prints their tables and verdicts; returns the rows for BENCH_JSON. */
export async function benchDirectory(hello: Hello, o: DirectoryBenchOptions): Promise<Row[]> {
  const unknown = [...STEPS].filter((s) => !['targets', 'haproxy', 'memory', 'starts'].includes(s));
  if (unknown.length > 0) throw new Error(`BENCH_DIRECTORY_STEPS: unknown step(s) ${unknown.join(', ')} (targets, haproxy, memory, starts)`);
  const all: Row[] = [];
  let pass = true;
  const skipped: string[] = [];
  if (STEPS.has('targets') || STEPS.has('haproxy')) {
    // Without the per-kind rows only the largest scale is measured (HAProxy's row is there).
    const scales = await benchScales(hello, STEPS.has('targets') ? o : { ...o, scales: o.scales.slice(-1) });
    printScales(scales);
    pass = printTargets(scales) && pass;
    if (scales.some((s) => typeof s.haproxy === 'string')) skipped.push('haproxy');
    for (const s of scales) {
      for (const r of [...s.rows, ...(s.haproxy && typeof s.haproxy !== 'string' ? [s.haproxy] : [])])
        all.push({ ...r.hello, name: `hello-world before ${r.name} @${s.contractors}` }, { ...r, name: `${r.name} @${s.contractors}` });
    }
  }
  if (STEPS.has('memory') || STEPS.has('starts')) pass = (await benchInstances()) && pass;
  const measured = [...STEPS].filter((s) => !skipped.includes(s));
  console.log(
    `\nDirectory targets (issue 52, steps ${measured.join(', ')}): ${pass ? 'all met' : 'NOT all met'}${skipped.length > 0 ? `; skipped, not judged: ${skipped.join(', ')}` : ''}.`,
  );
  return all;
}
