import crypto from 'node:crypto';
import net from 'node:net';
import { and, eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { conversations, emailOutbox, messages, newsletterSubscriptions, quotes } from '../src/db/schema/index.ts';
import { sendAwayMail } from '../src/modules/chat/chat-away-mail.ts';
import { createUser } from './support/factories.ts';
import { CARDS, fund, hired, post, setStatus, tokenize } from './support/payment-factories.ts';
import { person, postProject, postQuote, uploadPhoto, type Person } from './support/project-factories.ts';
import { captureLog, createTestApp, type LogCapture, type TestApp } from './support/test-app.ts';

/** Issue 30, the Low items: each closed for its whole family, each test written to fail before its fix. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: Person | null, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(who?.headers ?? {}), ...headers } });

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: { enum?: string[]; format?: string; type?: string };
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  security?: Record<string, string[]>[];
}

/** Routes whose answers are the same for everyone and meant to be kept by caches. */
const PUBLIC_CACHEABLE = new Set(['/api/photos/{id}/{size}', '/api/services/counts']);

describe('answers that depend on the session are never stored', () => {
  it('every GET route of the OpenAPI document, called signed in, answers Cache-Control with no-store unless it is public and cacheable', async () => {
    const people = { client: await person(t, 'client'), contractor: await person(t, 'contractor'), sysadmin: await person(t, 'sysadmin', 'Admin') };
    const doc = (await get(null, '/api/openapi.json')).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const op = operations.get;
      if (!op) continue;
      const roles = op.security?.[0]?.sessionCookie ?? [];
      const who = people[(roles[0] ?? 'client') as keyof typeof people];
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        const schema = op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
        return schema?.enum?.[0] ?? (schema?.format === 'uuid' ? crypto.randomUUID() : 'x');
      });
      const res = await get(who, url);
      const cacheControl = String(res.headers['cache-control'] ?? '');
      checked.push(path);
      if (PUBLIC_CACHEABLE.has(path) && /^public\b/.test(cacheControl)) continue;
      expect(cacheControl, `${path} → ${res.statusCode}`).toContain('no-store');
    }
    // The ones the probe found, among the rest.
    expect(checked).toEqual(expect.arrayContaining(['/api/auth/session', '/api/me/profile/client', '/api/me/notifications', '/api/admin/people/{id}', '/api/admin/overview']));
  });

  it('errors and anonymous answers too', async () => {
    for (const url of ['/api/no-existe', '/api/health', '/api/me/notifications']) {
      expect(String((await get(null, url)).headers['cache-control']), url).toContain('no-store');
    }
  });
});

describe('photos of hired and closed projects', () => {
  const jpeg = () =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();

  it('are served only to the client, the hired contractor and a sysadmin on a claim; photos of open projects stay public', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const other = await person(t, 'contractor', 'Pedro');
    const admin = await person(t, 'sysadmin', 'Admin');
    const projectId = await postProject(t, client);
    const added = await uploadPhoto(t, client, `/api/projects/${projectId}/photos`, await jpeg());
    expect(added.statusCode).toBe(201);
    const photoId = added.json<{ photos: { id: string }[] }>().photos[0]!.id;
    const url = `/api/photos/${photoId}/lg`;

    // Open: anyone, cached publicly (revalidated, so it stops once the project is hired).
    const open = await get(null, url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toMatch(/^public\b/);
    expect(open.headers['cache-control']).not.toContain('immutable');

    const quoteId = await postQuote(t, contractor, projectId);
    await postQuote(t, other, projectId);
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect((await setStatus(t, contractor, projectId, 'in_progress')).statusCode).toBe(200);
    const delivered = await uploadPhoto(t, contractor, `/api/projects/${projectId}/delivery-photos`, await jpeg());
    expect(delivered.statusCode).toBe(201);
    const deliveryUrl = `/api/photos/${delivered.json<{ photos: { id: string }[] }>().photos[0]!.id}/lg`;

    for (const u of [url, deliveryUrl]) {
      for (const [who, name] of [
        [null, 'no session'],
        [other, 'a contractor who only quoted'],
        [admin, 'a sysadmin without a claim'],
      ] as const) {
        const res = await get(who, u);
        expect(res.statusCode, `${u} ${name}`).toBe(404);
        expect(res.headers['content-type'], name).toMatch(/json/);
      }
      for (const who of [client, contractor]) {
        const res = await get(who, u);
        expect(res.statusCode, u).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toMatch(/^private\b/);
      }
    }

    // A claim opens them to the sysadmins deciding it.
    expect((await setStatus(t, contractor, projectId, 'delivered')).statusCode).toBe(200);
    expect((await setStatus(t, client, projectId, 'disputed', 'Sigue goteando.')).statusCode).toBe(200);
    for (const u of [url, deliveryUrl]) {
      const res = await get(admin, u);
      expect(res.statusCode, u).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private\b/);
      expect((await get(null, u)).statusCode).toBe(404);
    }
  });
});

