/**
 * `npm run test:cluster` (issue 33, decision 034): several instances, really.
 *
 * Debian's PostgreSQL 15 (a private cluster in a temporary directory, run as `postgres` when we
 * are root) is the external database; three compiled server instances (`apps/server/dist/server.js`,
 * NODE_ENV=production, built by the npm script first) share it; HAProxy from Debian runs in front
 * with the configuration generated from `haproxy.cfg.template` (health checks on /api/ready). Then,
 * through the load balancer:
 *   1. the whole loop: sign-up with the mailed code (a real SMTP server), a contractor's profile, a
 *      project, an offer, the hire, the payment, chat between the two people on different instances,
 *      the delivery, the approval and both reviews; the session made through one instance is used
 *      on the other two;
 *   2. a rolling restart (SIGTERM to each instance in turn, the next once HAProxy has the restarted
 *      one back) under steady HTTP load and CLUSTER_SOCKETS chat sockets, each driven by the web
 *      app's own chat client (`ChatLive`: reconnects, catch-up): no HTTP request may fail, every
 *      socket closed by a restart must be closed with 1012 and reconnect, and every acknowledged
 *      chat message must reach both people once;
 *   3. `kill -9` of one instance under the same load plus payments: only requests sent before the
 *      kill may fail, the sockets reconnect elsewhere, every acknowledged message and payment is in
 *      the database, and `ledger:check` passes.
 * Prints the figures; exits non-zero on any failed check; removes every process and temporary
 * directory it made, on failure and on Ctrl-C too.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import type { ChatMessage } from '@arreglaya/shared/schemas/chat';
import pg from 'pg';
import WebSocket from 'ws';
import { ChatLive } from '../../apps/web/src/features/chat/lib/chat-live.ts';
import type { SocketLike } from '../../apps/web/src/features/chat/lib/chat-socket.ts';
import { prepareHiredProjects } from '../../apps/server/test/support/money-fixtures.ts';
import { offerTerms, projectForm } from '../../apps/server/test/support/project-factories.ts';
import { freePort, startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../apps/server/test/support/smtp-catcher.ts';
import { preparePeople, type People } from '../bench/chat-people.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_BIN = process.env.CLUSTER_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const HAPROXY = process.env.CLUSTER_HAPROXY ?? '/usr/sbin/haproxy';
const TEMPLATE = path.join(import.meta.dirname, 'haproxy.cfg.template');
const INSTANCES = 3;
const SOCKETS = Math.max(2, Math.floor(Number(process.env.CLUSTER_SOCKETS ?? 200) / 2) * 2);
/** Steady load: plain HTTP requests and chat messages (REST, as the web app sends them) a second. */
const HTTP_RATE = Number(process.env.CLUSTER_HTTP_RATE ?? 40);
const CHAT_RATE = Number(process.env.CLUSTER_CHAT_RATE ?? 10);
/** Payments during the kill -9 scenario (a second), from hired projects prepared by SQL. */
const PAY_RATE = 10;
const PAY_PROJECTS = 120;
const EMAIL_DOMAIN = 'cluster.arreglaya.test';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const log = (msg: string) => console.log(`[${elapsed()}] ${msg}`);

// ---- Checks: every failed one is listed at the end, and the exit code says so ----

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  if (!ok) failures.push(what);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

/** Polls `test` until it is true or `ms` pass; false if it never was. */
async function eventually(test: () => boolean | Promise<boolean>, ms: number, every = 100): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await test()) return true;
    if (Date.now() > until) return false;
    await sleep(every);
  }
}

// ---- Clean-up: everything made is undone in reverse order, on success, failure or a signal ----

