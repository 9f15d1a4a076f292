import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@arreglaya/shared/routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { DynamicPage, DynamicPageResolver } from '../lib/route-config.ts';
import { allowInlineHashes, type InlineHashes } from './security-headers.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** The id of the data block a dynamic page's JSON is embedded in. */
export const PAGE_DATA_ID = 'page-data';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The SPA shell with the page's head tags (in place of the shell's title and description) and data. */
export function renderDynamicPage(shellHtml: string, page: DynamicPage): string {
  let html = shellHtml;
  if (page.head) {
    const { head } = page;
    const e = escapeHtml;
    const tags = [
      `<title>${e(head.title)}</title>`,
      `<meta name="description" content="${e(head.description)}" />`,
      `<link rel="canonical" href="${e(head.url)}" />`,
      `<meta property="og:type" content="${e(head.type ?? 'website')}" />`,
      `<meta property="og:site_name" content="ArreglaYa" />`,
      `<meta property="og:locale" content="es_DO" />`,
      `<meta property="og:title" content="${e(head.title)}" />`,
      `<meta property="og:description" content="${e(head.description)}" />`,
      `<meta property="og:url" content="${e(head.url)}" />`,
      ...(head.image ? [`<meta property="og:image" content="${e(head.image)}" />`, `<meta name="twitter:card" content="summary" />`] : []),
    ].join('\n    ');
    html = html
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace(/<meta\s+charset="UTF-8"\s*\/?>/i, (charset) => `${charset}\n    ${tags}`);
  }
  if (page.noindex) html = html.replace(/<meta\s+charset="UTF-8"\s*\/?>/i, (charset) => `${charset}\n    <meta name="robots" content="noindex" />`);
  if (page.data !== undefined) {
    // A data block is never executed (the CSP does not apply); '<' is escaped so the JSON can
    // never close the element.
    const block = `<script type="application/json" id="${PAGE_DATA_ID}">${page.data.replace(/</g, '\\u003c')}</script>`;
    html = html.replace('</body>', () => `  ${block}\n  </body>`);
  }
  return html;
}

/**
 * Serves the built web app on the API's port. Hashed assets are cached for a year; HTML
 * is revalidated. Any other GET gets index.html (history fallback) with status 200 for
 * a path the app knows and 404 for one it doesn't (the app then shows its not-found page).
 * Unknown /api paths are JSON 404s. Pages prerendered at build time (listed in
 * dist/prerendered.json: path → file) are answered with their own HTML instead of the shell.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST, dynamicPage?: DynamicPageResolver): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const prerendered = readPrerendered(distDir);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      // '/' is a directory to @fastify/static (403); let it reach the history fallback below.
      // Prerendered pages are directories too (dist/ayuda/index.html): same.
      allowedPath: (pathName) => pathName !== '/' && !prerendered.has(withoutTrailingSlash(pathName)),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): only the API is served`);
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    if (!wantsPage || !hasWeb) throw new AppError('ROUTE_NOT_FOUND');
    const dynamic = dynamicPage && (await dynamicPage(withoutTrailingSlash(url)));
    if (dynamic) {
      const html = renderDynamicPage(await fs.promises.readFile(indexFile, 'utf8'), dynamic);
      return reply.status(dynamic.status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    // Pages (prerendered HTML may exist per route later) fall back to the SPA shell.
    void reply
      .status(isAppPath(url) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    const page = prerendered.get(withoutTrailingSlash(url));
    if (!page) return reply.send(fs.createReadStream(indexFile));
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') void reply.header('content-security-policy', allowInlineHashes(csp, page.inlineHashes));
    return reply.send(fs.createReadStream(page.file));
  });
}

function withoutTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

interface PrerenderedPage {
  file: string;
  /** CSP sources ('sha256-…') of the page's inline blocks: the stylesheet and the script loader the build inlined. */
  inlineHashes: InlineHashes;
}

/** The CSP sources that allow exactly a page's inline <style> and <script> blocks (none with attributes). */
function inlineHashesOf(html: string): InlineHashes {
  const hashes = (tag: string) => [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, text]) => `'sha256-${crypto.hash('sha256', text!, 'base64')}'`);
  return { 'style-src': hashes('style'), 'script-src': hashes('script') };
}

/** Path → file of each prerendered page (and its inline styles); empty when the build made none. */
function readPrerendered(distDir: string): Map<string, PrerenderedPage> {
  const manifestFile = path.join(distDir, 'prerendered.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string>;
  const pages = new Map<string, PrerenderedPage>();
  for (const [page, file] of Object.entries(manifest)) {
    const absolute = path.resolve(distDir, file);
    const root = path.resolve(distDir);
    // Never outside dist, whatever the manifest says.
    if (absolute.startsWith(root + path.sep) && fs.existsSync(absolute)) {
      pages.set(page, { file: absolute, inlineHashes: inlineHashesOf(fs.readFileSync(absolute, 'utf8')) });
    }
  }
  return pages;
}
