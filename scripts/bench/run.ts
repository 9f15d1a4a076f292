/**
 * What every `npm run bench` section shares: an autocannon run measured as one row (req/s,
 * latency, failures, the machine's load, CPU per request), the bare Fastify hello-world that is
 * every ratio's yardstick, and the table's columns.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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
  /** Only paced runs give it. */
  p95?: number;
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
 *
 * The load generator shares the two cores with the server and its PostgreSQL, so it does as
 * little as it can while the clock runs, as wrk2 (written in C) would: every request is built into
 * its bytes before the first is sent, and goes out on a plain TCP socket (`RawConnection`) whose
 * answer is read only as far as its status and its end. Node's http client took 0.36–0.39 ms of
 * CPU a request, about a tenth of what an offer costs the server and its PostgreSQL together.
 */
export async function paced(name: string, o: { url: string; rate: number; count: number; next: () => PacedRequest }, cpu: readonly (() => number)[] = []): Promise<Row> {
  const target = new URL(o.url);
  const host = target.hostname;
  const port = Number(target.port);
  const requests = Array.from({ length: o.count }, () => requestBytes(o.next(), target.host));
  const latencies: number[] = [];
  // BENCH_PACED_TRACE=<file>: each request's scheduled send (ms from the run's start) and latency, to find stalls.
  const trace: [number, number][] = [];
  let failed = 0;
  let non2xx = 0;
  const idle: RawConnection[] = [];
  const waiting: { bytes: Buffer; due: number; done: () => void }[] = [];
  let open = 0;
  const send = (bytes: Buffer, due: number, done: () => void) => {
    const conn = idle.pop();
    if (conn) return run(conn, { bytes, due, done });
    waiting.push({ bytes, due, done });
    if (open < CONNECTIONS) connect();
  };
  const connect = () => {
    open++;
    const fresh = new RawConnection(host, port, () => {
      open--;
      const at = idle.indexOf(fresh);
      if (at >= 0) idle.splice(at, 1);
      // Requests still waiting get a new socket in its place (each new socket takes one at once,
      // so a server that is away fails them one by one, never loops).
      if (waiting.length > 0 && open < CONNECTIONS) connect();
    });
    next(fresh);
  };
  const next = (conn: RawConnection) => {
    const job = waiting.shift();
    if (job) run(conn, job);
    else idle.push(conn);
  };
  const run = (conn: RawConnection, job: { bytes: Buffer; due: number; done: () => void }) => {
    conn.request(job.bytes, (status) => {
      const ms = performance.now() - job.due;
      if (status === 0) failed++;
      else {
        latencies.push(ms);
        trace.push([job.due, ms]);
        if (status < 200 || status >= 300) non2xx++;
      }
      job.done();
      if (conn.alive) next(conn);
    });
  };
  const own = process.cpuUsage();
  const { result: seconds, cpuMs } = await measureCpu(cpu, async () => {
    const interval = 1000 / o.rate;
    const start = performance.now();
    let answered = 0;
    const all = new Promise<void>((resolve) => {
      const done = () => {
        if (++answered === o.count) resolve();
      };
      const sendDue = (i: number) => {
        // Everything due by now goes out (never early), then one timer until the next is due.
        for (; i < o.count && start + i * interval <= performance.now(); i++) send(requests[i]!, start + i * interval, done);
        if (i < o.count) setTimeout(() => sendDue(i), start + i * interval - performance.now());
      };
      sendDue(0);
    });
    const watchdog = setInterval(() => RawConnection.expire(10_000), 1_000);
    await all;
    clearInterval(watchdog);
    return (performance.now() - start) / 1000;
  });
  RawConnection.closeAll();
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
    p95: at(0.95),
    p99: at(0.99),
    errors: failed,
    non2xx,
    load: os.loadavg()[0]!,
    cpuUs: (total * 1000) / o.count,
    cpuPartsUs: cpuMs.map((ms) => (ms * 1000) / o.count),
  };
}

/** A request as the bytes an HTTP/1.1 client sends (kept alive: HTTP/1.1's default). */
function requestBytes(req: PacedRequest, host: string): Buffer {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const head = [`${req.method ?? 'GET'} ${req.path} HTTP/1.1`, `host: ${host}`];
  for (const [k, v] of Object.entries(req.headers ?? {})) head.push(`${k}: ${v}`);
  if (body) head.push(`content-length: ${body.length}`);
  const top = Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([top, body]) : top;
}

const CRLF = Buffer.from('\r\n');
const END_OF_HEAD = Buffer.from('\r\n\r\n');

/**
 * One kept-alive socket of the paced load: one request at a time; its answer is read as far as
 * the status line and its end (content-length or chunked), nothing else parsed. `onClose` hears
 * it close (the server closed it, or it failed); a request in flight then ends with status 0.
 */
class RawConnection {
  private static readonly live = new Set<RawConnection>();
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: ((status: number) => void) | undefined;
  private sentAt = 0;
  alive = true;

  constructor(host: string, port: number, onClose: () => void) {
    RawConnection.live.add(this);
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.read();
    });
    this.socket.on('error', () => this.socket.destroy());
    this.socket.on('close', () => {
      this.alive = false;
      RawConnection.live.delete(this);
      this.finish(0);
      onClose();
    });
  }

  request(bytes: Buffer, onAnswer: (status: number) => void): void {
    this.pending = onAnswer;
    this.sentAt = performance.now();
    this.socket.write(bytes);
  }

  /** Ends every request older than `ms` (status 0) by closing its socket. */
  static expire(ms: number): void {
    const now = performance.now();
    for (const c of RawConnection.live) if (c.pending && now - c.sentAt > ms) c.socket.destroy();
  }

  static closeAll(): void {
    for (const c of RawConnection.live) c.socket.destroy();
  }

  private finish(status: number): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.(status);
  }

  /** Ends the request once its whole answer is in. */
  private read(): void {
    const buf = this.buffered;
    const headEnd = buf.indexOf(END_OF_HEAD);
    if (headEnd < 0) return;
    const head = buf.toString('latin1', 0, headEnd).toLowerCase();
    const status = Number(head.slice(9, 12));
    let end = headEnd + 4;
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    if (length) end += Number(length[1]);
    else if (head.includes('\r\ntransfer-encoding: chunked')) {
      for (;;) {
        const lineEnd = buf.indexOf(CRLF, end);
        if (lineEnd < 0) return;
        const size = parseInt(buf.toString('latin1', end, lineEnd), 16);
        end = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
    }
    if (buf.length < end) return;
    this.buffered = buf.subarray(end);
    if (head.includes('\r\nconnection: close')) this.socket.destroy();
    this.finish(status);
  }
}

/**
 * The URL a bench's server reaches its embedded PostgreSQL by: TCP on 127.0.0.1, or with
 * `BENCH_PG_SOCKET=1` the cluster's Unix-domain socket, as `npm start` does (decision 002).
 */
export function serverDatabaseUrl(database: { url: string; socketUrl?: string | undefined }): string {
  return process.env.BENCH_PG_SOCKET === '1' ? (database.socketUrl ?? database.url) : database.url;
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