describe('the newsletter unsubscribe link', () => {
  async function subscriber(email: string) {
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } })).statusCode).toBe(201);
    return (await t.db.query.newsletterSubscriptions.findFirst({ where: eq(newsletterSubscriptions.email, email) }))!;
  }

  it('opened (by a person or a mail scanner) changes nothing: it shows a button, and only the POST unsubscribes', async () => {
    const sub = await subscriber('lector.boletin@correo.do');
    const link = `/api/newsletter/unsubscribe?token=${sub.unsubscribeToken}`;
    const page = await get(null, link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Darme de baja');
    expect((await t.db.query.newsletterSubscriptions.findFirst({ where: eq(newsletterSubscriptions.id, sub.id) }))!.status).toBe('active');

    // The page's button: a plain form from our own page, with whatever cookie the browser holds.
    const signedIn = await person(t, 'client');
    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { origin: 'http://localhost', accept: 'text/html', cookie: signedIn.headers.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Te diste de baja del boletín');
    expect((await t.db.query.newsletterSubscriptions.findFirst({ where: eq(newsletterSubscriptions.id, sub.id) }))!.status).toBe('unsubscribed');
  });

  it('one-click (RFC 8058) from a mail client still unsubscribes, and another site cannot post it', async () => {
    const sub = await subscriber('un.clic@correo.do');
    const link = `/api/newsletter/unsubscribe?token=${sub.unsubscribeToken}`;
    const foreign = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(foreign.statusCode).toBe(403);
    const oneClick = await t.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(204);
    expect((await t.db.query.newsletterSubscriptions.findFirst({ where: eq(newsletterSubscriptions.id, sub.id) }))!.status).toBe('unsubscribed');
    expect((await get(null, '/api/newsletter/unsubscribe?token=no-existe-este-token')).statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe?token=no-existe-este-token', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Enlace no válido');
  });
});

describe("the client's name in a contractor's conversations", () => {
  const names = async (who: Person, q = '') =>
    (await get(who, `/api/conversations${q ? `?q=${encodeURIComponent(q)}` : ''}`))
      .json<{ conversations: { other: { id: string; name: string } }[] }>()
      .conversations.map((c) => c.other.name);

  it('is the first name and initial until the money to begin is held, as on the project page', async () => {
    const h = await hired(t);
    const outsider = await person(t, 'contractor', 'Pedro');
    await postQuote(t, outsider, h.projectId).catch(() => undefined);
    expect(await names(h.contractor)).toEqual(['Yolanda A.']);
    // Nor can the last name be found by searching.
    expect(await names(h.contractor, 'Almonte')).toEqual([]);
    expect(await names(h.client)).toEqual(['Ramón Almonte']);

    expect((await fund(t, h.client, h.projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect(await names(h.contractor)).toEqual(['Yolanda Almonte']);
  });

  it('a contractor who only quoted never gets it', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    await postQuote(t, contractor, projectId);
    expect(await names(contractor)).toEqual(['Yolanda A.']);
  });
});

describe("the client's name in a contractor's chat mail", () => {
  it('is the first name and initial too (the mail for messages missed while away)', async () => {
    const client = await createUser(t.db, { role: 'client', firstName: 'Yolanda' });
    const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
    const [row] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id }).returning({ id: conversations.id });
    await t.db.insert(messages).values({ conversationId: row!.id, senderId: client.id, body: '¿Puede venir mañana?', createdAt: new Date(Date.now() - 9 * 60_000) });
    expect(await sendAwayMail({ db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl, log: { warn: () => undefined } })).toBe(1);
    const [mail] = await t.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, contractor.email), ne(emailOutbox.template, 'project-alert')));
    expect(mail!.subject).toBe('ArreglaYa - Nuevos mensajes de Yolanda A.');
    expect(mail!.text).not.toContain('Almonte');
  });
});

describe('replacing an offer', () => {
  it('50 times in a second tells the client once (the offer itself is replaced every time)', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    await postQuote(t, contractor, projectId);
    for (let i = 0; i < 50; i++) await postQuote(t, contractor, projectId, { priceMinor: 1_000_000 + i });

    const offers = await t.db.select({ status: quotes.status, priceMinor: quotes.priceMinor }).from(quotes).where(eq(quotes.projectId, projectId));
    expect(offers).toHaveLength(51);
    expect(offers.filter((q) => q.status === 'created')).toEqual([{ status: 'created', priceMinor: 1_000_049 }]);
    const notices = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.recipientId, client.id), eq(messages.type, 'notification')));
    // The first offer and the first replacement; the 49 after it within the minute are silent.
    expect(notices).toHaveLength(2);
    // The offers' mails (the client's "Coincidencias" of the project is another, decision 036).
    const mails = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, client.email), ne(emailOutbox.template, 'project-matches')));
    expect(mails).toHaveLength(2);
  });
});

