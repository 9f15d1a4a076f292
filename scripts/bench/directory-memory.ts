/**
 * Memory the directory adds to an instance (issue 52: under 50 MB at 1,000,000 contractors).
 * The in-memory engine held tens of MB per 100,000 contractors from the start (decision 076);
 * PostgreSQL now answers, so an instance should hold about the same on a large directory as on
 * an empty one, and not grow much while serving it.
 *
 * One production server on an empty database of the same PostgreSQL (migrated beforehand, as the
 * directory's, so that neither server runs the migrations) and one on the generated directory, each read once started and quiet (the jobs of its
 * first minute done): the resident set from /proc (`VmRSS`, what the machine gives the process)
 * and V8's heap in use from the server's /metrics (`nodejs_heap_size_used_bytes`). Then
 * `BENCH_MEMORY_SECONDS` (60) of the five kinds of directory requests mixed as a visitor's
 * traffic (`MIXED_SHARES`) at the bench's connections, and the second server is read again: as
 * the load ends (shown), and quiet again. Each quiet reading follows a full garbage collection
 * (`HeapProfiler.collectGarbage` through the server's inspector, on a port of its own), so that
 * garbage not yet collected (a minute of requests leaves over 100 MB) is not counted as held.
 * "The directory adds" is the resident set then less the empty database's server's at start: what
 * the directory costs at start plus what serving it left; the same for the heap; both judged at
 * 50 MB (the resident set of two processes differs by some 20 MB either way on its own).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import WebSocket from 'ws';
import { createPool } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { freePort, startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { cpuOf } from './cpu-time.ts';
import { BROWSER_HEADERS, directoryRequests, listedContractorIds } from './directory-requests.ts';
import { load, verdict } from './run.ts';
import { untilQuiet } from './scheduled-jobs.ts';

export const MEMORY_TARGET_MB = 50;
const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const EMPTY_DATABASE = 'arreglaya_memory_empty';

interface Memory {
  rssMB: number;
  heapMB: number;
}

/** The process's resident set in MB, from /proc (Linux). */
function rssMB(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** A full garbage collection in the server, through its inspector at `port`. */
async function collectGarbage(port: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  try {
    const done = new Promise((resolve) => ws.on('message', (m) => (JSON.parse(String(m)) as { id?: number }).id === 1 && resolve(undefined)));
    ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    await done;
  } finally {
    ws.close();
  }
}

async function memoryOf(server: ServerProcess): Promise<Memory> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const heap = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(text)?.[1] ?? NaN);
  return { rssMB: rssMB(server.proc.pid!), heapMB: heap / 2 ** 20 };
}

const mb = (x: number) => `${x.toFixed(0)} MB`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)} MB`;

/** A production server on `url` (its own scratch DATA_DIR), as the bench starts it; `stop` also removes DATA_DIR. */
export async function startBenchServer(url: string, nodeArgs: string[] = []): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-dir-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox' };
    const server = await startServerProcess(env, { nodeArgs });
    void server.exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return server;
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** Started with an inspector, then its first minute's jobs (sent at start) done: quiet for three seconds, at most 60 s. */
async function startedAndQuiet(url: string): Promise<ServerProcess & { settled(): Promise<Memory> }> {
  const port = await freePort();
  const server = await startBenchServer(url, [`--inspect=127.0.0.1:${port}`]);
  const settled = async () => {
    await untilQuiet([cpuOf(server.proc.pid)], 60_000);
    await collectGarbage(port);
    return memoryOf(server);
  };
  return Object.assign(server, { settled });
}

/** Runs the memory step on the generated directory at `url` (`pool` reaches it); true when the target is met. */
export async function benchMemory(o: { pool: pg.Pool; url: string; contractors: number }): Promise<boolean> {
  console.log(`\nMemory the directory adds to an instance (target: under ${MEMORY_TARGET_MB} MB at 1,000,000 contractors; the server runs under tsx here)`);
  await o.pool.query(`DROP DATABASE IF EXISTS ${EMPTY_DATABASE}`);
  await o.pool.query(`CREATE DATABASE ${EMPTY_DATABASE}`);
  const emptyUrl = new URL(o.url);
  emptyUrl.pathname = `/${EMPTY_DATABASE}`;
  const emptyPool = createPool(emptyUrl.toString(), 1);
  await runMigrations(emptyPool).finally(() => emptyPool.end());
  let empty: Memory;
  const first = await startedAndQuiet(emptyUrl.toString());
  try {
    empty = await first.settled();
  } finally {
    await first.stop();
  }
  await o.pool.query(`DROP DATABASE ${EMPTY_DATABASE}`);

  const server = await startedAndQuiet(o.url);
  try {
    const atStart = await server.settled();
    const requests = directoryRequests(await listedContractorIds(o.pool), 17);
    const row = await load(
      'mixed directory requests',
      { url: server.url, headers: BROWSER_HEADERS, requests: [{ setupRequest: (req) => ({ ...req, path: requests.mixed() }) }] },
      SECONDS,
      [cpuOf(server.proc.pid)],
    );
    const loaded = await memoryOf(server);
    const after = await server.settled();
    const scale = `${o.contractors.toLocaleString('en')} contractors`;
    const show = (label: string, m: Memory) => console.log(`  ${label.padEnd(52)} RSS ${mb(m.rssMB).padStart(7)}   V8 heap in use ${mb(m.heapMB).padStart(7)}`);
    console.log('  (each reading but the one as the requests end follows a full garbage collection)');
    show('empty database, after start', empty);
    show(`${scale}, after start`, atStart);
    show(`${scale}, as ${SECONDS} s of mixed requests end`, loaded);
    console.log(`    (${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99} ms, ${row.errors + row.non2xx} failed, load ${row.load.toFixed(1)})`);
    show(`${scale}, after them, quiet`, after);
    const adds = { rss: after.rssMB - empty.rssMB, heap: after.heapMB - empty.heapMB };
    const failed = row.errors + row.non2xx;
    const ok = Math.max(adds.rss, adds.heap) < MEMORY_TARGET_MB && failed === 0;
    console.log(
      `  The directory adds ${signed(adds.rss)} of RSS (${signed(atStart.rssMB - empty.rssMB)} at start against the empty database, ${signed(after.rssMB - atStart.rssMB)} left by the minute of requests) ` +
        `and ${signed(adds.heap)} of V8 heap (${signed(atStart.heapMB - empty.heapMB)}, ${signed(after.heapMB - atStart.heapMB)}): ${verdict(ok)} (both < ${MEMORY_TARGET_MB} MB${failed > 0 ? ', and no failed request' : ''})`,
    );
    return ok;
  } finally {
    await server.stop();
  }
}
