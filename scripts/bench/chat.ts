/**
 * `npm run bench:chat` (issue 15): the chat's socket under load, on one server instance and then
 * on two sharing one database (decision 024).
 *
 * An embedded PostgreSQL of its own is prepared by SQL: BENCH_CHAT_SOCKETS people (half clients,
 * half contractors), one conversation per client–contractor pair, and a signed-in session per
 * person (a `sessions` row, sent as a bearer token at the upgrade, as the money bench does). Then:
 *   1. one server (production mode, its own DATA_DIR): every person opens one socket to /ws; the
 *      server's RSS is read before and after (RSS per socket);
 *   2. BENCH_CHAT_RATE messages a second go out for BENCH_CHAT_SECONDS (`sendPrivate`, a random
 *      pair, a random direction); each is timed from the frame's sending to the `message` frame's
 *      arrival at the other person's socket (the same process's clock). A message not received
 *      BENCH_CHAT_DRAIN_MS after the last one was sent is lost;
 *   3. the same on two servers over the same database: clients on the first, contractors on the
 *      second, so every message crosses instances through NOTIFY.
 * Targets: one instance p99 < 50 ms with none lost; two instances p99 < 100 ms with none lost.
 *
 * Every socket sends `keepItAlive` every 60 s (the server closes one silent for 150 s). The
 * script needs one file descriptor per socket (and the server as many): when the soft limit is
 * lower it re-runs itself under `ulimit -n` raised to the hard limit. Past 20,000 sockets the
 * client's sockets are spread over local addresses 127.0.0.x (ephemeral ports are per address).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import WebSocket from 'ws';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { cpuOf, postgresCpuOf } from './cpu-time.ts';
import { verdict } from './run.ts';
import { preparePeople as prepareIn } from './chat-people.ts';
import { RATE, SECONDS, SOCKETS, keepAlive, openAll, raiseFileLimit, sendLoad, type Stats } from './chat-sockets.ts';

/** Each server writes a V8 CPU profile here when it stops (`scripts/bench/cpu-profile.ts` sums it). */
const PROFILE_DIR = process.env.BENCH_CHAT_PROFILE_DIR;
const TARGET_ONE_P99 = 50;
const TARGET_TWO_P99 = 100;
const TWO = process.env.BENCH_CHAT_TWO !== '0';
const EMAIL_DOMAIN = 'bench-chat.arreglaya.test';
const newStats = (): Stats => ({ latencies: [], sent: new Map(), received: new Set(), errors: new Map(), closes: new Map() });
const prepare = (pool: pg.Pool, n: number) => prepareIn(pool, n, EMAIL_DOMAIN);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Sockets closed between opening and the messages (a message to one of them is lost: the bench does not reconnect). */
function closedBefore(stats: Stats, sockets: WebSocket[]): string {
  const closed = sockets.filter((ws) => ws && ws.readyState !== WebSocket.OPEN).length;
  const codes = [...stats.closes].map(([k, v]) => `${k}×${v}`).join(' ') || 'none';
  return `${closed} sockets no longer open before the messages (close codes while opening: ${codes})`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const fmt = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0));

interface Result {
  name: string;
  sockets: number;
  openSeconds: number;
  openFailed: number;
  rssPerSocket?: number;
  sent: number;
  received: number;
  seconds: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: string;
  closes: string;
  load: number;
  cpu: string;
}

function summarize(name: string, stats: Stats, open: { seconds: number; failed: number }, run: { sent: number; seconds: number }, cpu: string, rssPerSocket?: number): Result {
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  return {
    name,
    sockets: SOCKETS,
    openSeconds: open.seconds,
    openFailed: open.failed,
    rssPerSocket,
    sent: run.sent,
    received: stats.received.size,
    seconds: run.seconds,
    min: sorted[0] ?? NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    errors: [...stats.errors].map(([k, v]) => `${k}×${v}`).join(' ') || 'none',
    closes: [...stats.closes].map(([k, v]) => `${k}×${v}`).join(' ') || 'none',
    load: os.loadavg()[0]!,
    cpu,
  };
}

