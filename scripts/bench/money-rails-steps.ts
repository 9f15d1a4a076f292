// bench:rails's settings and steps: opening fundings, paying tickets, the settlement and the ledger's check (money-rails.ts runs them).
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { type Db } from '../../apps/server/src/db/client.ts';
import { signNotification } from '../../apps/server/src/modules/dlocal/dlocal-signature.ts';
import { DlocalSandbox } from '../../apps/server/src/modules/dlocal/sandbox/dlocal-sandbox.ts';
import { DLOCAL_SANDBOX_CREDENTIALS } from '../../apps/server/src/modules/dlocal/sandbox/sandbox-core.ts';
import { DLOCAL_NOTIFICATION_PATH } from '../../apps/server/src/modules/payments/dlocal-notifications.routes.ts';
import { type HiredBatch } from '../../apps/server/test/support/money-fixtures.ts';
import { type PacedRequest } from './run.ts';

export const VOUCHERS = Number(process.env.BENCH_RAILS_VOUCHERS ?? 1_000);
export const BURST_CONCURRENCY = Number(process.env.BENCH_RAILS_BURST_CONCURRENCY ?? 100);
export const RATE = Number(process.env.BENCH_RAILS_RATE ?? 200);
export const SECONDS = Number(process.env.BENCH_RAILS_SECONDS ?? 20);
export const RUNS = Number(process.env.BENCH_RAILS_RUNS ?? 3);
export const NEW_SHARE = Number(process.env.BENCH_RAILS_NEW_SHARE ?? 0.25);
export const TRANSFERS = Number(process.env.BENCH_RAILS_TRANSFERS ?? 6_000);
export const LINES = Number(process.env.BENCH_RAILS_LINES ?? 10_000);
/** What `BENCH_RAILS_ONLY` may name (comma-separated): the parts to run. */
export const ONLY = new Set((process.env.BENCH_RAILS_ONLY ?? 'burst,rate,statement').split(','));
/** A directory: the server runs with --cpu-prof and writes its profile there when it stops. */
export const CPU_PROF_DIR = process.env.BENCH_RAILS_CPU_PROF;
/** Requests at once while vouchers and transfers are opened (not measured). */
const OPEN_CONCURRENCY = 16;
export const TARGET_P99_MS = 100;
export const TARGET_STATEMENT_S = 60;
export const PACED_MIN_SHARE = 0.97;
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const CREDENTIALS = DLOCAL_SANDBOX_CREDENTIALS;

export const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
export const range = (xs: number[], f: (x: number) => string) => (xs.length > 1 ? `${f(Math.min(...xs))}–${f(Math.max(...xs))}` : '');
export const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** Runs `f` over `items`, `concurrency` at a time. */
export async function eachAtOnce<T>(items: readonly T[], concurrency: number, f: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) await f(items[i]!, i);
    }),
  );
}

interface Opened {
  paymentId: string;
  amountMinor: number;
  /** A transfer's reference as the client sees it. */
  reference?: string;
}

/** Each project's client opens a cash voucher or a transfer through the fund route; the answers' payments. */
export async function openFundings(url: string, b: HiredBatch, rail: 'cash' | 'transfer'): Promise<{ opened: Opened[]; seconds: number }> {
  const opened: Opened[] = [];
  const t0 = performance.now();
  await eachAtOnce(b.projects, OPEN_CONCURRENCY, async (projectId, i) => {
    const res = await fetch(`${url}/api/projects/${projectId}/fund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.tokens[i]}`, 'content-type': 'application/json', 'idempotency-key': `bench_${crypto.randomBytes(12).toString('hex')}` },
      body: JSON.stringify({ rail }),
    });
    const text = await res.text();
    if (res.status !== 202) throw new Error(`fund (${rail}) ${projectId}: ${res.status} ${text}`);
    const body = JSON.parse(text) as { paymentId: string; amountMinor: number; pending: { transfer: { reference: string } | null } | null };
    opened.push({ paymentId: body.paymentId, amountMinor: body.amountMinor, reference: body.pending?.transfer?.reference });
  });
  return { opened, seconds: (performance.now() - t0) / 1000 };
}

