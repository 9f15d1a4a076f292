/**
 * What every `npm run bench` section shares: an autocannon run measured as one row (req/s,
 * latency, failures, the machine's load, CPU per request), the bare Fastify hello-world that is
 * every ratio's yardstick, and the table's columns.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../apps/server/test/support/server-process.ts';
import { cpuOf, measureCpu } from './cpu-time.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The machine's 1-minute load average at the end (it is shared: a high one explains noise). */
  load: number;
  /** CPU time (server and its PostgreSQL) per request, in µs; 0 when not measured. */
  cpuUs: number;
  /** The same, per CPU source given to `load` (e.g. the server, then PostgreSQL). */
  cpuPartsUs?: number[];
}

export async function load(name: string, opts: autocannon.Options, seconds = DURATION, cpu: readonly (() => number)[] = []): Promise<Row> {
  const { result, cpuMs } = await measureCpu(cpu, () => autocannon({ connections: CONNECTIONS, duration: seconds, ...opts }));
  const total = cpuMs.reduce((a, b) => a + b, 0);
  return {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load: os.loadavg()[0]!,
    cpuUs: result.requests.total > 0 ? (total * 1000) / result.requests.total : 0,
    cpuPartsUs: cpuMs.map((ms) => (result.requests.total > 0 ? (ms * 1000) / result.requests.total : 0)),
  };
}

export interface Hello {
  url: string;
  cpu: () => number;
}

export async function startHelloWorld(): Promise<Hello & { stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'hello-world.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, cpu: cpuOf(child.pid), stop: () => child.kill() };
}

export const COLUMNS = [
  'target'.padEnd(30),
  'req/s'.padStart(8),
  'p50'.padStart(8),
  'p99'.padStart(8),
  'vs hello'.padStart(9),
  'failed'.padStart(7),
  'load'.padStart(5),
  'cpu/req'.padStart(8),
].join(' ');

export function line(r: Row, hello: Row): string {
  return [
    r.name.padEnd(30),
    r.reqPerSec.toFixed(0).padStart(8),
    `${r.p50} ms`.padStart(8),
    `${r.p99} ms`.padStart(8),
    `${((r.reqPerSec / hello.reqPerSec) * 100).toFixed(1)}%`.padStart(9),
    String(r.errors + r.non2xx).padStart(7),
    r.load.toFixed(1).padStart(5),
    (r.cpuUs > 0 ? `${r.cpuUs.toFixed(0)} µs` : '').padStart(8),
  ].join(' ');
}

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
export const ms = (t: number) => `${t < 10 ? t.toFixed(1) : t.toFixed(0)} ms`;

/**
 * Runs `opts` unmeasured for at least `min` seconds, then in rounds of `round` seconds until one
 * is less than 2% faster than the one before (at most `max` seconds in all): a server in its
 * steady state. Returns the seconds spent.
 */
export async function warmUp(opts: autocannon.Options, min: number, round: number, max: number): Promise<number> {
  let warmedUp = 0;
  if (min > 0) {
    await load('warm-up', opts, min);
    warmedUp = min;
  }
  for (let previous = 0; warmedUp + round <= max && round > 0;) {
    const r = (await load('warm-up', opts, round)).reqPerSec;
    warmedUp += round;
    if (r < previous * 1.02) break;
    previous = r;
  }
  return warmedUp;
}
