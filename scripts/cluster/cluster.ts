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
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import pg from 'pg';
import { ChatLive } from '../../apps/web/src/features/chat/lib/chat-live.ts';
import { prepareHiredProjects } from '../../apps/server/test/support/money-fixtures.ts';
import { offerTerms, projectForm } from '../../apps/server/test/support/project-factories.ts';
import { freePort } from '../../apps/server/test/support/server-process.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../apps/server/test/support/smtp-catcher.ts';
import { preparePeople } from '../bench/chat-people.ts';
import {
  CHAT_RATE,
  EMAIL_DOMAIN,
  HTTP_RATE,
  INSTANCES,
  PAY_PROJECTS,
  PAY_RATE,
  ROOT,
  SOCKETS,
  check,
  cleanUp,
  cleanups,
  elapsed,
  eventually,
  failures,
  log,
  sleep,
} from './harness.ts';
import { Http, Load, type Person, type SocketFigures, chatClient, chatFigures, closesText, cookieOf, printRequests, startPeople } from './load.ts';
import { type Balancer, type Instances, type Postgres, requireTools, startHaproxy, startInstances, startPostgres } from './processes.ts';

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
