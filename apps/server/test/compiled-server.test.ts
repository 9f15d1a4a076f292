import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { COMPILED_SERVER_ENTRY, startServerProcess, type ServerProcess } from './support/server-process.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${inject('pgAdminUrl')}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The process's command line, as the kernel has it. */
function commandLine(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}

/** The command lines of the process's children (tsx keeps an esbuild service running beside the server). */
function children(pid: number): string[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [commandLine(Number(name)).join(' ')] : [];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/**
 * Decision 007: `NODE_ENV=production npm start` runs apps/server/dist/server.js, the server and
 * packages/shared compiled to JavaScript by `npm run build`, with plain node. The build runs here
 * (about 2 s), so the test does not depend on the order of scripts/test.sh.
 */
describe.skipIf(process.platform !== 'linux')('the compiled server', () => {
  const database = `c_${crypto.randomBytes(6).toString('hex')}`;
  let server: ServerProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-compiled-'));

  beforeAll(() => {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/build.ts'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(built.status, built.stderr).toBe(0);
  }, 70_000);
  afterAll(async () => {
    await server?.crash();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts in production on an empty database, migrates it and serves /api/health with no TypeScript loader in the process', async () => {
    // An empty database (not the migrated template): the migrations' SQL must be found from dist.
    await admin(`CREATE DATABASE ${database}`);
    server = await startServerProcess(
      { NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox', DATABASE_URL: `${inject('pgAdminUrl')}/${database}`, DATA_DIR: dataDir },
      { compiled: true },
    );
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('strict-transport-security'), 'production headers').toBeTruthy();

    // prom-client and the rest of node_modules load from the bundle too (/metrics: this machine).
    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^http_request_duration_seconds_count\{route="\/api\/health",method="GET",status_class="2xx"\} [1-9]\d*$/m);

    const pid = server.proc.pid!;
    expect(commandLine(pid)).toEqual([process.execPath, COMPILED_SERVER_ENTRY]);
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((v) => v.startsWith('NODE_OPTIONS='))).toEqual([]);
    // tsx transpiles through an esbuild service process it starts beside the server: none here.
    expect(children(pid).filter((c) => /esbuild|tsx/.test(c))).toEqual([]);

    expect(await server.stop(), server.output()).toBe(0);
  }, 60_000);
});
