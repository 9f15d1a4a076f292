/**
 * `npm run bench`: loads the server with autocannon beside a bare Fastify hello-world started
 * in the same run, and prints req/s and p99 latency with the ratio to the hello-world.
 * Not part of `npm test` (timings depend on the machine).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startServerProcess } from '../../apps/server/test/support/server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function startHelloWorld(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'hello-world.ts')], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

let ipCounter = 0;
/** Each contact request comes from its own address (as through a proxy), so the per-IP limit doesn't cut the run short. */
function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-'));
  const hello = await startHelloWorld();
  const server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  try {
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION} s per target, ${os.cpus().length} cores (load generator on the same machine)\n`);
    const rows: Row[] = [];
    rows.push(await load('hello-world (bare Fastify)', { url: hello.url }));
    rows.push(await load('GET /api/health', { url: `${server.url}/api/health` }));
    rows.push(
      await load('POST /api/contact', {
        url: `${server.url}/api/contact`,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
              body: JSON.stringify({ firstName: 'Bench', email: `bench${ipCounter}@ejemplo.do`, messageType: 'sugerencia', message: 'Mensaje de prueba de carga.' }),
            }),
          },
        ],
      }),
    );
    printTable(rows);
    if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
  } finally {
    hello.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]): void {
  const base = rows[0]!;
  const lines = rows.map((r) => [
    r.name.padEnd(28),
    r.reqPerSec.toFixed(0).padStart(8),
    `${r.p50} ms`.padStart(8),
    `${r.p99} ms`.padStart(8),
    `${((r.reqPerSec / base.reqPerSec) * 100).toFixed(1)}%`.padStart(9),
    String(r.errors + r.non2xx).padStart(7),
  ]);
  console.log(['target'.padEnd(28), 'req/s'.padStart(8), 'p50'.padStart(8), 'p99'.padStart(8), 'vs hello'.padStart(9), 'failed'.padStart(7)].join(' '));
  for (const l of lines) console.log(l.join(' '));
}

await main();
