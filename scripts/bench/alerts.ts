/**
 * `npm run bench:alerts` (issue 32, item 6; decision 036): what a new project's alerts cost the
 * publishing request, and how soon its mails are queued. In an embedded PostgreSQL of its own:
 * 10,000 listed contractors offering plomería in Santo Domingo with immediate alerts on (their
 * defaults), one client signed in (a bearer session). The real server runs in its own process
 * (production mode, mail kept in the outbox), then:
 *   1. one plomería project in Santo Domingo is published: the request's latency, and the time
 *      from its answer until all 10,000 alert mails are in the outbox (target: within 60 s);
 *   2. N projects nobody fits (mudanza in La Vega), one after another: the request's p50/p99;
 *   3. N plomería projects in Santo Domingo, one after another (each request lands while earlier
 *      fan-outs run): the request's p50/p99, then the time until all N × 10,000 mails are queued.
 * The three steps run twice: without outside channels, then with BENCH_ALERTS_CHANNELS (default
 * `push`) as dry-run channels (NOTIFICATION_DRY_RUN_CHANNELS: everyone reachable, nothing sent;
 * decision 038), where step 1 also reports when all 10,000 contractors' deliveries were queued.
 * BENCH_ALERTS_N (default 20), BENCH_ALERTS_CONTRACTORS (default 10,000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { createPool } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

const N = Number(process.env.BENCH_ALERTS_N ?? 20);
const CONTRACTORS = Number(process.env.BENCH_ALERTS_CONTRACTORS ?? 10_000);
const TARGET_QUEUED_S = 60;
/** One client per publish (the per-person limit on new projects would refuse a second burst); each signed in. */
const CLIENTS = 2 * (2 * N + 6);
const CHANNELS = process.env.BENCH_ALERTS_CHANNELS ?? 'push';
const tokenOf = (i: number) => `benchalerts-client-${i}`;
let nextClient = 0;