const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | null = null;
/** Set once clean-up begins: nothing new is started (an instance started then would outlive it). */
let stopping = false;
function cleanUp(): Promise<void> {
  stopping = true;
  cleaning ??= (async () => {
    for (const undo of cleanups.reverse()) {
      try {
        await undo();
      } catch (err) {
        console.error(`clean-up: ${(err as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });

// ---- Tools from Debian ----

function requireTools(): void {
  const missing = [`${PG_BIN}/initdb`, `${PG_BIN}/pg_ctl`, `${PG_BIN}/postgres`, HAPROXY].filter((f) => !fs.existsSync(f));
  if (missing.length === 0) return;
  console.error(
    `test:cluster needs Debian's PostgreSQL 15 server and HAProxy (missing: ${missing.join(', ')}).\n` +
      `Install them once with 'npm run setup:cluster' (apt-get install postgresql haproxy), then run 'npm run test:cluster' again.`,
  );
  process.exit(2);
}

// ---- PostgreSQL 15: a private cluster in a temporary directory ----

interface Postgres {
  url: string;
  adminUrl: string;
}

async function startPostgres(dir: string): Promise<Postgres> {
  const pgDir = path.join(dir, 'pg');
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root the cluster belongs to Debian's `postgres` user.
  const run = (cmd: string, args: string[]) => {
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8', cwd: dir }) : spawnSync(cmd, args, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${path.basename(cmd)} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(pgDir, { mode: 0o700 });
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid)) throw new Error("the 'postgres' user is missing (Debian's postgresql package creates it)");
    fs.chownSync(pgDir, uid, gid);
  }
  run(`${PG_BIN}/initdb`, ['-D', pgDir, '-U', 'arreglaya', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${pgDir} -c max_connections=200`;
  run(`${PG_BIN}/pg_ctl`, ['-D', pgDir, '-l', path.join(pgDir, 'server.log'), '-w', '-o', opts, 'start']);
  cleanups.push(() => run(`${PG_BIN}/pg_ctl`, ['-D', pgDir, '-m', 'immediate', '-w', 'stop']));
  const adminUrl = `postgres://arreglaya@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  await admin.query('CREATE DATABASE arreglaya');
  await admin.end();
  log(`PostgreSQL ${rows[0]!.v} (${PG_BIN}) on port ${port}`);
  return { url: `postgres://arreglaya@127.0.0.1:${port}/arreglaya`, adminUrl };
}

// ---- HAProxy ----

interface Balancer {
  url: string;
  /** Each instance's state as HAProxy sees it (app1… → UP, DOWN, …). */
  states(): Promise<Map<string, string>>;
  /** The state changes HAProxy went through since the last call. */
  transitions(): string[];
  waitFor(server: string, state: 'UP' | 'DOWN', ms?: number): Promise<void>;
}

/** One command to HAProxy's runtime API; its whole answer. */
function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.connect(socketPath);
    let out = '';
    c.on('data', (d) => (out += d.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
    c.write(`${command}\n`);
  });
}

async function startHaproxy(dir: string, port: number, ports: number[]): Promise<Balancer> {
  const statsSocket = path.join(dir, 'haproxy.sock');
  const config = fs
    .readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{BIND}}', `127.0.0.1:${port}`)
    .replaceAll('{{STATS_SOCKET}}', statsSocket)
    .replaceAll('{{SERVERS}}', ports.map((p, i) => `    server app${i + 1} 127.0.0.1:${p}`).join('\n'));
  const file = path.join(dir, 'haproxy.cfg');
  // CLUSTER_HAPROXY_LOG=FILE: HAProxy's log of every request (httplog) and check, for a failure's post-mortem.
  const logFile = process.env.CLUSTER_HAPROXY_LOG;
  fs.writeFileSync(
    file,
    logFile ? config.replace(/^global$/m, 'global\n    log stderr format raw local0 info').replace(/^defaults$/m, 'defaults\n    log global\n    option httplog') : config,
  );
  const valid = spawnSync(HAPROXY, ['-c', '-f', file], { encoding: 'utf8' });
  if (valid.status !== 0) throw new Error(`haproxy refuses the generated configuration:\n${valid.stderr}${valid.stdout}`);
  const proc: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const logStream = logFile ? fs.createWriteStream(logFile) : null;
  proc.stderr?.on('data', (d: Buffer) => {
    logStream?.write(d);
    if (!logStream) stderr += d.toString();
  });
  cleanups.push(async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  });
  /** Each server's state and, when its last check failed, why (e.g. `L7STS 503`, `L7TOUT`). */
  const read = async () => {
    const [header, ...lines] = (await haproxyCommand(statsSocket, 'show stat')).split('\n');
    const names = header!.replace(/^# /, '').split(',');
    const col = (f: string[], name: string) => f[names.indexOf(name)] ?? '';
    const map = new Map<string, { state: string; check: string }>();
    for (const line of lines) {
      const f = line.split(',');
      if (f[0] === 'instances' && f[1] !== 'BACKEND' && f[1] !== 'FRONTEND')
        map.set(f[1]!, { state: col(f, 'status').split(' ')[0]!, check: `${col(f, 'check_status')} ${col(f, 'check_code')} ${col(f, 'check_duration')} ms`.trim() });
    }
    return map;
  };
  const states = async () => new Map([...(await read())].map(([name, v]) => [name, v.state] as const));
  const transitions: string[] = [];
  let last = new Map<string, { state: string; check: string }>();
  const watcher = setInterval(() => {
    void read()
      .then((now) => {
        for (const [name, { state, check }] of now)
          if (last.get(name)?.state !== state && last.size > 0) transitions.push(`${name} ${state} at ${elapsed()}${state === 'UP' ? '' : ` (${check})`}`);
        last = now;
      })
      .catch(() => undefined);
  }, 200);
  cleanups.push(() => clearInterval(watcher));
  const balancer: Balancer = {
    url: `http://127.0.0.1:${port}`,
    transitions: () => transitions.splice(0),
    states,
    async waitFor(server, state, ms = 30_000) {
      const ok = await eventually(async () => proc.exitCode !== null || (await states().catch(() => new Map<string, string>())).get(server) === state, ms, 100);
      if (proc.exitCode !== null) throw new Error(`HAProxy exited (${proc.exitCode}):\n${stderr}`);
      if (!ok) throw new Error(`HAProxy never saw ${server} ${state}:\n${stderr}`);
    },
  };
  for (let i = 1; i <= ports.length; i++) await balancer.waitFor(`app${i}`, 'UP');
  log(`${spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout.split(' - ')[0]} on port ${port}, ${ports.length} instances UP`);
  return balancer;
}

// ---- The instances ----

interface Instances {
  list: ServerProcess[];
  ports: number[];
  start(i: number): Promise<ServerProcess>;
}

async function startInstances(env: Record<string, string>): Promise<Instances> {
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  const list: ServerProcess[] = [];
  /** Starts under way: clean-up waits for them (a starting server writes DATA_DIR) and then kills every instance. */
  const starting = new Set<Promise<ServerProcess>>();
  const start = async (i: number) => {
    if (stopping) throw new Error('cleaning up: no new instance');
    const started = startServerProcess({ ...env, PORT: String(ports[i]) }, { compiled: true });
    starting.add(started);
    const s = await started.finally(() => starting.delete(started));
    list[i] = s;
    if (stopping) {
      await s.crash();
      throw new Error('cleaning up: no new instance');
    }
    return s;
  };
  cleanups.push(async () => {
    await Promise.allSettled([...starting]);
    await Promise.all(list.map((s) => s.crash()));
  });
  // Together: the migrations (on PostgreSQL 15) run once, under the advisory lock.
  await Promise.all(ports.map((_, i) => start(i)));
  return { list, ports, start };
}

// ---- HTTP through the balancer, counted ----

interface Outcome {
  at: number;
  status: number; // 0: no answer
  what: string;
}

class Http {
  outcomes: Outcome[] = [];
  counting = false;
  constructor(readonly base: string) {}

  async call<T>(
    method: string,
    url: string,
    o: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string>; base?: string } = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') Object.assign(headers, { origin: this.base, 'x-requested-with': 'arreglaya' });
    const at = performance.now();
    const what = `${method} ${url.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;
    try {
      const res = await fetch(`${o.base ?? this.base}${url}`, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: HAProxy's own error page, for one.
      }
      if (this.counting) this.outcomes.push({ at, status: res.status, what: res.status >= 400 ? `${what}: ${text.slice(0, 90).replace(/\s+/g, ' ')}` : what });
      return { status: res.status, body: body as T, headers: res.headers };
    } catch (err) {
      const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
      if (this.counting) this.outcomes.push({ at, status: 0, what: `${what} (${(err as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''})` });
      throw err;
    }
  }

  /** The answer's body, or an error naming the status (the web app's api helper throws the same way). */
  async ok<T>(method: string, url: string, o: Parameters<Http['call']>[2] = {}): Promise<T> {
    const res = await this.call<T>(method, url, o);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

// ---- The web app's chat client, one per person ----

interface Person {
  i: number;
  id: string;
  token: string;
  conversation: string;
  live: ChatLive;
  reconnects: number;
}

interface SocketFigures {
  opened: number;
  /** Close codes of sockets that were open. */
  closes: Map<number, number>;
  /** (Re)connections that never opened (the upgrade refused or the connection failed). */
  refused: number;
}

function chatClient(http: Http, wsUrl: string, userId: string, token: string, figures: SocketFigures): ChatLive {
  const auth = { token };
  const api = {
    messages: (id: string, cursor: { before?: string; after?: string } = {}) => {
      const q = new URLSearchParams(Object.entries(cursor).filter(([, v]) => v) as [string, string][]).toString();
      return http.ok<{ messages: ChatMessage[]; hasMore: boolean }>('GET', `/api/conversations/${id}/messages${q ? `?${q}` : ''}`, auth);
    },
    send: (id: string, text: string) => http.ok<{ message: ChatMessage }>('POST', `/api/conversations/${id}/messages`, { ...auth, body: { text } }).then((r) => r.message),
    markRead: (id: string) => http.ok<{ read: number }>('POST', `/api/conversations/${id}/read`, { ...auth, body: {} }),
    unread: () => http.ok<{ unread: number }>('GET', '/api/me/unread', auth).then((r) => r.unread),
    stillSignedIn: (id: string) => http.ok<{ user: { id: string } | null }>('GET', '/api/auth/session', auth).then((s) => s.user?.id === id),
  };
  const createSocket = (url: string): SocketLike => {
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` }, perMessageDeflate: false });
    let opened = false;
    ws.on('open', () => {
      opened = true;
      figures.opened += 1;
    });
    ws.on('close', (code) => {
      if (opened) figures.closes.set(code, (figures.closes.get(code) ?? 0) + 1);
      else figures.refused += 1;
    });
    return ws as unknown as SocketLike;
  };
  return new ChatLive(new QueryClient(), userId, { url: wsUrl, createSocket, api: api as never, isVisible: () => false });
}

