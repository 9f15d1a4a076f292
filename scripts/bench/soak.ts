/**
 * `npm run bench:soak`: a soak of the real server (embedded PostgreSQL, demo data) under a crowd
 * of simulated people, with the database killed once in the middle:
 * - visitors browse the landing and the directory, search, open contractor pages and write to
 *   the contact form;
 * - signed-in clients (the demo accounts) read and edit their profile and toggle favourites.
 * Each person waits 1–3 s between steps (a person, not a load generator). Half-way through,
 * PostgreSQL is killed with SIGKILL; the server restarts it.
 * Prints: requests and statuses, 5xx outside the restart window (target 0), acknowledged writes
 * missing from the database (target 0), the restart window, and the server's RSS after warm-up
 * (target: flat).
 * Environment: SOAK_SECONDS (600), SOAK_VISITORS (500), SOAK_SIGNED_IN_SHARE (0.2), SOAK_KILL (1).
 * Not part of `npm test`. See scripts/bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';
import { contactMessage } from '../../apps/server/test/support/write-load.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const VISITORS = Number(process.env.SOAK_VISITORS ?? 500);
const SIGNED_IN_SHARE = Number(process.env.SOAK_SIGNED_IN_SHARE ?? 0.2);
const KILL = process.env.SOAK_KILL !== '0';
/** RSS before this share of the run is warm-up. */
const WARM_UP_SHARE = 0.2;
const DEMO_PASSWORD = 'demo-arreglaya';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

interface Outcome {
  at: number;
  status: number; // 0: no answer
  write: boolean;
  /** Method and path without ids or query, e.g. 'GET /api/contractors/:id'. */
  route: string;
}

const outcomes: Outcome[] = [];
let baseUrl = '';

async function request(ip: string, method: string, url: string, opts: { cookie?: string; body?: unknown; write?: boolean } = {}): Promise<Response | null> {
  const headers: Record<string, string> = { 'x-forwarded-for': ip, accept: 'application/json, text/html' };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    headers.origin = baseUrl;
    headers['x-requested-with'] = 'arreglaya';
  }
  const at = Date.now();
  const route = `${method} ${url.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;
  try {
    const res = await fetch(`${baseUrl}${url}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: AbortSignal.timeout(30_000) });
    outcomes.push({ at, status: res.status, write: opts.write ?? false, route });
    return res;
  } catch {
    outcomes.push({ at, status: 0, write: opts.write ?? false, route });
    return null;
  }
}

async function json<T>(res: Response | null): Promise<T | null> {
  if (!res?.ok) {
    await res?.body?.cancel();
    return null;
  }
  return (await res.json()) as T;
}

interface Account {
  email: string;
  cookie: string;
  /** The last address the server acknowledged for this account's profile. */
  lastAddress?: string;
  busy: boolean;
}

const acknowledgedContacts: string[] = [];
let contactCounter = 0;
let editCounter = 0;

const SEARCHES = [
  '',
  'q=plomero',
  'q=electricista',
  'service=plomeria',
  'service=electricidad&sort=rating_desc',
  'q=pintura&page=2',
  'city=santo-domingo',
  'q=jardin&sort=reviews',
];
const PAGES = ['/', '/busqueda', '/ayuda', '/comoclientes', '/comocontratistas'];

async function visitorStep(ip: string, contractorIds: string[]): Promise<void> {
  const roll = Math.random();
  if (roll < 0.25) {
    const res = await request(ip, 'GET', pick(PAGES));
    await res?.body?.cancel();
  } else if (roll < 0.6) {
    const found = await json<{ items: { id: string }[] }>(await request(ip, 'GET', `/api/contractors?${pick(SEARCHES)}`));
    for (const item of found?.items.slice(0, 3) ?? []) if (contractorIds.length < 500) contractorIds.push(item.id);
  } else if (roll < 0.9 && contractorIds.length > 0) {
    const id = pick(contractorIds);
    await json(await request(ip, 'GET', `/api/contractors/${id}`));
  } else if (roll < 0.97) {
    await json(await request(ip, 'GET', '/api/services/counts'));
  } else {
    const n = contactCounter++;
    const res = await request(ip, 'POST', '/api/contact', { body: { ...contactMessage(n), email: `soak${n}@ejemplo.do` }, write: true });
    const body = await json<{ id: string }>(res);
    if (res?.status === 201 && body) acknowledgedContacts.push(body.id);
  }
}

