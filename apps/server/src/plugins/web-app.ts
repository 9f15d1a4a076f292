import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { APP_URL_PLACEHOLDER, escapeHtml, headTags, withHead } from '@arreglaya/shared/html-head';
import { isAppPath, SESSION_PATH } from '@arreglaya/shared/routes';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { serviceCityPath } from '@arreglaya/shared/service-city';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { SERVER_ROOT } from '../lib/server-root.ts';
import type { PageSources } from '../lib/route-config.ts';
import { allowInlineHashes, type InlineHashes } from './security-headers.ts';

/** apps/web/dist, from the source or from the compiled server. */
export const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/**
 * A page rendered per request by the web app's renderer (apps/web/src/prerender/entry-server.tsx
 * `ServerPage`, built into dist-ssr/entry-server.js): #root's content, the query cache it rendered
 * from (a JSON data block, escaped by the renderer) and its head.
 */
export interface ServerPage {
  page: string;
  status: 200 | 404;
  html: string;
  state: string;
  head: {
    title: string;
    description: string;
    path: string;
    type?: string;
    imagePath?: string;
    /** The page's language and region (es-CO); es-DO by default. */
    locale?: string;
    /** Paths of the same page for other countries, as hreflang alternates (decision 066). */
    alternates?: readonly { hreflang: string; path: string }[];
  };
  noindex?: boolean;
  /** schema.org JSON-LD blocks, escaped for a <script> element by the renderer; URLs start with APP_URL_PLACEHOLDER. */
  jsonLd?: string[];
}

/** The web app's renderer of /busqueda and /contractors/:id; undefined for any other URL. */
export interface PageRenderer {
  renderPage(url: string, sources: PageSources): Promise<ServerPage | undefined>;
}

export interface WebAppOptions {
  /** The built web app (apps/web/dist); its renderer and page templates are in `${distDir}-ssr`. */
  distDir?: string | undefined;
  /** The site's public address (APP_URL): canonical and og:url links, sitemap.xml, robots.txt. */
  appUrl: string;
  /** Where server-rendered pages read their data; without it every page is the shell or prerendered. */
  pageSources?: PageSources | undefined;
  /** The renderer; by default `${distDir}-ssr/entry-server.js` when the build made it. */
  renderer?: PageRenderer | undefined;
}

