/**
 * What every `npm run bench` section shares: an autocannon run measured as one row (req/s,
 * latency, failures, the machine's load, CPU per request), the bare Fastify hello-world that is
 * every ratio's yardstick, and the table's columns.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
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
  /** The same, per CPU counter given to `load` (e.g. server, PostgreSQL), in µs per request. */
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

/** One request of a paced run, as an autocannon `setupRequest` would shape it. */
export interface PacedRequest {
  method?: autocannon.Request['method'];
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Requests sent on a fixed schedule, `rate` a second evenly spaced, over at most `connections`
 * kept-alive sockets (an open loop, as wrk2 does): each latency runs from the moment the schedule
 * meant to send the request, so time spent waiting for a free socket, because the server fell
 * behind, counts. `count` requests in all. autocannon's own `overallRate` is not used: it sends
 * each connection's share of a second in one burst at the second's start, and its correction for
 * coordinated omission assumes an interval in milliseconds of 1 / rate.
 */
export async function paced(name: string, o: { url: string; rate: number; count: number; next: () => PacedRequest }, cpu: readonly (() => number)[] = []): Promise<Row> {
  const target = new URL(o.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  // BENCH_PACED_TRACE=<file>: each request's scheduled send (ms from the run's start) and latency, to find stalls.
  const trace: [number, number][] = [];
  let failed = 0;
  let non2xx = 0;
  const send = (req: PacedRequest, due: number) =>
    new Promise<void>((resolve) => {
      const r = http.request({ host: target.hostname, port: target.port, agent, method: req.method ?? 'GET', path: req.path, headers: req.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          trace.push([due, performance.now() - due]);
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
          resolve();
        });
      });
      r.setTimeout(10_000, () => r.destroy(new Error('timeout')));
      r.on('error', () => {
        failed++;
        resolve();
      });
      r.end(req.body);
    });
  const own = process.cpuUsage();
  const { result: seconds, cpuMs } = await measureCpu(cpu, async () => {
    const interval = 1000 / o.rate;
    const start = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < o.count; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(send(o.next(), due));
    }
    await Promise.all(inFlight);
    return (performance.now() - start) / 1000;
  });
  agent.destroy();
  if (process.env.BENCH_PACED_TRACE) {
    const t0 = Math.min(...trace.map(([due]) => due));
    const lines = trace.sort((a, b) => a[0] - b[0]).map(([due, ms]) => `${(due - t0).toFixed(1)}\t${ms.toFixed(1)}`);
    const epoch = Date.now() - (performance.now() - t0);
    fs.writeFileSync(`${process.env.BENCH_PACED_TRACE}-${name.replace(/\W+/g, '_')}.tsv`, `# start ${epoch.toFixed(0)}\n${lines.join('\n')}\n`);
  }
  const mine = process.cpuUsage(own);
  // The load generator shares the cores: what it took is printed, as it is CPU the server did not have.
  console.log(`  (${name}: the load generator took ${((mine.user + mine.system) / 1000 / o.count).toFixed(2)} ms of CPU a request)`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const total = cpuMs.reduce((a, b) => a + b, 0);
  return {
    name,
    reqPerSec: o.count / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors: failed,
    non2xx,
    load: os.loadavg()[0]!,
    cpuUs: (total * 1000) / o.count,
    cpuPartsUs: cpuMs.map((ms) => (ms * 1000) / o.count),
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