async function signedInStep(ip: string, account: Account, contractorIds: string[]): Promise<void> {
  if (account.busy) return visitorStep(ip, contractorIds); // one edit at a time per account
  const roll = Math.random();
  if (roll < 0.45) {
    await json(await request(ip, 'GET', '/api/me/profile/client', { cookie: account.cookie }));
  } else if (roll < 0.5) {
    account.busy = true;
    try {
      const profile = await json<Record<string, unknown>>(await request(ip, 'GET', '/api/me/profile/client', { cookie: account.cookie }));
      if (!profile) return;
      const address = `Calle Soak ${editCounter++}`;
      const body = {
        firstName: profile.firstName,
        lastName: profile.lastName,
        phone: profile.phone ?? '',
        country: profile.country,
        city: profile.city,
        zone: profile.zone ?? undefined,
        address,
      };
      const res = await request(ip, 'PUT', '/api/me/profile/client', { cookie: account.cookie, body, write: true });
      if (res?.status === 200) account.lastAddress = address;
      await res?.body?.cancel();
    } finally {
      account.busy = false;
    }
  } else if (roll < 0.8 && contractorIds.length > 0) {
    const id = pick(contractorIds);
    const res = await request(ip, Math.random() < 0.5 ? 'PUT' : 'DELETE', `/api/me/favourites/${id}`, { cookie: account.cookie, write: true });
    await res?.body?.cancel();
  } else {
    await json(await request(ip, 'GET', '/api/me/favourites', { cookie: account.cookie }));
  }
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

function connectionUrl(dataDir: string): string {
  // postmaster.pid's fourth line is the port; the password is the server's own.
  const port = fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/arreglaya`;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-soak-'));
  console.log(
    `soak: ${VISITORS} people (${Math.round(SIGNED_IN_SHARE * 100)}% signed in) for ${SECONDS} s, PostgreSQL killed ${KILL ? 'half-way' : 'never'}; server starting with the demo data…`,
  );
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: '1', TRUST_PROXY: '1', LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn', NODE_ENV: 'development' });
  baseUrl = server.url;
  const serverPid = server.proc.pid!;
  const client = new pg.Client({ connectionString: connectionUrl(dataDir) });
  await client.connect();
  const emails = (await client.query<{ email: string }>(`SELECT email FROM users WHERE role = 'client' AND email LIKE '%@demo.arreglaya.do' ORDER BY email`)).rows.map(
    (r) => r.email,
  );
  await client.end();

  const accounts: Account[] = [];
  for (const [i, email] of emails.entries()) {
    const res = await request(`10.200.0.${i + 1}`, 'POST', '/api/auth/sign-in', { body: { email, password: DEMO_PASSWORD } });
    const cookie = res?.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await res?.body?.cancel();
    if (res?.ok && cookie) accounts.push({ email, cookie, busy: false });
  }
  console.log(`signed in ${accounts.length} demo clients`);
  outcomes.length = 0;

  const started = Date.now();
  const end = started + SECONDS * 1000;
  const contractorIds: string[] = [];
  const rss: { at: number; bytes: number }[] = [];
  const rssTimer = setInterval(() => rss.push({ at: Date.now(), bytes: rssOf(serverPid) }), 5000);

  let killedAt = 0;
  const killer = KILL
    ? (async () => {
        await sleep((SECONDS * 1000) / 2);
        const pid = Number(fs.readFileSync(path.join(dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);
        killedAt = Date.now();
        process.kill(pid, 'SIGKILL');
        console.log(`${Math.round((killedAt - started) / 1000)} s: PostgreSQL (pid ${pid}) killed`);
      })()
    : Promise.resolve();

  const people = Array.from({ length: VISITORS }, async (_, i) => {
    const ip = `10.${100 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
    const account = i < VISITORS * SIGNED_IN_SHARE && accounts.length > 0 ? accounts[i % accounts.length] : undefined;
    await sleep(Math.random() * 3000); // arrive over the first seconds
    while (Date.now() < end) {
      await (account ? signedInStep(ip, account, contractorIds) : visitorStep(ip, contractorIds));
      await sleep(1000 + Math.random() * 2000);
    }
  });
  const progress = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000);
    const last = outcomes.filter((o) => o.at > Date.now() - 10_000);
    console.log(
      `${s} s: ${Math.round(last.length / 10)} req/s, RSS ${Math.round(rssOf(serverPid) / 2 ** 20)} MiB, 5xx in the last 10 s: ${last.filter((o) => o.status >= 500 || o.status === 0).length}`,
    );
  }, 30_000);
  await Promise.all([...people, killer]);
  clearInterval(progress);
  clearInterval(rssTimer);

  // The restart window: from the kill to the first acknowledged write after it.
  const recoveredAt = killedAt ? (outcomes.find((o) => o.at > killedAt && o.write && o.status < 300)?.at ?? Infinity) : 0;
  const inWindow = (o: Outcome) => killedAt > 0 && o.at >= killedAt - 1000 && o.at <= recoveredAt;
  const failed = (o: Outcome) => o.status >= 500 || o.status === 0;
  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);

  // Every acknowledged write is in the database.
  const check = new pg.Client({ connectionString: connectionUrl(dataDir) });
  await check.connect();
  const stored = new Set((await check.query<{ id: string }>('SELECT id FROM contact_requests WHERE id = ANY($1::uuid[])', [acknowledgedContacts])).rows.map((r) => r.id));
  const lostContacts = acknowledgedContacts.filter((id) => !stored.has(id)).length;
  let lostEdits = 0;
  let checkedEdits = 0;
  for (const account of accounts) {
    if (!account.lastAddress) continue;
    checkedEdits++;
    const { rows } = await check.query<{ address: string }>('SELECT cp.address FROM client_profiles cp JOIN users u ON u.id = cp.user_id WHERE u.email = $1', [account.email]);
    if (rows[0]?.address !== account.lastAddress) lostEdits++;
  }
  await check.end();
  if (process.env.SOAK_DUMP) fs.writeFileSync(process.env.SOAK_DUMP, server.output());
  const exitCode = server.proc.exitCode;
  await server.stop();
  if (process.env.SOAK_DUMP) fs.writeFileSync(process.env.SOAK_DUMP, server.output());
  fs.rmSync(dataDir, { recursive: true, force: true });

  const after = rss.filter((r) => r.at > started + SECONDS * 1000 * WARM_UP_SHARE);
  const mib = (b: number) => `${Math.round(b / 2 ** 20)} MiB`;
  const third = Math.max(1, Math.floor(after.length / 3));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const firstThird = median(after.slice(0, third).map((r) => r.bytes));
  const lastThird = median(after.slice(-third).map((r) => r.bytes));

  const failedOutside = outcomes.filter((o) => failed(o) && !inWindow(o)).length;
  // What the server logged at warn and above, by message (its output is JSON lines).
  const logged = new Map<string, number>();
  for (const line of server.output().split('\n')) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      if ((entry.level ?? 0) >= 40) logged.set(entry.msg ?? '?', (logged.get(entry.msg ?? '?') ?? 0) + 1);
    } catch {
      // not a log line
    }
  }
  console.log('\n== soak results');
  console.log(
    `requests: ${outcomes.length} (${Math.round(outcomes.length / SECONDS)} req/s), statuses: ${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s || 'no answer'}×${n}`)
      .join(', ')}`,
  );
  const unusual = new Map<string, number>();
  for (const o of outcomes) if (o.status >= 400 && o.status !== 503) unusual.set(`${o.status} ${o.route}`, (unusual.get(`${o.status} ${o.route}`) ?? 0) + 1);
  console.log(`4xx by route: ${[...unusual].map(([k, n]) => `${k}×${n}`).join(', ') || 'none'}`);
  console.log(`server process: ${exitCode === null ? 'alive throughout' : `EXITED with ${exitCode}`}`);
  if (killedAt)
    console.log(
      `restart window: ${recoveredAt === Infinity ? 'never recovered' : `${((recoveredAt - killedAt) / 1000).toFixed(1)} s`} from the kill to the first acknowledged write; 5xx/no answer inside it: ${outcomes.filter((o) => failed(o) && inWindow(o)).length}`,
    );
  console.log(`5xx or no answer outside the restart window: ${failedOutside} (target 0)`);
  for (const o of outcomes.filter((x) => failed(x) && !inWindow(x)).slice(0, 10)) {
    console.log(
      `  ${o.status || 'no answer'} ${o.route} at ${((o.at - started) / 1000).toFixed(1)} s${killedAt ? ` (${((o.at - killedAt) / 1000).toFixed(1)} s after the kill)` : ''}`,
    );
  }
  console.log(`server log at warn and above: ${[...logged].map(([m, n]) => `'${m}'×${n}`).join(', ') || 'nothing'}`);
  console.log(`acknowledged writes lost: ${lostContacts} of ${acknowledgedContacts.length} contact messages, ${lostEdits} of ${checkedEdits} profiles' last edit (target 0)`);
  console.log(
    `server RSS after warm-up: min ${mib(Math.min(...after.map((r) => r.bytes)))}, max ${mib(Math.max(...after.map((r) => r.bytes)))}, median of the first third ${mib(firstThird)}, of the last third ${mib(lastThird)} (${(((lastThird - firstThird) / firstThird) * 100).toFixed(1)}%)`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const ok = exitCode === null && failedOutside === 0 && lostContacts === 0 && lostEdits === 0 && recoveredAt !== Infinity;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exit(ok ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
