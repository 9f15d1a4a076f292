import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROUTE_PATTERNS } from '@arreglaya/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBrowser, cookieFrom, createUser } from './support/factories.ts';
import { freePort } from './support/server-process.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-db.ts';

/** Issue 18, finding 7: the smaller holes, each closed for its whole family. */
const contact = { firstName: 'Ana', email: 'ana.origen@correo.do', messageType: 'sugerencia', message: 'Hola' };

describe('the cross-site check compares scheme, host and port', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '1', APP_URL: 'https://arreglaya.example' });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  const write = (app: TestApp, headers: Record<string, string>) => app.app.inject({ method: 'POST', url: '/api/contact', payload: contact, headers });

  it('refuses an https:// page writing to the http:// site, and a page on another port', async () => {
    // inject talks to http://localhost:80.
    for (const origin of ['https://localhost:80', 'https://localhost', 'http://localhost:8080', 'http://evil.example', 'null', 'no es una url']) {
      const res = await write(t, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe('CSRF');
    }
    expect((await write(t, { origin: 'http://localhost:80' })).statusCode).toBe(201);
    expect((await write(t, { origin: 'http://localhost' })).statusCode).toBe(201);
  });

  it('refuses an http:// page writing to the https:// site behind the proxy', async () => {
    const viaProxy = { host: 'arreglaya.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const plain = await write(proxied, { ...viaProxy, origin: 'http://arreglaya.example' });
    expect(plain.statusCode).toBe(403);
    expect(plain.json().error.code).toBe('CSRF');
    expect((await write(proxied, { ...viaProxy, origin: 'https://arreglaya.example' })).statusCode).toBe(201);
  });
});

describe('the session token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('never reaches a browser page in a header (only the httpOnly cookie), only a non-browser client', async () => {
    const user = await createUser(t.db);
    const fromPage = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-requested-with': 'arreglaya' },
    });
    expect(fromPage.statusCode).toBe(200);
    expect(String(fromPage.headers['set-cookie'])).toMatch(/arreglaya\.session_token=/);
    expect(fromPage.headers['set-auth-token']).toBeUndefined();
    const cookie = cookieFrom(fromPage.headers['set-cookie']);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: asBrowser(cookie) });
    expect(session.json().user.id).toBe(user.id);
    expect(session.headers['set-auth-token']).toBeUndefined();

    const fromScript = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
    expect(fromScript.headers['set-auth-token']).toBeTruthy();
  });
});

describe('answers before routing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a URL that does not decode in our JSON error shape, with the security headers', async () => {
    for (const url of ['/%', '/api/%', '/api/contractors/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toEqual({ error: { code: 'ROUTE_NOT_FOUND', message: 'La dirección solicitada no existe.' } });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
    }
  });

  it('sends a Permissions-Policy with every answer', async () => {
    for (const url of ['/api/health', '/api/no-existe', '/']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['permissions-policy'], url).toBe(
        'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), payment=(), usb=()',
      );
    }
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      MAIL_TRANSPORT: 'outbox',
      PROCESSOR: 'sandbox',
      GOOGLE_CLIENT_ID: 'arreglaya-test.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'secreto-de-prueba',
    });
  });
  afterAll(() => t.close());

  it('deleting the account removes the __Secure- session cookie the browser really holds', async () => {
    const user = await createUser(t.db);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000' },
    });
    const setCookies = [signedIn.headers['set-cookie']].flat().map(String);
    const held = setCookies.map((c) => c.split('=')[0]!).filter((name) => name.includes('session_token'));
    expect(held).toEqual(['__Secure-arreglaya.session_token']);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: asBrowser(cookieFrom(signedIn.headers['set-cookie'])), payload: { password: user.password } });
    expect(res.statusCode).toBe(200);
    const cleared = [res.headers['set-cookie']].flat().map(String);
    const removal = cleared.find((c) => c.startsWith('__Secure-arreglaya.session_token='));
    expect(removal, cleared.join(' | ')).toBeDefined();
    expect(removal).toMatch(/Max-Age=0/);
    expect(removal).toMatch(/; Secure/);
  });

  it('sends a failed social sign-in back to a page of the web app, not to a 404', async () => {
    for (const url of ['/api/auth/callback/google?code=x&state=forjado', '/api/auth/callback/google?error=access_denied', '/api/auth/callback/google']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      const location = new URL(String(res.headers.location), t.config.appUrl);
      expect(APP_ROUTE_PATTERNS as readonly string[], `${url} → ${location.pathname}`).toContain(location.pathname);
      expect(location.searchParams.get('error'), url).toBeTruthy();
    }
  });
});

describe('npm start for a newcomer', () => {
  it('runs in development, as the README says: the outbox page is there', async () => {
    const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-npm-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database.url, DEMO_DATA: '0', LOG_LEVEL: 'warn' };
    delete env.NODE_ENV; // vitest sets it; a newcomer's shell does not
    delete env.SMTP_URL;
    // The server's own start script (the root `npm start` builds the web app first, then runs it).
    const proc = spawn('npm', ['run', 'start', '-w', '@arreglaya/server'], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
    try {
      let outbox: Response | undefined;
      for (let i = 0; i < 300 && proc.exitCode === null; i++) {
        outbox = await fetch(`http://127.0.0.1:${port}/dev/outbox`).catch(() => undefined);
        if (outbox) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(outbox?.status, out).toBe(200);
    } finally {
      try {
        process.kill(-proc.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await new Promise((r) => (proc.exitCode === null ? proc.on('exit', r) : r(null)));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