function startPeople(http: Http, wsUrl: string, people: People, figures: SocketFigures): Person[] {
  const half = people.tokens.length / 2;
  return people.tokens.map((token, i) => {
    const live = chatClient(http, wsUrl, people.ids[i]!, token, figures);
    const person: Person = { i, id: people.ids[i]!, token, conversation: people.conversations[i % half]!, live, reconnects: 0 };
    live.socket.subscribe((e) => {
      if (e.type === 'reconnected') person.reconnects += 1;
    });
    live.start();
    return person;
  });
}

// ---- Steady load ----

interface Sent {
  text: string;
  conversation: string;
  id?: string;
  at: number;
}

class Load {
  private timers: NodeJS.Timeout[] = [];
  private inFlight = new Set<Promise<unknown>>();
  sent: Sent[] = [];
  payments: { project: string; id: string }[] = [];
  private seq = 0;

  constructor(
    private readonly http: Http,
    private readonly people: Person[],
    /** Every message's text starts with it (`rr-1`, `k9-1`…): one scenario's messages apart from the other's. */
    readonly tag: string,
  ) {}

  private track(p: Promise<unknown>): void {
    const q = p.catch(() => undefined);
    this.inFlight.add(q);
    void q.finally(() => this.inFlight.delete(q));
  }

