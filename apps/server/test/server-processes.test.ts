import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../src/db/schema/index.ts';
import { createUser } from './support/factories.ts';
import { createTestDatabase, type TestDatabase } from './support/test-db.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { lostWrites, postContact, startWriteLoad } from './support/write-load.ts';

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.crash()));
});

async function start(env: Record<string, string>) {
  const s = await startServerProcess(env);
  running.push(s);
  return s;
}

describe('the embedded PostgreSQL in DATA_DIR', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-proc-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second server on the same DATA_DIR with a clear message', async () => {
    const first = await start({ DATA_DIR: dataDir });
    const second = await startServerProcess({ DATA_DIR: dataDir }, { waitForHealth: false });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is already in use by another ArreglaYa server`);
    // The first one is untouched.
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    // A clean SIGTERM shutdown exits 0; the output says why if not.
    expect(await first.stop(), first.output()).toBe(0);
  });

  it('loses no acknowledged write when killed with SIGKILL mid-writes', async () => {
    const server = await start({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
    const load = startWriteLoad(server.url, { max: 1500 });
    await new Promise((r) => setTimeout(r, 1500));
    await server.crash(); // server and its PostgreSQL, no chance to flush anything
    await load.stop();
    expect(load.acknowledged.length).toBeGreaterThan(10);

    const restarted = await start({ DATA_DIR: dataDir });
    expect(await lostWrites(restarted.url, load.acknowledged)).toEqual([]);
  });
});

describe('shutting down', () => {
  it('is not held by a client that never finishes its request', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-stall-'));
    try {
      const server = await start({ DATA_DIR: dataDir });
      // Headers and half a body, then nothing: the request stays in flight.
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.on('error', () => undefined);
      socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"firstName":');
      await new Promise((r) => setTimeout(r, 300));
      // A clean exit (0), not the forced one after 25 s (1).
      expect(await server.stop(), server.output()).toBe(0);
      expect(server.output()).toContain('connections still open after 10 s');
      socket.destroy();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('root in a private directory', () => {
  it.skipIf(process.getuid?.() !== 0)('starts as root with DATA_DIR inside a 0700 directory, as under /root', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-root-')); // 0700, like /root
    const dataDir = path.join(home, 'data');
    try {
      const server = await start({ DATA_DIR: dataDir });
      expect((await postContact(server.url, 1, '127.0.0.1')).status).toBe(201);
      expect(await server.stop(), server.output()).toBe(0);
      expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    } finally {
      // The cluster lives outside DATA_DIR (where the postgres user can reach it): remove it too.
      const link = path.join(dataDir, 'pg');
      if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) fs.rmSync(fs.readlinkSync(link), { recursive: true, force: true });
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('two instances behind one PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('serves from one what the other wrote, and shares rate-limit counters', async () => {
    const env = { DATABASE_URL: db.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-multi-')) };
    const [a, b] = await Promise.all([start(env), start(env)]);

    const res = await postContact(a.url, 1, '127.0.0.1');
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await lostWrites(b.url, [id])).toEqual([]);

    // The contact form allows 10 messages per 10 minutes per address, across instances.
    for (let n = 2; n <= 10; n++) {
      const target = n % 2 === 0 ? b : a;
      expect((await postContact(target.url, n, '127.0.0.1')).status).toBe(201);
    }
    const limited = await postContact(b.url, 11, '127.0.0.1');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('draining on SIGTERM (decision 034)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('says not ready while it still serves, closes chat sockets with 1012, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-drain-'));
    try {
      const server = await start({ DATABASE_URL: db.url, DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '1500' });
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });

      const user = await createUser(db.db);
      const token = `drain${Date.now()}`;
      await db.db.insert(sessions).values({ token, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { authorization: `Bearer ${token}` } });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

      server.proc.kill('SIGTERM');
      let status = 200;
      while (status === 200) status = (await fetch(`${server.url}/api/ready`)).status;
      expect(status).toBe(503);
      // Still serving everything else meanwhile, each answer closing its connection; the socket is still open.
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('connection')).toBe('close');
      expect(ws.readyState).toBe(WebSocket.OPEN);

      expect(await closed).toBe(1012);
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('start-up configuration', () => {
  it('exits with a message naming the bad variable', async () => {
    const s = await startServerProcess({ PORT: '3000', DEMO_DATA: 'quizás' }, { waitForHealth: false });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('DEMO_DATA:');
  });
});