/** The server's distinct warnings (its log is JSON at level warn), so a bad run says why. */
function warningsOf(server: ServerProcess): string[] {
  const seen = new Map<string, number>();
  for (const l of server.output().split('\n')) {
    if (!l.trim()) continue;
    let key = l.slice(0, 200);
    try {
      const j = JSON.parse(l) as { msg?: string; err?: { message?: string; code?: string } };
      key = `${j.msg ?? ''}${j.err?.message ? `: ${j.err.message}` : ''}${j.err?.code ? ` (${j.err.code})` : ''}`;
    } catch {
      // Not JSON: the line itself.
    }
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([k, n]) => `${n}× ${k}`).slice(0, 8);
}

function print(r: Result): void {
  console.log(
    `\n${r.name}: ${r.sockets} sockets open in ${r.openSeconds.toFixed(0)} s (${r.openFailed} refused)${r.rssPerSocket ? `, server RSS ${(r.rssPerSocket / 1024).toFixed(1)} KiB per socket` : ''}`,
  );
  console.log(`  ${r.sent} messages in ${r.seconds.toFixed(1)} s (${(r.sent / r.seconds).toFixed(0)}/s), received ${r.received}, lost ${r.sent - r.received}`);
  console.log(`  send → receive latency: min ${fmt(r.min)} ms, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms`);
  console.log(`  error frames: ${r.errors}; closes during the run: ${r.closes}; load ${r.load.toFixed(1)}; ${r.cpu}`);
}

/** Transactions committed in the database so far (every statement outside a transaction is one). */
async function commitsOf(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0]?.n ?? 0);
}

/**
 * CPU of the server(s) and PostgreSQL during `fn`: cores kept busy, and CPU ms per message sent
 * (the figure that does not depend on what else the machine is doing), with the database's
 * commits per message.
 */
async function withCpu<T extends { sent: number }>(readers: (() => number)[], pool: pg.Pool, fn: () => Promise<T>): Promise<{ value: T; cpu: string; cpuMsPerMessage: number[] }> {
  const before = readers.map((r) => r());
  const commitsBefore = await commitsOf(pool);
  const t0 = performance.now();
  const value = await fn();
  const seconds = (performance.now() - t0) / 1000;
  // Counting commits and reading pg_stat_database are two commits of the bench's own.
  const commits = (await commitsOf(pool)) - commitsBefore - 2;
  const usedMs = readers.map((r, i) => r() - before[i]!);
  const perMessage = usedMs.map((ms) => ms / Math.max(1, value.sent));
  return {
    value,
    cpuMsPerMessage: perMessage,
    cpu:
      `CPU cores busy: ${usedMs.map((u) => (u / 1000 / seconds).toFixed(2)).join(' + ')} (server(s), PostgreSQL); ` +
      `CPU per message: ${perMessage.map((u) => u.toFixed(2)).join(' + ')} ms (total ${perMessage.reduce((a, b) => a + b, 0).toFixed(2)} ms); ` +
      `${(commits / Math.max(1, value.sent)).toFixed(2)} commits per message`,
  };
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (!ws || ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close(1000);
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 5_000).unref();
        }),
    ),
  );
}