  private every(perSecond: number, fn: () => Promise<unknown>): void {
    if (perSecond <= 0) return;
    this.timers.push(setInterval(() => this.track(fn()), 1000 / perSecond));
  }

  start(pay?: { projects: string[]; tokens: string[]; methods: string[] }): void {
    const pick = () => this.people[crypto.randomInt(this.people.length)]!;
    const reads = ['/api/contractors?sort=rating_desc', '/api/services/counts', '/api/me/unread', '/api/conversations', '/api/auth/session'];
    let r = 0;
    this.every(HTTP_RATE, () => this.http.call('GET', reads[r++ % reads.length]!, { token: pick().token }));
    this.every(CHAT_RATE, async () => {
      const from = pick();
      const sent: Sent = { text: `${this.tag}-${++this.seq}`, conversation: from.conversation, at: performance.now() };
      this.sent.push(sent);
      await from.live.sendText(from.conversation, sent.text);
      sent.id = from.live.log(from.conversation).messages.find((m) => m.text === sent.text)?.id;
    });
    if (pay) {
      let n = 0;
      this.every(PAY_RATE, async () => {
        const i = n++;
        if (i >= pay.projects.length) return;
        const res = await this.http.call<{ paymentId?: string }>('POST', `/api/projects/${pay.projects[i]}/fund`, {
          token: pay.tokens[i],
          headers: { 'idempotency-key': `cluster-${i}` },
          body: { paymentMethodId: pay.methods[i] },
        });
        if (res.status === 200 && res.body.paymentId) this.payments.push({ project: pay.projects[i]!, id: res.body.paymentId });
      });
    }
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}

// ---- What the chat clients hold against what was acknowledged ----

interface ChatFigures {
  sent: number;
  acknowledged: number;
  lost: number;
  doubled: number;
  missingInDatabase: number;
}

async function chatFigures(people: Person[], load: Load, pool: pg.Pool): Promise<ChatFigures> {
  const acked = load.sent.filter((s) => s.id !== undefined);
  const byConversation = new Map<string, Sent[]>();
  for (const s of acked) byConversation.set(s.conversation, [...(byConversation.get(s.conversation) ?? []), s]);
  const missing = () => {
    let lost = 0;
    for (const p of people) {
      const held = new Set(p.live.log(p.conversation).messages.map((m) => m.id));
      for (const s of byConversation.get(p.conversation) ?? []) if (!held.has(s.id!)) lost += 1;
    }
    return lost;
  };
  // Frames still on their way and catch-ups still running: give them a moment, no more.
  await eventually(() => missing() === 0, 15_000, 200);
  let doubled = 0;
  for (const p of people) {
    const texts = p.live
      .log(p.conversation)
      .messages.map((m) => m.text)
      .filter((t) => t?.startsWith(`${load.tag}-`));
    doubled += texts.length - new Set(texts).size;
  }
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) - count(DISTINCT body) AS n FROM messages WHERE body LIKE $1`, [`${load.tag}-%`]);
  const { rows: stored } = await pool.query<{ id: string }>('SELECT id FROM messages WHERE id = ANY($1::uuid[])', [acked.map((s) => s.id!)]);
  return { sent: load.sent.length, acknowledged: acked.length, lost: missing(), doubled: doubled + Number(rows[0]!.n), missingInDatabase: acked.length - stored.length };
}

function printRequests(title: string, outcomes: Outcome[]): Outcome[] {
  const failed = outcomes.filter((o) => o.status === 0 || o.status >= 400);
  const statuses = new Map<number, number>();
  for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  console.log(`  ${title}: ${outcomes.length} HTTP requests, ${failed.length} failed; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  for (const f of failed.slice(0, 10)) console.log(`    failed: ${f.what} → ${f.status || 'no answer'} (sent at ${((f.at - t0) / 1000).toFixed(1)} s)`);
  return failed;
}

