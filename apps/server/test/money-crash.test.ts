import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { createPool } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { type HiredBatch, PRICE_MINOR, prepareHiredProjects } from './support/money-fixtures.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

// Issue 14, "Faults and concurrency": kill -9 of the server and its PostgreSQL during many
// concurrent money actions; after the restart ledger:check passes and every acknowledged action
// is recorded exactly once. The actions are fundings of hired projects, each with its own
// idempotency key, 50 at a time, the server killed once about half are answered. With 1,000
// projects the test took 76 s on the shared two-core machine (load 12), over a minute and close to
// the limit, so it funds 400 (about 50 s).

const PROJECTS = 400;
const CONCURRENCY = 50;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-money-crash-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.crash()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ENV = { DATA_DIR: dataDir, MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'warn' };

async function start(): Promise<ServerProcess> {
  const s = await startServerProcess(ENV);
  running.push(s);
  return s;
}

/** Opens DATA_DIR's PostgreSQL while no server runs (as the server would: same cluster, migrated). */
async function withDatabase<T>(fn: (pool: ReturnType<typeof createPool>) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(embedded.url, 2);
  try {
    await runMigrations(pool);
    return await fn(pool);
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

interface Action {
  i: number;
  key: string;
  sent?: boolean;
  status?: number;
  body?: { paymentId?: string; status?: string; amountMinor?: number };
}

function fund(url: string, b: HiredBatch, a: Action): Promise<Response> {
  return fetch(`${url}/api/projects/${b.projects[a.i]}/fund`, {
    method: 'POST',
    headers: { authorization: `Bearer ${b.tokens[a.i]}`, 'content-type': 'application/json', 'idempotency-key': a.key },
    body: JSON.stringify({ paymentMethodId: b.methods[a.i] }),
  });
}

const ledgerCheck = () =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-check.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...ENV, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });

it('kill -9 of the server and its PostgreSQL mid-payments: ledger:check passes and every acknowledged payment is recorded once', { timeout: 180_000 }, async () => {
  // The data: the server migrates DATA_DIR's new cluster on its first start; then hired projects.
  const first = await start();
  expect(await first.stop()).toBe(0);
  const batch = await withDatabase((pool) => prepareHiredProjects(pool, 'crash', PROJECTS));

  // Fifty clients at a time pay for their projects, each request with its own key.
  const server = await start();
  const actions: Action[] = Array.from({ length: PROJECTS }, (_, i) => ({ i, key: `crash_${crypto.randomBytes(10).toString('hex')}` }));
  let next = 0;
  let acknowledged = 0;
  let killed = false;
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (!killed && next < actions.length) {
      const a = actions[next++]!;
      a.sent = true;
      try {
        const res = await fund(server.url, batch, a);
        const body = (await res.json()) as Action['body'];
        a.status = res.status;
        a.body = body;
        if (res.ok) acknowledged++;
      } catch {
        // No answer: the server is gone mid-request. The client does not know; it retries below.
      }
    }
  });
  // Midway: about half answered, many requests in flight.
  while (acknowledged < PROJECTS / 2) await new Promise((r) => setTimeout(r, 20));
  killed = true;
  await server.crash();
  await Promise.all(workers);
  const acked = actions.filter((a) => a.status !== undefined && a.status >= 200 && a.status < 300);
  expect(acked.length).toBeGreaterThanOrEqual(PROJECTS / 2);
  // Requests were in flight when it died: sent, never answered.
  expect(actions.filter((a) => a.sent && a.status === undefined).length).toBeGreaterThan(0);
  for (const a of acked) expect(a.body).toMatchObject({ status: 'succeeded', amountMinor: PRICE_MINOR, paymentId: expect.any(String) });

  // Right after the crash (PostgreSQL recovers its log), the ledger is sound.
  const check = await ledgerCheck();
  expect(check.stdout).toContain('ledger:check: OK');

  // Restarted on the same DATA_DIR: replaying an acknowledged key gives the same answer; the
  // clients without an answer retry with their key and are charged once.
  const restarted = await start();
  for (let from = 0; from < actions.length; from += CONCURRENCY) {
    await Promise.all(
      actions.slice(from, from + CONCURRENCY).map(async (a) => {
        const res = await fund(restarted.url, batch, a);
        const body = await res.json();
        if (a.status !== undefined && a.status >= 200 && a.status < 300) {
          expect(res.status).toBe(a.status);
          expect(body).toEqual(a.body);
        } else {
          expect(res.status, JSON.stringify(body)).toBe(200);
          a.body = body as Action['body'];
        }
      }),
    );
  }
  expect(await restarted.stop()).toBe(0);

  // Each project was charged and funded exactly once: the acknowledged ones with the payment
  // they were told of, at the processor as in our ledger.
  const recorded = await withDatabase(async (pool) => {
    const { rows } = await pool.query<{ project_id: string; payments: number; succeeded: string[]; funds: number; charges: number }>(
      `SELECT p.id AS project_id,
              (SELECT count(*) FROM payments y WHERE y.project_id = p.id)::int AS payments,
              (SELECT coalesce(array_agg(y.id::text), '{}') FROM payments y WHERE y.project_id = p.id AND y.status = 'succeeded') AS succeeded,
              (SELECT count(*) FROM ledger_transactions t WHERE t.project_id = p.id AND t.kind = 'fund')::int AS funds,
              (SELECT count(*) FROM sandbox_processor.charges c JOIN payments y ON c.idempotency_key = 'pay_' || y.id::text WHERE y.project_id = p.id)::int AS charges
         FROM projects p WHERE p.id = ANY($1::uuid[])`,
      [batch.projects],
    );
    const { rows: totals } = await pool.query<{ charges: number }>(`SELECT count(*)::int AS charges FROM sandbox_processor.charges`);
    return { byProject: new Map(rows.map((r) => [r.project_id, r])), charges: totals[0]!.charges };
  });
  expect(recorded.charges).toBe(PROJECTS);
  for (const a of actions) {
    const r = recorded.byProject.get(batch.projects[a.i]!)!;
    expect({ payments: r.payments, succeeded: r.succeeded, funds: r.funds, charges: r.charges }).toEqual({ payments: 1, succeeded: [a.body!.paymentId], funds: 1, charges: 1 });
  }
  const after = await ledgerCheck();
  expect(after.stdout).toContain('ledger:check: OK');
});
