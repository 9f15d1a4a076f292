import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { lostWrites, startWriteLoad, type WriteLoad } from './support/write-load.ts';

// The database goes away under write load: the server must live, answer 503 (never 500) while
// it is away, lose no acknowledged write, and serve again within 15 s of it being back.
const RECOVERY_MS = 15_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ TRUST_PROXY: '1', ...env });
  cleanups.push(() => server.crash());
  return server;
}

function startLoad(url: string): WriteLoad {
  const load = startWriteLoad(url);
  cleanups.push(() => load.stop());
  return load;
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const healthStatus = async (url: string) => (await fetch(`${url}/api/health`)).status;

function postmasterPid(clusterDir: string): number {
  return Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Statuses other than 201 and 503 (0 = no answer at all). */
function unexpected(load: WriteLoad): [number, number][] {
  return [...load.statuses].filter(([status]) => status !== 201 && status !== 503);
}

describe('a database that goes away under write load', () => {
  it('embedded: the server restarts its own PostgreSQL and serves again, losing no acknowledged write', async () => {
    const dataDir = tempDir('arreglaya-outage-');
    const server = await startServer({ DATA_DIR: dataDir });
    const load = startLoad(server.url);
    await until('20 writes', 20_000, async () => (load.acknowledged.length >= 20 ? true : undefined));

    const killedAt = Date.now();
    process.kill(postmasterPid(path.join(dataDir, 'pg')), 'SIGKILL');
    const servedAgainAt = await load.okAfter(killedAt + 100, RECOVERY_MS);
    await load.stop();

    expect(server.proc.exitCode, server.output()).toBeNull();
    expect(servedAgainAt - killedAt).toBeLessThan(RECOVERY_MS);
    expect(load.statuses.get(503) ?? 0, 'requests during the restart answer 503').toBeGreaterThan(0);
    expect(unexpected(load), server.output()).toEqual([]);
    expect(await healthStatus(server.url)).toBe(200);
    expect(await lostWrites(server.url, load.acknowledged)).toEqual([]);
    expect(server.output()).toContain('PostgreSQL exited unexpectedly');
  });

  it('external (DATABASE_URL): 503 and an unhealthy health check while it is down, then service again without a restart', async () => {
    const pgDir = tempDir('arreglaya-outage-external-');
    let database: EmbeddedDatabase = await startEmbeddedPostgres(pgDir, () => undefined, { restartOnExit: false });
    cleanups.push(() => database.stop());
    const port = Number(new URL(database.url).port);
    const server = await startServer({ DATABASE_URL: database.url, DATA_DIR: tempDir('arreglaya-outage-app-') });
    const load = startLoad(server.url);
    await until('20 writes', 20_000, async () => (load.acknowledged.length >= 20 ? true : undefined));

    process.kill(database.pid()!, 'SIGKILL');
    // While it is down: the process lives, health says so, writes answer 503.
    await until('health 503', 10_000, async () => ((await healthStatus(server.url)) === 503 ? true : undefined));
    const down = load.statuses.get(503) ?? 0;
    await until('more 503s', 10_000, async () => ((load.statuses.get(503) ?? 0) > down + 5 ? true : undefined));
    expect(server.proc.exitCode, server.output()).toBeNull();

    // The database comes back on the same address (backends of the killed one may linger a moment).
    database = await until('PostgreSQL back', 20_000, () => startEmbeddedPostgres(pgDir, () => undefined, { restartOnExit: false, port }).catch(() => undefined));
    const backAt = Date.now();
    await load.okAfter(backAt, RECOVERY_MS);
    await load.stop();

    expect(server.proc.exitCode, server.output()).toBeNull();
    expect(unexpected(load), server.output()).toEqual([]);
    expect(await healthStatus(server.url)).toBe(200);
    expect(await lostWrites(server.url, load.acknowledged)).toEqual([]);
  });
});