const closesText = (m: Map<number, number>) => [...m.entries()].map(([c, n]) => `${c}×${n}`).join(', ') || 'none';

// ---- 1. The whole loop ----

const PASSWORD = 'Guayaba-Madura-77';

async function signUp(http: Http, smtp: SmtpCatcher, role: 'client' | 'contractor', firstName: string): Promise<{ email: string; cookie: string; id: string }> {
  const email = `${firstName.toLowerCase()}.${crypto.randomBytes(3).toString('hex')}@${EMAIL_DOMAIN}`;
  await http.ok('POST', '/api/auth/sign-up', { body: { role, firstName, lastName: 'Almonte', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true } });
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'ArreglaYa - Tu código de confirmación', 30_000);
  const code = /: (\d{6})/.exec(mail.text)![1]!;
  await http.ok('POST', '/api/auth/verify-email', { body: { email, code } });
  const signIn = await http.call<{ user: { id: string } }>('POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  const session = await http.ok<{ user: { id: string } }>('GET', '/api/auth/session', { cookie: cookieOf(signIn.headers) });
  return { email, cookie: cookieOf(signIn.headers), id: session.user.id };
}

async function wholeLoop(http: Http, smtp: SmtpCatcher, instances: Instances, figures: SocketFigures): Promise<void> {
  log('1. the whole loop through the load balancer');
  const client = await signUp(http, smtp, 'client', 'Yolanda');
  const contractor = await signUp(http, smtp, 'contractor', 'Ramon');
  check(true, 'two people signed up with the mailed code and signed in');

  // Sessions are rows in PostgreSQL, cached per instance (decision 028): each instance knows them.
  const seen = await Promise.all(
    instances.list.map((s) => http.ok<{ user: { id: string } | null }>('GET', '/api/auth/session', { cookie: client.cookie, base: s.url }).then((r) => r.user?.id)),
  );
  check(
    seen.every((id) => id === client.id),
    `the session made through the balancer is valid on each of the ${INSTANCES} instances`,
  );

  const first10 = '0011234567';
  await http.ok('PUT', '/api/me/profile/contractor', {
    cookie: contractor.cookie,
    body: {
      firstName: 'Ramón',
      lastName: 'Almonte',
      phone: '(829) 555 0199',
      country: 'DO',
      companyName: 'Almonte Plomería SRL',
      cedula: `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`,
      serviceTypes: ['plomeria'],
      description: 'Plomero con 15 años de experiencia.',
      address: 'Calle del Sol 12',
      city: 'santo-domingo',
      zone: 'DN',
      facebook: '',
      instagram: '',
      linkedin: '',
    },
  });
  const { project } = await http.ok<{ project: { id: string } }>('POST', '/api/projects', { cookie: client.cookie, body: projectForm() });
  const { quote } = await http.ok<{ quote: { id: string } }>('POST', `/api/projects/${project.id}/quotes`, {
    cookie: contractor.cookie,
    body: { ...offerTerms(), priceMinor: 1_250_000, description: 'Cambio completo con materiales incluidos.' },
  });
  await http.ok('POST', `/api/quotes/${quote.id}/accept`, { cookie: client.cookie, body: {} });
  const card = await http.ok<{ id: string }>('POST', '/sandbox-processor/v1/tokens', {
    body: { number: '4242 4242 4242 4242', cvc: '846', expMonth: 12, expYear: new Date().getUTCFullYear() + 1 },
  });
  const paid = await http.ok<{ status: string }>('POST', `/api/projects/${project.id}/fund`, {
    cookie: client.cookie,
    headers: { 'idempotency-key': `loop-${crypto.randomUUID()}` },
    body: { token: card.id },
  });
  check(paid.status === 'succeeded', `project, offer, hire and payment through the balancer (payment ${paid.status})`);

  // Chat: the client's socket on instance 1, the contractor's on instance 2; messages over REST through the balancer.
  const { conversations } = await http.ok<{ conversations: { id: string; other: { id: string } }[] }>('GET', '/api/conversations', { cookie: client.cookie });
  const conversation = conversations.find((c) => c.other.id === contractor.id)!.id;
  const tokenOf = (cookie: string) => decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
  const lives = [
    chatClient(http, `${instances.list[0]!.url.replace('http', 'ws')}/ws`, client.id, tokenOf(client.cookie), figures),
    chatClient(http, `${instances.list[1]!.url.replace('http', 'ws')}/ws`, contractor.id, tokenOf(contractor.cookie), figures),
  ];
  try {
    for (const l of lives) l.start();
    check(await eventually(() => lives.every((l) => l.socket.connected), 10_000), 'both chat sockets open, on different instances');
    await Promise.all(lives.map((l) => l.open(conversation)));
    await lives[0]!.sendText(conversation, '¿Puede venir el martes a las nueve?');
    await lives[1]!.sendText(conversation, 'Sí, allí estaré.');
    const texts = (l: ChatLive) => l.log(conversation).messages.map((m) => m.text);
    check(
      await eventually(() => lives.every((l) => texts(l).includes('¿Puede venir el martes a las nueve?') && texts(l).includes('Sí, allí estaré.')), 10_000),
      'chat between the two instances: each message reached the other person live',
    );
  } finally {
    for (const l of lives) l.stop();
  }

  await http.ok('POST', `/api/projects/${project.id}/status`, { cookie: contractor.cookie, body: { status: 'in_progress' } });
  await http.ok('POST', `/api/projects/${project.id}/status`, { cookie: contractor.cookie, body: { status: 'delivered', note: 'Quedó listo.' } });
  const approved = await http.ok<{ status: string }>('POST', `/api/projects/${project.id}/status`, { cookie: client.cookie, body: { status: 'completado' } });
  const review = { rating: 5, title: 'Excelente trabajo', comments: 'Llegó a tiempo y dejó todo limpio.' };
  await http.ok('POST', `/api/projects/${project.id}/review`, { cookie: client.cookie, body: review });
  await http.ok('POST', `/api/projects/${project.id}/review`, { cookie: contractor.cookie, body: { ...review, title: 'Buena clienta', comments: 'Pagó a tiempo.' } });
  check(approved.status === 'completado', 'delivery, approval and both reviews');
}