async function main(): Promise<void> {
  raiseFileLimit();
  const limit = spawnSync('sh', ['-c', 'ulimit -Sn'], { encoding: 'utf8' }).stdout.trim();
  console.log(`bench:chat: ${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS} s; file descriptors ${limit}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-chat-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 2);
  const results: Result[] = [];
  const servers: { server: ServerProcess; dir: string }[] = [];
  const start = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-chat-server-'));
    const server = await startServerProcess(
      {
        DATA_DIR: dir,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        PROCESSOR: 'sandbox',
        MAIL_TRANSPORT: 'outbox',
        // Every socket of the bench comes from one address: the per-address caps (issue 30) would close them.
        CHAT_SOCKETS_PER_ADDRESS: String(SOCKETS * 2),
        CHAT_UPGRADES_PER_ADDRESS: String(SOCKETS * 2),
        // e.g. `--max-old-space-size=4096` (flags NODE_OPTIONS allows).
        ...(process.env.BENCH_CHAT_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_CHAT_SERVER_NODE_OPTIONS } : {}),
      },
      PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : undefined,
    );
    servers.push({ server, dir });
    return server;
  };
  const stopAll = async () => {
    for (const s of servers.splice(0)) {
      await s.server.stop();
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  };
  try {
    await runMigrations(pool);
    const t0 = performance.now();
    const people = await prepare(pool, SOCKETS);
    console.log(`${SOCKETS} people, ${SOCKETS / 2} conversations and ${SOCKETS} sessions prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const pgCpu = postgresCpuOf(path.join(dataDir, 'pg'));

    // 1. One instance.
    {
      const server = await start();
      const stats = { current: newStats() };
      const rssBefore = rssOf(server.proc.pid);
      const sockets: WebSocket[] = [];
      const stop = keepAlive(sockets, SOCKETS);
      const open = await openAll(() => server.url, people, stats, sockets);
      await new Promise((r) => setTimeout(r, 2_000));
      const rssAfter = rssOf(server.proc.pid);
      console.log(`one instance: server RSS ${mb(rssBefore)} before the sockets, ${mb(rssAfter)} with them; ${closedBefore(stats.current, open.sockets)}`);
      stats.current = newStats();
      const { value: run, cpu } = await withCpu([cpuOf(server.proc.pid), pgCpu], pool, () => sendLoad(open.sockets, people, stats.current));
      stop();
      const r = summarize('One instance', stats.current, open, run, cpu, (rssAfter - rssBefore) / Math.max(1, SOCKETS - open.failed));
      print(r);
      for (const w of warningsOf(server)) console.log(`  server: ${w}`);
      results.push(r);
      await closeAll(open.sockets);
      await stopAll();
    }

    // 2. Two instances on one database: clients on the first, contractors on the second.
    if (TWO) {
      const a = await start();
      const b = await start();
      const stats = { current: newStats() };
      const half = SOCKETS / 2;
      const sockets: WebSocket[] = [];
      const stop = keepAlive(sockets, SOCKETS);
      const open = await openAll((i) => (i < half ? a.url : b.url), people, stats, sockets);
      await new Promise((r) => setTimeout(r, 2_000));
      console.log(`two instances: server RSS ${mb(rssOf(a.proc.pid))} + ${mb(rssOf(b.proc.pid))} with ${half} sockets each; ${closedBefore(stats.current, open.sockets)}`);
      stats.current = newStats();
      const { value: run, cpu } = await withCpu([cpuOf(a.proc.pid), cpuOf(b.proc.pid), pgCpu], pool, () => sendLoad(open.sockets, people, stats.current));
      stop();
      const r = summarize('Two instances (every message crosses)', stats.current, open, run, cpu);
      print(r);
      for (const w of [...warningsOf(a), ...warningsOf(b)]) console.log(`  server: ${w}`);
      results.push(r);
      await closeAll(open.sockets);
      await stopAll();
    }
  } finally {
    await stopAll();
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const [one, two] = results;
  console.log(`\nChat targets: one instance p99 < ${TARGET_ONE_P99} ms none lost; two instances p99 < ${TARGET_TWO_P99} ms none lost`);
  const oneOk = one !== undefined && one.p99 < TARGET_ONE_P99 && one.sent === one.received;
  console.log(`  one instance: p99 ${one ? fmt(one.p99) : '-'} ms, lost ${one ? one.sent - one.received : '-'} ${verdict(oneOk)}`);
  let twoOk = true;
  if (two) {
    twoOk = two.p99 < TARGET_TWO_P99 && two.sent === two.received;
    console.log(`  two instances: p99 ${fmt(two.p99)} ms, lost ${two.sent - two.received} ${verdict(twoOk)}`);
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  console.log(`\nChat targets: ${oneOk && twoOk ? 'all met' : 'NOT all met'}.`);
}

await main();
