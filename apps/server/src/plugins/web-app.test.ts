import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { renderDynamicPage } from './web-app.ts';
import { createLogger } from '../lib/logger.ts';
import { loadConfig } from '../config/env.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';

const HELP_CSS = 'h1{color:#1a4d8f}';
const HELP_LOADER = 'requestAnimationFrame(function(){})';

describe('serving the web app', () => {
  let dist: string;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es"><title>ArreglaYa</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("ArreglaYa");\n'.repeat(200));
    fs.mkdirSync(path.join(dist, 'ayuda'));
    fs.writeFileSync(
      path.join(dist, 'ayuda', 'index.html'),
      `<!doctype html><title>Centro de ayuda</title><style>${HELP_CSS}</style><div id="root"><h1>Centro de ayuda</h1></div><script>${HELP_LOADER}</script>`,
    );
    fs.writeFileSync(path.join(dist, 'index.landing.html'), '<!doctype html><title>Inicio</title><div id="root"><h1>Encuentra contratistas</h1></div>');
    fs.writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/': 'index.landing.html', '/ayuda': 'ayuda/index.html', '/terminos': '../../etc/passwd' }));
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: dist });
    app = await buildApp({ config, db: database.db, logger: createLogger(config), webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/contactus', '/perfil/info', '/contractors/3f0e0d6a-1111-4222-8333-444455556666'])('answers %s with the app and status 200', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers an unknown page with the app (its not-found page) and status 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/esta/pagina/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('answers a prerendered page with its own HTML, and other pages with the shell', async () => {
    for (const url of ['/ayuda', '/ayuda/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<h1>Centro de ayuda</h1>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<h1>Encuentra contratistas</h1>');
    const shell = await app.inject({ method: 'GET', url: '/contactus' });
    expect(shell.body).toContain('<div id="root"></div>');
    // A manifest entry pointing outside dist is ignored.
    const terms = await app.inject({ method: 'GET', url: '/terminos' });
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('<div id="root"></div>');
  });

  it('allows a prerendered page its inlined stylesheet and script loader by hash in the CSP, and no other page', async () => {
    const hashOf = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
    const inDirective = (directive: string, hash: string) => new RegExp(`${directive} 'self' [^;]*${hash.replace(/[+/]/g, '\\$&')}`);
    const help = await app.inject({ method: 'GET', url: '/ayuda' });
    const csp = String(help.headers['content-security-policy']);
    expect(csp).toMatch(inDirective('style-src', hashOf(HELP_CSS)));
    expect(csp).toMatch(inDirective('script-src', hashOf(HELP_LOADER)));
    const shell = String((await app.inject({ method: 'GET', url: '/contactus' })).headers['content-security-policy']);
    expect(shell).not.toContain(hashOf(HELP_CSS));
    expect(shell).toContain("script-src 'self';");
  });

  it('compresses scripts for browsers that accept it', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(500);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('renderDynamicPage', () => {
  it('replaces the shell description however the shell is formatted (one tag, never two)', () => {
    const shell = [
      '<!doctype html><html lang="es"><head>',
      '    <meta charset="UTF-8" />',
      '    <meta',
      '      name="description"',
      '      content="La descripción del shell."',
      '    />',
      '    <title>Shell</title>',
      '</head><body></body></html>',
    ].join('\n');
    const html = renderDynamicPage(shell, {
      status: 200,
      head: { title: 'Rosa Peña · ArreglaYa', description: 'Plomera en Santiago.', url: 'https://arreglaya.do/contractors/1' },
    });
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('content="Plomera en Santiago."');
    expect(html).not.toContain('La descripción del shell.');
  });
});
