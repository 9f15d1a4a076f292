/**
 * `npm run bench:start`: how long the server takes from its process starting to its first
 * healthy `/api/health`, and how much memory it holds then, started the way `npm start` used to
 * (`tsx src/server.ts`: tsx's command line, a node child with its loader, an esbuild service)
 * and compiled (`node apps/server/dist/server.js`, decision 007). Both in production mode on the
 * same external, migrated PostgreSQL (an embedded one the script starts), so PostgreSQL's own start
 * is not counted; the runs alternate, BENCH_STARTS of each (5), and the medians are printed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { freePort } from '../../apps/server/test/support/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STARTS = Number(process.env.BENCH_STARTS ?? 5);

const WAYS = {
  tsx: [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'apps/server/src/server.ts')],
  compiled: [path.join(ROOT, 'apps/server/dist/server.js')],
} as const;
type Way = keyof typeof WAYS;

/** Resident memory (kB) of a process and its descendants, and the names of those counted. */
function treeRss(pid: number): { kb: number; processes: string[] } {
  const all = fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  const parentOf = new Map<number, number>();
  for (const n of all) {
    try {
      const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
      parentOf.set(Number(n), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const inTree = (p: number): boolean => p === pid || (parentOf.has(p) && p !== 1 && inTree(parentOf.get(p)!));
  let kb = 0;
  const processes: string[] = [];
  for (const [p] of parentOf) {
    if (!inTree(p)) continue;
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      kb += rss;
      processes.push(`${/Name:\s+(\S+)/.exec(status)?.[1] ?? '?'} ${(rss / 1024).toFixed(0)} MB`);
    } catch {
      // gone
    }
  }
  return { kb, processes };
}

async function startOnce(way: Way, databaseUrl: string, dataDir: string): Promise<{ ms: number; rssKb: number; processes: string[] }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'production',
      PROCESSOR: 'sandbox',
      MAIL_TRANSPORT: 'outbox',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // Stopped between starts with no balancer to drain for (decision 034).
      SHUTDOWN_DRAIN_MS: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((r) => child.on('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${way} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 1000)); // settle
    const { kb, processes } = treeRss(child.pid!);
    return { ms, rssKb: kb, processes };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const built = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' });
if (built.status !== 0) process.exit(1);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-start-'));
fs.mkdirSync(path.join(dir, 'pg-home'));
const pg = await startEmbeddedPostgres(path.join(dir, 'pg-home'), () => undefined);
try {
  const pool = createPool(pg.url, 2);
  await runMigrations(pool);
  await pool.end();
  const results: Record<Way, { ms: number; rssKb: number; processes: string[] }[]> = { tsx: [], compiled: [] };
  for (let i = 0; i < STARTS; i++) {
    for (const way of ['tsx', 'compiled'] as const) {
      const r = await startOnce(way, pg.url, path.join(dir, 'data'));
      results[way].push(r);
      console.log(`${way.padEnd(8)} run ${i + 1}: healthy after ${r.ms.toFixed(0)} ms, RSS ${(r.rssKb / 1024).toFixed(0)} MB (${r.processes.join(', ')})`);
    }
  }
  console.log(`\nmedian of ${STARTS} (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores):`);
  for (const way of ['tsx', 'compiled'] as const) {
    console.log(`${way.padEnd(8)} healthy after ${median(results[way].map((r) => r.ms)).toFixed(0)} ms, RSS ${(median(results[way].map((r) => r.rssKb)) / 1024).toFixed(0)} MB`);
  }
} finally {
  await pg.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