/** The service worker and the web app manifest the build writes (scripts/web/prerender.ts), by their types. */
const INSTALLED_APP_TYPES: Record<string, string> = {
  'sw.js': 'text/javascript; charset=utf-8',
  'manifest.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * Security headers (plugins/security-headers.ts) that only mean something on a document or a
 * worker's script, left off the hashed files under /assets/ (scripts a page imports, stylesheets):
 * about 0.7 KB of each answer, sent with each of the 40-odd files a page loads on a connection
 * without HTTP/2's header compression, a second of a slow 3G line (decision 070). Kept there:
 * nosniff, Cross-Origin-Resource-Policy, HSTS and the Referrer-Policy (a stylesheet's own requests
 * follow it). Removed here, when a file is really sent, not by the security-headers plugin by path:
 * a missing `/assets/…` is answered with the app's not-found page, a document that needs them all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

/** Where #root goes in a page template (scripts/web/prerender.ts writes it). */
const SERVER_OUTLET = '<!--ssr-outlet-->';

/** A server-rendered page in its template: the head tags, #root and the query cache the page hydrates from. */
export function renderServerPage(template: string, page: ServerPage, appUrl: string): string {
  const { head } = page;
  const tags = headTags({
    title: head.title,
    description: head.description,
    url: `${appUrl}${head.path}`,
    ...(head.type ? { type: head.type } : {}),
    ...(head.imagePath ? { image: `${appUrl}${head.imagePath}` } : {}),
    ...(head.locale ? { locale: head.locale } : {}),
    ...(head.alternates ? { alternates: head.alternates.map((a) => ({ hreflang: a.hreflang, url: `${appUrl}${a.path}` })) } : {}),
  });
  // The address goes in as JSON string content, escaped for the script element as the renderer escaped the rest.
  const appUrlInJson = JSON.stringify(appUrl)
    .slice(1, -1)
    .replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const extra = [
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(page.jsonLd ?? []).map((block) => `<script type="application/ld+json">${block.replaceAll(APP_URL_PLACEHOLDER, appUrlInJson)}</script>`),
  ];
  let html = withHead(template, [tags, ...extra].join('\n    '));
  if (html.includes(SERVER_OUTLET)) html = html.replace(SERVER_OUTLET, () => page.html);
  else {
    // The plain shell (a build without page templates): its #root, boot spinner included, replaced.
    const start = html.indexOf('<div id="root"');
    const end = html.lastIndexOf('</body>');
    if (start < 0) throw new Error('the page template has no <div id="root">');
    html = `${html.slice(0, start)}<div id="root" data-prerendered="true">${page.html}</div>\n  ${end > start ? html.slice(end) : ''}`;
  }
  const end = html.lastIndexOf('</body>');
  return end < 0 ? `${html}${page.state}` : `${html.slice(0, end)}  ${page.state}\n  ${html.slice(end)}`;
}

/**
 * Serves the built web app on the API's port. Hashed assets are cached for a year, and sent
 * compressed as the build compressed them when the browser accepts it; HTML is revalidated. Any other GET gets index.html (history fallback) with status 200 for
 * a path the app knows and 404 for one it doesn't (the app then shows its not-found page).
 * Unknown /api paths are JSON 404s. Pages prerendered at build time (listed in
 * dist/prerendered.json: path → file) are answered with their own HTML instead of the shell,
 * /busqueda and /contractors/:id are rendered per request (decision 018), and the site's
 * address the build left as a placeholder is this server's APP_URL (decision 011).
 */
export async function registerWebApp(app: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const distDir = opts.distDir ?? WEB_DIST;
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const withAppUrl = (text: string, escape: (s: string) => string) => text.replaceAll(APP_URL_PLACEHOLDER, escape(opts.appUrl));
  const prerendered = hasWeb ? readPrerendered(distDir, (html) => withAppUrl(html, escapeHtml)) : new Map<string, PrerenderedPage>();
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // The build writes each hashed script and stylesheet brotli'd at quality 11 and gzipped at 9
      // beside it (scripts/web/precompress.ts): the one the browser accepts goes out as it is, with
      // its Content-Encoding and `Vary: accept-encoding`, and @fastify/compress leaves it alone; a
      // file without them is compressed on the fly like any other answer (decision 070).
      preCompressed: true,
      // '/' is a directory to @fastify/static (403); let it reach the history fallback below.
      // Prerendered pages are directories too (dist/ayuda/index.html): same.
      allowedPath: (pathName) => pathName !== '/' && !prerendered.has(withoutTrailingSlash(pathName)),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A hashed script or stylesheet is no document: the headers that only govern one stay off it.
        if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        // The installed app's files (decision 032). The worker's script is always asked for again
        // (no-cache, like every file outside assets/), so a new build's worker is found on the next
        // navigation; the manifest has its own type.
        const type = INSTALLED_APP_TYPES[path.basename(filePath)];
        if (type) res.header('Content-Type', type);
      },
    });
    // Written by the build with the address left as a placeholder: served with this server's.
    for (const [file, type, escape] of [
      ['sitemap.xml', 'application/xml; charset=utf-8', escapeHtml],
      ['robots.txt', 'text/plain; charset=utf-8', (s: string) => s],
    ] as const) {
      const filePath = path.join(distDir, file);
      if (!fs.existsSync(filePath)) continue;
      const body = withAppUrl(fs.readFileSync(filePath, 'utf8'), escape);
      const sources = opts.pageSources;
      // The sitemap also lists the service-and-city pages with someone on them, as the directory is now (decision 044).
      const answer = file === 'sitemap.xml' && sources ? async () => withServiceCityUrls(body, opts.appUrl, await sources.serviceCities()) : () => body;
      // Public files of the site, not API operations: out of the OpenAPI document.
      app.get(`/${file}`, { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
        reply
          .header('Cache-Control', 'no-cache')
          .type(type)
          .send(await answer()),
      );
    }
  } else {
    app.log.warn(`web app not built (${indexFile} missing): only the API is served`);
  }
  const shellHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const shellFor = shellsByRoute(distDir, shellHtml);
  const server = hasWeb && opts.pageSources ? serverRendering(app, distDir, opts.renderer, shellHtml) : undefined;

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    if (!wantsPage || !hasWeb) throw new AppError('ROUTE_NOT_FOUND');
    if (server && opts.pageSources) {
      const sent = await sendServerPage(req, reply, server, opts.pageSources, opts.appUrl);
      if (sent) return reply;
    }
    void reply
      .status(isAppPath(url) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    const page = prerendered.get(withoutTrailingSlash(url));
    if (!page) return reply.send(shellFor(url));
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') void reply.header('content-security-policy', allowInlineHashes(csp, page.inlineHashes));
    return reply.send(page.html);
  });
}