/**
 * The stand-in's PAID notification of each voucher: the ticket paid at the counter by its own code
 * (payTicket), and the notification it queued taken as delivered in the same transaction, so its
 * own delivery job (every minute) never sees it: the bench sends it.
 */
export async function payTickets(pool: pg.Pool, db: Db, paymentIds: string[]): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ id: string; processor_ref: string }>(`SELECT id, processor_ref FROM payments WHERE id = ANY($1::uuid[])`, [paymentIds]);
  const byPayment = new Map<string, string>();
  await eachAtOnce(rows, 4, async (r) => {
    const body = await db.transaction(async (tx) => {
      const sandbox = new DlocalSandbox(tx as unknown as Db, { publicUrl: 'http://127.0.0.1/dlocal-sandbox' });
      if (!(await sandbox.payTicket(r.processor_ref))) throw new Error(`the stand-in did not pay ticket ${r.processor_ref}`);
      const taken = await tx.execute<{ body: string }>(
        sql`UPDATE dlocal_sandbox.notifications SET delivered_at = now() WHERE subject_id = ${r.processor_ref} AND delivered_at IS NULL RETURNING body`,
      );
      return taken.rows.map((t) => t.body).find((b) => (JSON.parse(b) as { status: string }).status === 'PAID');
    });
    if (!body) throw new Error(`the stand-in queued no PAID notification for ${r.processor_ref}`);
    byPayment.set(r.id, body);
  });
  return byPayment;
}

/** A notification as dLocal sends it: the body it signed, signed now. */
export function signed(body: string): PacedRequest {
  return {
    method: 'POST',
    path: DLOCAL_NOTIFICATION_PATH,
    headers: signNotification({ login: CREDENTIALS.login, secretKey: CREDENTIALS.secretKey, date: new Date(), body }),
    body,
  };
}

export interface Settlement {
  settled: number;
  lost: number;
  doubled: number;
}

/** How these payments ended: succeeded, not, and with more than one funding posting. */
export async function settlement(pool: pg.Pool, paymentIds: string[]): Promise<Settlement> {
  const { rows } = await pool.query<{ settled: number; doubled: number }>(
    `SELECT (SELECT count(*) FROM payments WHERE id = ANY($1::uuid[]) AND status = 'succeeded')::int AS settled,
            (SELECT count(*) FROM (SELECT payment_id FROM ledger_transactions WHERE kind = 'fund' AND payment_id = ANY($1::uuid[]) GROUP BY payment_id HAVING count(*) > 1) d)::int AS doubled`,
    [paymentIds],
  );
  return { settled: rows[0]!.settled, lost: paymentIds.length - rows[0]!.settled, doubled: rows[0]!.doubled };
}

/** `npm run ledger:check` on the database: its output and whether it passed. */
export async function ledgerCheck(databaseUrl: string): Promise<{ ok: boolean; output: string }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' };
  const out = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-check.ts'], { cwd: REPO_ROOT, env }).catch(
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  return { ok: !('code' in out) || out.code === 0, output: `${out.stdout}${out.stderr}`.trim() };
}

/** A sysadmin signed in (a bearer session, as the console's sign-in leaves it). */
export async function sysadmin(pool: pg.Pool): Promise<string> {
  const token = `benchrails-sysadmin-${crypto.randomBytes(8).toString('hex')}`;
  await pool.query(
    `WITH u AS (INSERT INTO users (email, email_verified, name, role, status, first_name, last_name)
      VALUES ('consola@carga.arreglaya.test', true, 'Consola', 'sysadmin', 'active', 'Consola', 'Carga') RETURNING id)
    INSERT INTO sessions (token, user_id, expires_at) SELECT $1, id, now() + interval '7 days' FROM u`,
    [token],
  );
  return token;
}
