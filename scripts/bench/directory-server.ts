/**
 * `npx tsx scripts/bench/directory-server.ts`: one directory target of the bench against the real
 * server (production mode, its own process) on the directory `directory-misses.ts` generated and
 * keeps (`BENCH_MISSES_DIR`), with the bench's changes (one a second) going on: what the server
 * does per request in its steady state, without the whole bench's eleven minutes. It warms up
 * (`BENCH_SERVER_WARMUP_SECONDS`, 60), then runs `BENCH_SERVER_ROUNDS` rounds of 10 s and prints,
 * per round, req/s, p50/p99, the server's CPU a request (its process) and PostgreSQL's, its
 * write and read system calls a request, and the garbage collector's seconds and the heap
 * (`/metrics`).
 *
 * `BENCH_SERVER_TARGET` (place) picks the target; `BENCH_SERVER_REPLAY=N` sends only the stream's
 * first N requests over and over (the same statements with the same values each time);
 * `BENCH_SERVER_PROFILE=<dir>` writes a V8 CPU profile of the measured rounds only (through the
 * inspector, after the warm-up) to `<dir>/steady.cpuprofile` (sum it with `cpu-profile.ts`).
 * It changes the data as the bench does: run it on that scratch directory, not on one you keep.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { cpuOf, postgresCpuOf } from './cpu-time.ts';
import { nthChange } from './directory-changes.ts';
import { directoryRequests, listedContractorIds, type DirectoryTargetKey } from './directory-requests.ts';
import { load, serverDatabaseUrl } from './run.ts';

const dir = process.env.BENCH_MISSES_DIR ?? '/tmp/arreglaya-directory-misses';
const TARGET = (process.env.BENCH_SERVER_TARGET ?? 'place') as DirectoryTargetKey;
const WARM_UP = Number(process.env.BENCH_SERVER_WARMUP_SECONDS ?? 60);
const ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 2);
const REPLAY = Number(process.env.BENCH_SERVER_REPLAY ?? 0);
const PROFILE_DIR = process.env.BENCH_SERVER_PROFILE;
const INSPECTOR_PORT = 9239;
/** Node's or V8's options for the server (`BENCH_SERVER_NODE_ARGS`, space-separated), e.g. a garbage collector setting to try. */
const NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * The seconds spent in garbage collection by kind (`gc_major`…), from /metrics, and `heapMB`, the
 * heap in use now. (The directory keeps no cache since decision 076: nothing else to count.)
 */
async function processCounters(server: ServerProcess): Promise<Record<string, number>> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const counters: Record<string, number> = {};
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} ([\d.e+-]+)/gm)) counters[`gc_${m[1]!}`] = Number(m[2]);
  counters.heapMB = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(text)?.[1] ?? NaN) / 2 ** 20;
  return counters;
}

/** Counters as differences over a round, gauges and seconds rounded. */
function roundDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after).map((k) => {
      if (k.endsWith('MB')) return [k, Math.round(after[k]!)];
      const d = after[k]! - (before[k] ?? 0);
      return [k, k.startsWith('gc_') ? Math.round(d * 1000) / 1000 : d];
    }),
  );
}

/** Reads /proc/<pid>/io's counters (system calls and bytes). */
function io(pid: number): Record<string, number> {
  return Object.fromEntries([...fs.readFileSync(`/proc/${pid}/io`, 'utf8').matchAll(/^(\w+): (\d+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

/** Starts V8's profiler in the server through its inspector; the returned function stops it and writes the profile. */
async function startProfile(outDir: string): Promise<() => Promise<void>> {
  const [target] = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      waiting.set(++id, resolve as (result: unknown) => void);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  return async () => {
    const { profile } = await send<{ profile: unknown }>('Profiler.stop');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'steady.cpuprofile'), JSON.stringify(profile));
    ws.close();
  };
}

const database = await startEmbeddedPostgres(dir, () => undefined);
const pool = createPool(database.url, 2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-server-'));
let server: ServerProcess | undefined;
let changes: NodeJS.Timeout | undefined;
let pending = Promise.resolve();
try {
  const ids = await listedContractorIds(pool);
  server = await startServerProcess(
    { DATA_DIR: dataDir, DATABASE_URL: serverDatabaseUrl(database), LOG_LEVEL: 'warn', NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox' },
    { nodeArgs: [...NODE_ARGS, ...(PROFILE_DIR ? [`--inspect=127.0.0.1:${INSPECTOR_PORT}`] : [])] },
  );
  let n = 0;
  changes = setInterval(() => {
    const change = nthChange(n++, ids);
    pending = pending.then(() => pool.query(change.sql, [change.id]).then(() => undefined));
  }, 1000);
  const stream = directoryRequests(ids);
  const replay = REPLAY > 0 ? Array.from({ length: REPLAY }, () => stream.next(TARGET)) : undefined;
  let sent = 0;
  const next = () => (replay ? replay[sent++ % replay.length]! : stream.next(TARGET));
  const opts: autocannon.Options = {
    url: server.url,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  };
  if (WARM_UP > 0) console.log(`warm-up ${WARM_UP} s: ${(await load('warm-up', opts, WARM_UP)).reqPerSec.toFixed(0)} req/s`);
  const pid = server.proc.pid!;
  const stopProfile = PROFILE_DIR ? await startProfile(PROFILE_DIR) : undefined;
  let before = await processCounters(server);
  for (let round = 1; round <= ROUNDS; round++) {
    const io0 = io(pid);
    const r = await load(TARGET, opts, 10, [cpuOf(pid), postgresCpuOf(path.join(dir, 'pg'))]);
    const io1 = io(pid);
    const after = await processCounters(server);
    const requests = r.reqPerSec * 10;
    const per = (k: string) => ((io1[k]! - io0[k]!) / requests).toFixed(2);
    const delta = roundDelta(before, after);
    before = after;
    console.log(
      `${TARGET} round ${round}: ${r.reqPerSec.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${(r.cpuPartsUs?.[0] ?? 0).toFixed(0)} µs and PostgreSQL's ${(r.cpuPartsUs?.[1] ?? 0).toFixed(0)} µs a request, ` +
        `${per('syscw')} writes and ${per('syscr')} reads a request, load ${r.load.toFixed(1)}, failed ${r.errors + r.non2xx}; GC (s) and heap ${JSON.stringify(delta)}`,
    );
  }
  await stopProfile?.();
} finally {
  if (changes) clearInterval(changes);
  await pending;
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await pool.end();
  await database.stop();
}