// ---- 2. Rolling restart ----

async function rollingRestart(http: Http, balancer: Balancer, instances: Instances, people: Person[], figures: SocketFigures, pool: pg.Pool): Promise<void> {
  log(`2. rolling restart under load: ${HTTP_RATE} requests and ${CHAT_RATE} chat messages a second, ${people.length} sockets`);
  const load = new Load(http, people, 'rr');
  const closesBefore = new Map(figures.closes);
  const reconnectsBefore = people.reduce((n, p) => n + p.reconnects, 0);
  const refusedBefore = figures.refused;
  balancer.transitions();
  http.outcomes = [];
  http.counting = true;
  const started = performance.now();
  load.start();
  await sleep(3000);
  const exits: (number | null)[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const name = `app${i + 1}`;
    const t = performance.now();
    exits.push(await instances.list[i]!.stop());
    const stopped = performance.now();
    await instances.start(i);
    await balancer.waitFor(name, 'UP');
    log(`   ${name}: SIGTERM → exit ${exits[i]} in ${((stopped - t) / 1000).toFixed(1)} s; restarted and UP again ${((performance.now() - stopped) / 1000).toFixed(1)} s later`);
    await sleep(1000);
  }
  await sleep(2000);
  await load.stop();
  http.counting = false;
  const seconds = (performance.now() - started) / 1000;
  const reconnected = await eventually(() => people.every((p) => p.live.socket.connected), 15_000);
  const chat = await chatFigures(people, load, pool);
  const closes = new Map([...figures.closes].map(([c, n]) => [c, n - (closesBefore.get(c) ?? 0)] as const).filter(([, n]) => n > 0));
  const reconnects = people.reduce((n, p) => n + p.reconnects, 0) - reconnectsBefore;

  console.log(`  figures (rolling restart, ${seconds.toFixed(1)} s):`);
  const failed = printRequests('requests', http.outcomes);
  console.log(`  HAProxy saw: ${balancer.transitions().join('; ')}`);
  console.log(`  sockets: ${people.length}; closed by the server: ${closesText(closes)}; reconnects: ${reconnects}; reconnections refused: ${figures.refused - refusedBefore}`);
  console.log(
    `  chat messages: ${chat.sent} sent, ${chat.acknowledged} acknowledged, lost ${chat.lost}, doubled ${chat.doubled}, acknowledged but not stored ${chat.missingInDatabase}`,
  );
  check(
    exits.every((c) => c === 0),
    `each instance exited 0 on SIGTERM (${exits.join(', ')})`,
  );
  check(failed.length === 0, 'no HTTP request failed during the rolling restart');
  check([...closes.keys()].every((c) => c === 1012) && (closes.get(1012) ?? 0) >= people.length, `every socket a restart closed got 1012 (${closesText(closes)})`);
  check(reconnected && reconnects >= people.length, `every socket reconnected (${reconnects} reconnects; all ${people.length} open)`);
  check(chat.acknowledged === chat.sent && chat.lost === 0 && chat.doubled === 0 && chat.missingInDatabase === 0, 'no chat message lost or doubled');
}

