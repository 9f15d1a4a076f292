import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@arreglaya/shared/routes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built web app on the API's port. Hashed assets are cached for a year; HTML
 * is revalidated. Any other GET gets index.html (history fallback) with status 200 for
 * a path the app knows and 404 for one it doesn't (the app then shows its not-found page).
 * Unknown /api paths are JSON 404s. Pages prerendered at build time (listed in
 * dist/prerendered.json: path → file) are answered with their own HTML instead of the shell.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
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

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    if (!wantsPage || !hasWeb) throw new AppError('ROUTE_NOT_FOUND');
    // Pages (prerendered HTML may exist per route later) fall back to the SPA shell.
    void reply
      .status(isAppPath(url) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8');
    const page = prerendered.get(withoutTrailingSlash(url));
    return reply.send(fs.createReadStream(page ?? indexFile));
  });
}

function withoutTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

/** Path → absolute file of each prerendered page; empty when the build made none. */
function readPrerendered(distDir: string): Map<string, string> {
  const manifestFile = path.join(distDir, 'prerendered.json');
  if (!fs.existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, string>;
  const pages = new Map<string, string>();
  for (const [page, file] of Object.entries(manifest)) {
    const absolute = path.resolve(distDir, file);
    const root = path.resolve(distDir);
    // Never outside dist, whatever the manifest says.
    if (absolute.startsWith(root + path.sep) && fs.existsSync(absolute)) pages.set(page, absolute);
  }
  return pages;
}