interface ServerRendering {
  /** The renderer, imported on first use (the build's is a large module; most processes, tests included, never render a page). */
  renderer(): Promise<PageRenderer>;
  /** Page name → its template (and the CSP hashes of its inline blocks); the shell for a page without one. */
  templates: Map<string, { html: string; inlineHashes: InlineHashes }>;
  shell: string;
}

/** The renderer and the page templates the build made; undefined (with a warning) when it made none. */
function serverRendering(app: FastifyInstance, distDir: string, given: PageRenderer | undefined, shell: string): ServerRendering | undefined {
  const ssrDir = `${distDir}-ssr`;
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!given && !fs.existsSync(entry)) {
    app.log.warn(`server rendering off (${entry} missing): /busqueda and /contractors/:id are rendered in the browser`);
    return undefined;
  }
  let loading: Promise<PageRenderer> | undefined;
  const renderer = () => (loading ??= given ? Promise.resolve(given) : (import(pathToFileURL(entry).href) as Promise<PageRenderer>));
  const templates = new Map<string, { html: string; inlineHashes: InlineHashes }>();
  const pagesDir = path.join(ssrDir, 'pages');
  if (fs.existsSync(pagesDir)) {
    for (const file of fs.readdirSync(pagesDir).filter((f) => f.endsWith('.html'))) {
      const html = fs.readFileSync(path.join(pagesDir, file), 'utf8');
      templates.set(file.slice(0, -'.html'.length), { html, inlineHashes: inlineHashesOf(html) });
    }
  }
  return { renderer, templates, shell };
}

/**
 * Answers a page the renderer renders (false: not one of them). Never cached without asking
 * again: results change with the directory, and the ETag makes asking again cheap when they have not.
 */
async function sendServerPage(req: FastifyRequest, reply: FastifyReply, server: ServerRendering, sources: PageSources, appUrl: string): Promise<boolean> {
  let page: ServerPage | undefined;
  try {
    page = await (await server.renderer()).renderPage(req.url, sources);
  } catch (err) {
    // The page still works: the shell, and the browser renders it (and shows the error with a retry).
    req.log.error({ err }, 'server rendering failed: the shell instead');
    return false;
  }
  if (!page) return false;
  const template = server.templates.get(page.page);
  const html = renderServerPage(template?.html ?? server.shell, page, appUrl);
  // Over the page less the times in its query state (when it was rendered): equal while what it shows is.
  const etag = `W/"${crypto.hash('sha1', html.replace(/"(?:dehydratedAt|dataUpdatedAt)":\d+/g, ''), 'base64url')}"`;
  void reply.header('Cache-Control', 'no-cache').header('ETag', etag).type('text/html; charset=utf-8');
  const csp = reply.getHeader('content-security-policy');
  if (template && typeof csp === 'string') void reply.header('content-security-policy', allowInlineHashes(csp, template.inlineHashes));
  if (page.status === 200 && req.headers['if-none-match'] === etag) await reply.status(304).send();
  else await reply.status(page.status).send(html);
  return true;
}