// ---- 3. kill -9 ----

async function killNine(http: Http, balancer: Balancer, instances: Instances, people: Person[], figures: SocketFigures, pool: pg.Pool, db: Postgres): Promise<void> {
  const victim = 1;
  const name = `app${victim + 1}`;
  log(`3. kill -9 of ${name} under the same load and ${PAY_RATE} payments a second`);
  const hired = await prepareHiredProjects(pool, 'cluster', PAY_PROJECTS);
  const load = new Load(http, people, 'k9');
  const closesBefore = new Map(figures.closes);
  balancer.transitions();
  http.outcomes = [];
  http.counting = true;
  load.start(hired);
  await sleep(4000);
  // In flight to it: whatever was sent before it was gone (the process reaped, its sockets closed).
  const killing = performance.now();
  await instances.list[victim]!.crash();
  const killedAt = performance.now();
  log(`   ${name} killed: gone ${Math.round(killedAt - killing)} ms after the signal`);
  await balancer.waitFor(name, 'DOWN');
  await sleep(3000);
  await instances.start(victim);
  await balancer.waitFor(name, 'UP');
  await sleep(3000);
  await load.stop();
  http.counting = false;
  const reconnected = await eventually(() => people.every((p) => p.live.socket.connected), 15_000);
  const chat = await chatFigures(people, load, pool);
  const closes = new Map([...figures.closes].map(([c, n]) => [c, n - (closesBefore.get(c) ?? 0)] as const).filter(([, n]) => n > 0));
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM payments WHERE id = ANY($1::uuid[])', [load.payments.map((p) => p.id)]);
  const ledger = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ledger-check.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', NODE_ENV: 'production', PROCESSOR: 'sandbox', MAIL_TRANSPORT: 'outbox' },
  });

  console.log('  figures (kill -9):');
  const failed = printRequests('requests', http.outcomes);
  const afterKill = failed.filter((f) => f.at >= killedAt);
  console.log(`  failed requests sent after the kill: ${afterKill.length}`);
  console.log(`  HAProxy saw: ${balancer.transitions().join('; ')}`);
  console.log(`  sockets: closed ${closesText(closes)}; all open again: ${reconnected}`);
  console.log(
    `  chat messages: ${chat.sent} sent, ${chat.acknowledged} acknowledged, lost ${chat.lost}, doubled ${chat.doubled}, acknowledged but not stored ${chat.missingInDatabase}`,
  );
  console.log(`  payments: ${load.payments.length} acknowledged, ${rows.length} of them stored; ledger:check exit ${ledger.status}`);
  check(afterKill.length === 0, 'only requests in flight at the kill failed');
  check(reconnected, 'the killed instance’s sockets reconnected elsewhere');
  check(chat.lost === 0 && chat.missingInDatabase === 0 && chat.doubled === 0, 'every acknowledged chat message stored and received, none doubled');
  check(rows.length === load.payments.length && load.payments.length > 0, 'every acknowledged payment stored');
  check(ledger.status === 0, `ledger:check passes${ledger.status === 0 ? '' : `:\n${ledger.stdout}${ledger.stderr}`}`);
}