async function prepare(pool: pg.Pool): Promise<void> {
  await pool.query(`INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
    SELECT gen_random_uuid(), 'alerta' || i || '@carga.arreglaya.test', true, 'Plomero ' || i, 'contractor', 'active', 'Plomero', i::text
    FROM generate_series(1, ${CONTRACTORS}) i`);
  await pool.query(`INSERT INTO contractor_profiles (user_id, display_name, service_types, city, country)
    SELECT id, name, ARRAY['plomeria']::service_type[], 'santo-domingo', 'DO' FROM users WHERE role = 'contractor'`);
  await pool.query(`WITH c AS (INSERT INTO users (email, email_verified, name, role, status, first_name, last_name)
      SELECT 'cliente' || i || '@carga.arreglaya.test', true, 'Cliente ' || i, 'client', 'active', 'Cliente', i::text FROM generate_series(0, ${CLIENTS - 1}) i
      RETURNING id, last_name)
    INSERT INTO sessions (token, user_id, expires_at) SELECT 'benchalerts-client-' || last_name, id, now() + interval '7 days' FROM c`);
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

function startDate(): string {
  const d = new Date(Date.now() + 10 * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function publish(url: string, i: number, fits: boolean): Promise<{ id: string; ms: number }> {
  const body = fits
    ? { services: ['plomeria'], city: 'santo-domingo', zone: 'DN', title: `Fuga en el baño ${i}` }
    : { services: ['mudanza'], city: 'la-vega', title: `Mudanza de apartamento ${i}` };
  const t0 = performance.now();
  const res = await fetch(`${url}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokenOf(nextClient++)}`, 'content-type': 'application/json', origin: url, 'x-requested-with': 'arreglaya' },
    body: JSON.stringify({
      propertyType: 'casa',
      description: 'La tubería del baño principal gotea y hay que cambiarla completa.',
      startDate: startDate(),
      intention: 'ready',
      street: `Calle ${i} #12`,
      ...body,
    }),
  });
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { project: { id: string } };
  return { id: json.project.id, ms };
}

/** Waits until `expected` alert mails of these projects are in the outbox (each written with its project_alerts row); the seconds it took. */
async function queuedWithin(pool: pg.Pool, ids: string[], expected: number, since: number, kind = 'immediate'): Promise<number> {
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_alerts WHERE kind = $2 AND project_id = ANY($1::uuid[])`, [ids, kind]);
    if (rows[0]!.n >= expected) return (performance.now() - since) / 1000;
    if (performance.now() - since > 600_000) throw new Error(`only ${rows[0]!.n} of ${expected} queued after 600 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** The three steps against a server started with these dry-run outside channels ('' for none). */
async function phase(pool: pg.Pool, databaseUrl: string, channels: string): Promise<void> {
  const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-alerts-server-'));
  const server = await startServerProcess({
    DATA_DIR: serverDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PROCESSOR: 'sandbox',
    MAIL_TRANSPORT: 'outbox',
    NOTIFICATION_DRY_RUN_CHANNELS: channels,
  });
  try {
    // Warm-up: a few requests nobody fits (JIT, pools).
    for (let i = 0; i < 5; i++) await publish(server.url, -i, false);

    const first = await publish(server.url, 0, true);
    const answered = performance.now();
    const firstQueued = await queuedWithin(pool, [first.id], CONTRACTORS, answered);
    const firstDelivered = channels ? await queuedWithin(pool, [first.id], CONTRACTORS, answered, 'channels') : null;
    const deliveries = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM notification_deliveries WHERE source_key = $1`, [`project:${first.id}`]);
    const mails = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM project_alerts WHERE kind = 'immediate' AND project_id = $1`, [first.id]);
    // Where the time went: the job's wait in its queue and its run, as pg-boss recorded them.
    const job = await pool.query<{ waited: number; ran: number; retries: number }>(
      `SELECT extract(epoch FROM started_on - created_on)::float AS waited, extract(epoch FROM completed_on - started_on)::float AS ran, retry_count AS retries
       FROM pgboss.job WHERE name = 'project-alerts' AND singleton_key = $1 ORDER BY created_on DESC LIMIT 1`,
      [first.id],
    );

    const none: number[] = [];
    for (let i = 1; i <= N; i++) none.push((await publish(server.url, i, false)).ms);

    const fit: { id: string; ms: number }[] = [];
    const start = performance.now();
    for (let i = 1; i <= N; i++) fit.push(await publish(server.url, i, true));
    const allQueued = await queuedWithin(
      pool,
      fit.map((f) => f.id),
      N * CONTRACTORS,
      start,
    );
    const allDelivered = channels
      ? await queuedWithin(
          pool,
          fit.map((f) => f.id),
          N * CONTRACTORS,
          start,
          'channels',
        )
      : null;
    const fitMs = fit.map((f) => f.ms);

    console.log(
      `\n${channels ? `WITH outside channels (${channels}, dry run)` : 'WITHOUT outside channels'}. New-project alerts: ${CONTRACTORS} contractors fit (plomería, Santo Domingo), ${N} publishes per row; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(
      `  first project: publish ${fmt(first.ms)}; ${mails.rows[0]!.n} alert mails queued ${firstQueued.toFixed(1)} s after the answer ${firstQueued <= TARGET_QUEUED_S ? 'PASS' : 'FAIL'} (target ≤ ${TARGET_QUEUED_S} s); the job waited ${job.rows[0]?.waited?.toFixed(2) ?? '-'} s in its queue and ran ${job.rows[0]?.ran?.toFixed(2) ?? '-'} s (retries: ${job.rows[0]?.retries ?? '-'})`,
    );
    if (firstDelivered !== null)
      console.log(
        `  first project: ${deliveries.rows[0]!.n} outside-channel deliveries of ${CONTRACTORS} contractors queued ${firstDelivered.toFixed(1)} s after the answer ${firstDelivered <= TARGET_QUEUED_S ? 'PASS' : 'FAIL'} (target ≤ ${TARGET_QUEUED_S} s)`,
      );
    console.log(`  publish, nobody fits:        p50 ${fmt(percentile(none, 50))}, p99 ${fmt(percentile(none, 99))}, max ${fmt(Math.max(...none))}`);
    console.log(`  publish, ${CONTRACTORS} fit (fan-outs running): p50 ${fmt(percentile(fitMs, 50))}, p99 ${fmt(percentile(fitMs, 99))}, max ${fmt(Math.max(...fitMs))}`);
    console.log(
      `  ${N} fitting projects: all ${N * CONTRACTORS} mails queued ${allQueued.toFixed(1)} s after the first publish (${((N * CONTRACTORS) / allQueued).toFixed(0)} mails/s)${allDelivered === null ? '' : `; their contractors' deliveries ${allDelivered.toFixed(1)} s after it`}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-bench-alerts-'));
  const database = await startEmbeddedPostgres(dataDir, () => undefined);
  const pool = createPool(database.url, 2);
  try {
    await runMigrations(pool);
    await prepare(pool);
    // A live database has its statistics: without them the planner takes the bulk-loaded tables for empty.
    await pool.query('ANALYZE');
    for (const channels of ['', CHANNELS]) await phase(pool, database.url, channels);
  } finally {
    await pool.end();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