describe('requests the HTTP parser refuses', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
    });
  }

  it('answer in our Spanish JSON error with the security headers: 431 for a 100 kB query, 400 for a bad request line', async () => {
    const cases = [
      { request: `GET /api/health?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, status: 431 },
      { request: 'ESTO NO ES HTTP\r\n\r\n', status: 400 },
    ];
    for (const { request, status } of cases) {
      const res = await raw(request);
      expect(res.status, request.slice(0, 20)).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.body) as { error: { code: string; message: string } };
      expect(body.error.message).toMatch(/^La solicitud/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['cache-control']).toContain('no-store');
    }
  });
});

describe('the sysadmin audit line', () => {
  it('is written for a refused attempt whose :id holds a NUL, with the value escaped', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/people/a%00b/ban', headers: admin.headers, payload: { reason: 'Prueba' } });
    expect(res.statusCode).toBe(400);
    const { rows } = await t.pool.query<{ details: { target: string; result: string; status: number } }>(
      `SELECT details FROM log_trail WHERE user_id = $1 AND action = 'admin' ORDER BY created_at DESC LIMIT 1`,
      [admin.id],
    );
    expect(rows[0]?.details).toMatchObject({ target: 'a\\u0000b', result: 'refused', status: 400 });
  });
});

describe('the development outbox', () => {
  it('answers loopback clients only', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.4.5.6', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['192.168.1.20', '203.0.113.7', '::ffff:10.0.0.3', 'fe80::1']) {
      for (const url of ['/dev/outbox', '/dev/outbox.json']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} ${remoteAddress}`).toBe(404);
        expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
      }
    }
  });
});

describe('what the log keeps', () => {
  let logged: TestApp;
  let log: LogCapture;
  beforeAll(async () => {
    log = captureLog();
    logged = await createTestApp({ LOG_LEVEL: 'info', GOOGLE_CLIENT_ID: 'arreglaya-test.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secreto-de-prueba' }, { log });
  });
  afterAll(() => logged.close());

  it('a mail kept in the outbox is logged by its template and recipient, never its subject or address', async () => {
    const user = await person(logged, 'client', 'Fernanda');
    const res = await logged.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: 'Fernanda', email: user.email, messageType: 'sugerencia', message: 'Hola' } });
    expect(res.statusCode).toBe(201);
    let kept: string[] = [];
    for (let i = 0; i < 100 && kept.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      kept = log.lines.filter((l) => l.includes('mail kept in the outbox'));
    }
    expect(kept.length).toBeGreaterThanOrEqual(2);
    const mails = await logged.db.select({ to: emailOutbox.toAddress, subject: emailOutbox.subject }).from(emailOutbox);
    for (const line of log.lines) {
      for (const m of mails) {
        expect(line).not.toContain(m.to);
        expect(line).not.toContain(m.subject);
      }
    }
    const lines = kept.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.template)).toEqual(expect.arrayContaining(['contact-ack']));
    expect(lines.some((l) => l.recipientId === user.id)).toBe(true);
  });

  it('a bad OAuth state is a warning without the value sent, and the callback is rate limited', async () => {
    const state = `forjado-${crypto.randomBytes(6).toString('hex')}`;
    const before = log.lines.length;
    const res = await logged.app.inject({ method: 'GET', url: `/api/auth/callback/google?code=x&state=${state}`, remoteAddress: '198.51.100.4' });
    expect(res.statusCode).toBe(302);
    const lines = log.lines.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.level === 40)).toBe(true);
    expect(log.lines.slice(before).join('\n')).not.toContain(state);

    let last = res;
    for (let i = 0; i < 40 && last.statusCode !== 429; i++) {
      last = await logged.app.inject({ method: 'GET', url: `/api/auth/callback/google?code=x&state=${state}${i}`, remoteAddress: '198.51.100.4' });
    }
    expect(last.statusCode).toBe(429);
    // Another address is not affected.
    expect((await logged.app.inject({ method: 'GET', url: `/api/auth/callback/google?code=x&state=${state}`, remoteAddress: '198.51.100.5' })).statusCode).toBe(302);
  });
});

describe('the sandbox processor', () => {
  it("refuses a challenge answer posted from another site's page", async () => {
    const { client, projectId } = await hired(t);
    const started = await fund(t, client, projectId, { token: await tokenize(t, CARDS.challenge) });
    expect(started.statusCode).toBe(202);
    const { actionUrl } = started.json<{ actionUrl: string }>();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const foreign = await t.app.inject({ method: 'POST', url: `${actionUrl}/confirm`, headers: { ...form, origin: 'http://evil.example' }, payload: '' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CSRF');
    const { rows } = await t.db.execute<{ status: string }>(sql`SELECT status FROM sandbox_processor.charges WHERE id = ${actionUrl.split('/').at(-1)!}`);
    expect(rows[0]?.status).toBe('requires_action');
    const own = await t.app.inject({ method: 'POST', url: `${actionUrl}/confirm`, headers: { ...form, origin: 'http://localhost' }, payload: '' });
    expect(own.statusCode).toBe(303);
  });

  it('is mounted in production only when PROCESSOR=sandbox is set on purpose', () => {
    const production = { NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' };
    expect(() => loadConfig(production)).toThrow(/PROCESSOR/);
    expect(loadConfig({ ...production, PROCESSOR: 'sandbox' }).PROCESSOR).toBe('sandbox');
    expect(loadConfig({}).PROCESSOR).toBe('sandbox');
  });
});