/** sitemap.xml with a <url> per service and city that has at least one listed contractor, its lastmod the latest profile change there. */
export function withServiceCityUrls(sitemap: string, appUrl: string, statsJson: string): string {
  const { items } = JSON.parse(statsJson) as ServiceCityStats;
  const urls = items.map(
    (s) =>
      `  <url><loc>${escapeHtml(`${appUrl}${serviceCityPath(s.service, s.city)}`)}</loc><lastmod>${escapeHtml(s.lastModified)}</lastmod><changefreq>daily</changefreq></url>\n`,
  );
  const end = sitemap.lastIndexOf('</urlset>');
  return end < 0 ? sitemap : `${sitemap.slice(0, end)}${urls.join('')}${sitemap.slice(end)}`;
}

/**
 * The shell's session request, named at the top of its head (decision 070): every page rendered
 * in the browser asks GET /api/auth/session as the app mounts, and a signed-in page waits for it.
 * Named here the browser asks it with the HTML's first bytes, before the app's modules, instead of
 * behind them on HTTP/1.1's 6 connections. `crossorigin`: a CORS request with same-origin
 * credentials, as the app's `api.get` asks it (fetch, `credentials: 'same-origin'`), so the browser
 * answers the app's request with this one instead of sending it again (without it, a no-cors
 * preload, Chromium asks twice: shell.spec.ts). The answer is the visitor's own, so it is never
 * part of the HTML (the service worker keeps the shell): only its address is.
 */
export const SESSION_PRELOAD = `<link rel="preload" as="fetch" crossorigin href="${SESSION_PATH}">`;

/** The shell with the session's preload before its first script or link (or at the end of its head). */
function withSessionPreload(shell: string): string {
  const head = shell.indexOf('</head>');
  if (head < 0) return shell;
  const first = [shell.indexOf('<script'), shell.indexOf('<link')].filter((at) => at >= 0 && at < head);
  const at = first.length > 0 ? Math.min(...first) : head;
  return `${shell.slice(0, at)}${SESSION_PRELOAD}\n    ${shell.slice(at)}`;
}

/**
 * The shell for a path: the session's preload in its head, and the route's chunks (modulepreload
 * links) for the app pages the build lists in dist/shell-routes.json (scripts/web/prerender.ts),
 * so the browser fetches them with the app's start rather than once it has run (decision 070).
 */
function shellsByRoute(distDir: string, plainShell: string): (url: string) => string {
  const shell = withSessionPreload(plainShell);
  const file = path.join(distDir, 'shell-routes.json');
  if (!shell || !fs.existsSync(file)) return () => shell;
  const routes = (JSON.parse(fs.readFileSync(file, 'utf8')) as { pattern: string; preloads: string[] }[]).map(({ pattern, preloads }) => {
    const links = preloads.filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    const segments = pattern.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return { match: new RegExp(`^${segments.join('/')}/?$`), html: shell.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`) };
  });
  return (url) => routes.find((route) => route.match.test(url))?.html ?? shell;
}

function withoutTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

interface PrerenderedPage {
  html: string;
  /** CSP sources ('sha256-…') of the page's inline blocks: the stylesheet and the script loader the build inlined. */
  inlineHashes: InlineHashes;
}

/** The CSP sources that allow exactly a page's inline <style> and <script> blocks (none with attributes). */
function inlineHashesOf(html: string): InlineHashes {
  const hashes = (tag: string) => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, text]) => `'sha256-${crypto.hash('sha256', text!, 'base64')}'`);
  return { 'style-src': hashes('style'), 'script-src': hashes('script') };
}

/** Path → HTML of each prerendered page (and its inline blocks' hashes); empty when the build made none. */
function readPrerendered(distDir: string, finish: (html: string) => string): Map<string, PrerenderedPage> {
  const manifestFile = path.join(distDir, 'prerendered.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string>;
  const pages = new Map<string, PrerenderedPage>();
  for (const [page, file] of Object.entries(manifest)) {
    const absolute = path.resolve(distDir, file);
    const root = path.resolve(distDir);
    // Never outside dist, whatever the manifest says.
    if (absolute.startsWith(root + path.sep) && fs.existsSync(absolute)) {
      const html = finish(fs.readFileSync(absolute, 'utf8'));
      pages.set(page, { html, inlineHashes: inlineHashesOf(html) });
    }
  }
  return pages;
}