// ---- Main ----

async function main(): Promise<void> {
  requireTools();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-cluster-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const db = await startPostgres(dir);
  const smtp = await startSmtpCatcher();
  cleanups.push(() => smtp.close());
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  const lbPort = await freePort();
  // What every instance shares (the README's production settings); the balancer's address is APP_URL.
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${lbPort}`,
    TRUST_PROXY: '1',
    PROCESSOR: 'sandbox',
    SMTP_URL: smtp.url,
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    // The production default, said here because the test support's servers drain 0 ms otherwise.
    SHUTDOWN_DRAIN_MS: '5000',
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    // Every test socket comes from one address (the balancer's forwarded 127.0.0.1).
    CHAT_SOCKETS_PER_ADDRESS: String(SOCKETS * 2),
    CHAT_UPGRADES_PER_ADDRESS: String(SOCKETS * 20),
  };
  const instances = await startInstances(env);
  log(`${INSTANCES} compiled instances healthy (migrations applied on PostgreSQL 15)`);
  const balancer = await startHaproxy(dir, lbPort, instances.ports);
  const http = new Http(balancer.url);
  const figures: SocketFigures = { opened: 0, closes: new Map(), refused: 0 };

  await wholeLoop(http, smtp, instances, figures);

  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  cleanups.push(() => pool.end());
  const people = startPeople(http, `${balancer.url.replace('http', 'ws')}/ws`, await preparePeople(pool, SOCKETS, EMAIL_DOMAIN), figures);
  cleanups.push(() => people.forEach((p) => p.live.stop()));
  check(await eventually(() => people.every((p) => p.live.socket.connected), 60_000), `${SOCKETS} chat sockets open through the balancer`);
  await Promise.all(people.map((p) => p.live.open(p.conversation)));

  await rollingRestart(http, balancer, instances, people, figures, pool);
  await killNine(http, balancer, instances, people, figures, pool, db);
}

let code = 0;
try {
  await main();
} catch (err) {
  console.error(err);
  failures.push(`stopped: ${(err as Error).message.split('\n')[0]}`);
}
if (failures.length > 0) {
  code = 1;
  console.log(`\ntest:cluster FAILED (${elapsed()}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
} else console.log(`\ntest:cluster passed in ${elapsed()}`);
await cleanUp();
process.exit(code);
