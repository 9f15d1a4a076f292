import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createDb, createPool } from '../../src/db/client.ts';
import { conversations } from '../../src/db/schema/index.ts';
import { createLogger } from '../../src/lib/logger.ts';
import { createUser, signIn, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Frame = Record<string, unknown> & { action: string };

export let t: TestApp;
export let port1: number;
type AnotherApp = Awaited<ReturnType<typeof buildApp>>;
const extra: { app: AnotherApp; pool: ReturnType<typeof createPool> }[] = [];
export let port2: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-chat-'));

/** Another instance of the server on the same database (its own pool, its own LISTEN). */
export async function anotherInstance(chat?: { keepAliveMs?: number; idleGraceMs?: number; underPressure?: () => boolean }): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: t.url, DEMO_DATA: '0' });
  const pool = createPool(t.url, 5);
  const app = await buildApp({ config, db: createDb(pool), logger: createLogger(config), mailPollMs: 200, jobs: { schedules: false }, chat });
  await app.listen({ port: 0, host: '127.0.0.1' });
  extra.push({ app, pool });
  return (app.server.address() as AddressInfo).port;
}

interface Client {
  ws: WebSocket;
  frames: Frame[];
  next(match: (f: Frame) => boolean, ms?: number): Promise<Frame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

export function open(port: number, cookie: string | undefined, headers: Record<string, string> = {}): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    for (const w of [...waiters])
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const client: Client = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame)),
    next(match, ms = 3000) {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            frames.splice(frames.indexOf(f), 1);
            resolve(f);
          },
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.once('error', reject);
  });
}

export async function person(role: 'client' | 'contractor', firstName: string): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { role, firstName });
  return { user, cookie: await signIn(t, user) };
}

export async function pair() {
  const client = await person('client', 'Yolanda');
  const contractor = await person('contractor', 'Ramón');
  const [row] = await t.db.insert(conversations).values({ clientId: client.user.id, contractorId: contractor.user.id }).returning({ id: conversations.id });
  return { client, contractor, id: row!.id };
}

export const action = (name: string) => (f: Frame) => f.action === name;

/** Two instances of the server on one database, listening on port1 and port2, for a chat socket test file. */
export function setUpTwoInstances(): void {
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port1 = (t.app.server.address() as AddressInfo).port;
    port2 = await anotherInstance();
  });
  afterAll(async () => {
    for (const e of extra) {
      await e.app.close();
      await e.pool.end();
    }
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
