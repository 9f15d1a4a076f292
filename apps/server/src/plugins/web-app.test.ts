import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { APP_URL_PLACEHOLDER } from '@arreglaya/shared/html-head';
import { renderServerPage, type ServerPage } from './web-app.ts';
import { createLogger } from '../lib/logger.ts';
import { loadConfig } from '../config/env.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-db.ts';

const HELP_CSS = 'h1{color:#1a4d8f}';
const HELP_LOADER = 'requestAnimationFrame(function(){})';
/** A script the build compressed (scripts/web/precompress.ts): its .br and .gz beside it. */
const START_JS = 'export function start(){document.documentElement.dataset.app="ready"}\n'.repeat(100);

describe('serving the web app', () => {
  let dist: string;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="es"><head><title>ArreglaYa</title></head><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'shell-routes.json'), JSON.stringify([{ pattern: '/proyectos/:id', preloads: ['/assets/project-abc123.js', '/assets/schemas-abc123.js'] }]));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("ArreglaYa");\n'.repeat(200));
    fs.writeFileSync(path.join(dist, 'assets', 'start-def456.js'), START_JS);
    fs.writeFileSync(path.join(dist, 'assets', 'start-def456.js.br'), zlib.brotliCompressSync(START_JS, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(path.join(dist, 'assets', 'start-def456.js.gz'), zlib.gzipSync(START_JS, { level: 9 }));
    fs.mkdirSync(path.join(dist, 'ayuda'));
    fs.writeFileSync(
      path.join(dist, 'ayuda', 'index.html'),
      `<!doctype html><title>Centro de ayuda</title><style>${HELP_CSS}</style><div id="root"><h1>Centro de ayuda</h1></div><script>${HELP_LOADER}</script>`,
    );
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", function () {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'ArreglaYa', start_url: '/' }));
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>Sin conexión</title><div id="root"><h1>Sin conexión</h1></div>');
    fs.writeFileSync(path.join(dist, 'index.landing.html'), '<!doctype html><title>Inicio</title><div id="root"><h1>Encuentra contratistas</h1></div>');
    fs.writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/': 'index.landing.html', '/ayuda': 'ayuda/index.html', '/terminos': '../../etc/passwd' }));
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: dist });
    app = await buildApp({ config, db: database.db, logger: createLogger(config), webDist: dist, jobs: { schedules: false } });
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

  // Issue 55, item 5: /testpad showed the not-found page with 200 outside development.
  it.each(['/testpad', '/testpad/', '/pruebas', '/perfil/nada', '/profile/info/otra', '/proyectos', '/admin/personas/x/y', '/contractor'])(
    'answers the unknown path %s with the not-found page and 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it.each([
    '/proyectos/3f0e0d6a-1111-4222-8333-444455556666',
    '/oferta/confirmar/abc123',
    '/admin/personas/3f0e0d6a-1111-4222-8333-444455556666',
    '/admin/reclamos/p1',
    '/contractor/profile',
    '/perfil/avisos',
    '/notfound',
  ])('answers the app route %s with 200', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
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

  it('sends a script the build compressed as the build compressed it: brotli, gzip or plain, as the browser accepts (decision 070)', async () => {
    const file = (ext: string) => fs.readFileSync(path.join(dist, 'assets', `start-def456.js${ext}`));
    for (const [accepts, encoding, ext] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      [undefined, undefined, ''],
      ['identity', undefined, ''],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/assets/start-def456.js', headers: accepts ? { 'accept-encoding': accepts } : {} });
      expect(res.statusCode, accepts).toBe(200);
      expect(res.headers['content-encoding'], accepts).toBe(encoding);
      // The build's file byte for byte, not compressed again on the fly.
      expect(res.rawPayload.equals(file(ext)), accepts).toBe(true);
      expect(res.headers['content-type'], accepts).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['content-length'], accepts).toBe(String(file(ext).length));
      expect(res.headers.vary, accepts).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accepts).toBe('public, max-age=31536000, immutable');
    }
    const br = await app.inject({ method: 'GET', url: '/assets/start-def456.js', headers: { 'accept-encoding': 'br' } });
    // A script is no document: the headers only a document obeys stay off; what guards a script stays.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(START_JS);
    // A file the build never wrote is answered with the app's not-found page: a document, with them all.
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
    expect(missing.headers['x-frame-options']).toBeDefined();
    // A 304 for the copy the browser holds, whichever it holds.
    const again = await app.inject({ method: 'GET', url: '/assets/start-def456.js', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("names a browser-rendered page's route chunks in the shell's head for its path only, and the session for every shell (decision 070)", async () => {
    const head = (html: string) => html.slice(0, html.indexOf('</head>'));
    const preloads = (html: string) =>
      [...head(html).matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)">/g)].map(
        ([link, href]) => `${link.includes('as="fetch" crossorigin') ? 'fetch' : 'module'} ${href}`,
      );
    for (const url of ['/proyectos/3f0e0d6a-1111-4222-8333-444455556666', '/proyectos/3f0e0d6a-1111-4222-8333-444455556666/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      // The session first: asked before the modules on the browser's 6 connections.
      expect(preloads(res.body), url).toEqual(['fetch /api/auth/session', 'module /assets/project-abc123.js', 'module /assets/schemas-abc123.js']);
    }
    for (const url of ['/perfil/info', '/proyectos', '/proyectos/a/b']) expect(preloads((await app.inject({ method: 'GET', url })).body), url).toEqual(['fetch /api/auth/session']);
    // A prerendered public page is the same for everyone and asks for no session ahead.
    expect(preloads((await app.inject({ method: 'GET', url: '/ayuda' })).body)).toEqual([]);
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the service worker, the web app manifest and the offline page with their types, always revalidated, and lets the pages use them (decision 032)', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'ArreglaYa' });
    const offline = await app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.body).toContain('Sin conexión');
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('answers unknown API paths with JSON, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('one build, the address of the server that serves it (APP_URL)', () => {
  const U = APP_URL_PLACEHOLDER;
  let dist: string;
  let database: TestDatabase;
  beforeAll(async () => {
    // What scripts/web/prerender.ts writes: the address left as a placeholder.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-dist-url-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>ArreglaYa</title></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(dist, 'ayuda'));
    fs.writeFileSync(
      path.join(dist, 'ayuda', 'index.html'),
      `<!doctype html><html><head><link rel="canonical" href="${U}/ayuda" /><meta property="og:url" content="${U}/ayuda" /></head><body><div id="root"><h1>Ayuda</h1></div></body></html>`,
    );
    fs.writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/ayuda': 'ayuda/index.html' }));
    fs.writeFileSync(path.join(dist, 'sitemap.xml'), `<urlset><url><loc>${U}/</loc></url><url><loc>${U}/ayuda</loc></url></urlset>\n`);
    fs.writeFileSync(path.join(dist, 'robots.txt'), `User-agent: *\nSitemap: ${U}/sitemap.xml\n`);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['https://uno.example', 'https://dos.example/sitio'])('%s: canonical and og:url links, the sitemap and robots.txt', async (appUrl) => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: dist, APP_URL: appUrl });
    const app = await buildApp({ config, db: database.db, logger: createLogger(config), webDist: dist, jobs: { schedules: false } });
    try {
      const help = await app.inject({ method: 'GET', url: '/ayuda' });
      expect(help.body).toContain(`<link rel="canonical" href="${appUrl}/ayuda" />`);
      expect(help.body).toContain(`<meta property="og:url" content="${appUrl}/ayuda" />`);
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.headers['content-type']).toMatch(/xml/);
      expect(sitemap.body).toBe(`<urlset><url><loc>${appUrl}/</loc></url><url><loc>${appUrl}/ayuda</loc></url></urlset>\n`);
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['content-type']).toMatch(/text\/plain/);
      expect(robots.body).toBe(`User-agent: *\nSitemap: ${appUrl}/sitemap.xml\n`);
      for (const res of [help, sitemap, robots]) expect(res.body).not.toContain(APP_URL_PLACEHOLDER);
    } finally {
      await app.close();
    }
  });
});

describe('renderServerPage', () => {
  const page: ServerPage = {
    page: 'contractor',
    status: 200,
    html: '<h1>Rosa Peña</h1>',
    state: '<script type="application/json" id="query-state">{}</script>',
    head: { title: 'Rosa Peña · ArreglaYa', description: 'Plomera en Santiago.', path: '/contractors/1', type: 'profile', imagePath: '/api/photos/9/md' },
  };

  it('replaces the shell description however the shell is formatted (one tag, never two), and its #root', () => {
    const shell = [
      '<!doctype html><html lang="es"><head>',
      '    <meta charset="UTF-8" />',
      '    <meta',
      '      name="description"',
      '      content="La descripción del shell."',
      '    />',
      '    <title>Shell</title>',
      '</head><body><div id="root"><div class="boot-spinner"></div></div>',
      '</body></html>',
    ].join('\n');
    const html = renderServerPage(shell, page, 'https://arreglaya.do');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('content="Plomera en Santiago."');
    expect(html).not.toContain('La descripción del shell.');
    expect(html).not.toContain('boot-spinner');
    expect(html).toContain('<div id="root" data-prerendered="true"><h1>Rosa Peña</h1></div>');
    expect(html).toContain('<meta property="og:url" content="https://arreglaya.do/contractors/1" />');
    expect(html).toContain('<meta property="og:image" content="https://arreglaya.do/api/photos/9/md" />');
    expect(html.indexOf('id="query-state"')).toBeLessThan(html.indexOf('</body>'));
  });

  it('fills the outlet of a page template the build wrote, and keeps a not-found page out of search engines', () => {
    const template =
      '<!doctype html><head><meta charset="UTF-8" /><title>T</title><style>x</style></head><body><div id="root" data-prerendered="true"><!--ssr-outlet--></div>\n  <script>load()</script>\n</body>';
    const html = renderServerPage(template, { ...page, status: 404, noindex: true }, 'https://arreglaya.do');
    expect(html).toContain('<div id="root" data-prerendered="true"><h1>Rosa Peña</h1></div>');
    expect(html).toContain('<script>load()</script>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });
});
