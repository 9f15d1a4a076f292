/**
 * `npx tsx scripts/bench/first-load.ts [dist]`: the JavaScript each prerendered page requests to
 * answer input (its loader's entry script and module preloads, scripts/web/prerender.ts), gzipped at
 * level 9, from a build (apps/web/dist by default), with no server and no browser. The pages the
 * server renders per request (/busqueda, a contractor's page, a service-and-city page) are counted
 * from their templates (dist-ssr/pages, beside dist). What a page
 * fetches later on its own (the dialogs' code when idle, the service worker: decision 032) is not in
 * it; `npm run bench:web` counts every script a page requested while Lighthouse watched.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const prerendered = JSON.parse(fs.readFileSync(path.join(dist, 'prerendered.json'), 'utf8')) as Record<string, string>;
const templates = path.join(dist, '..', 'dist-ssr', 'pages');
const serverRendered: Record<string, string> = { '/busqueda': 'search.html', '/contractors/:id': 'contractor.html', '/servicios/:servicio/:ciudad': 'service-city.html' };
const pages = [
  ...Object.entries(prerendered).map(([page, file]) => [page, path.join(dist, file)] as const),
  ...Object.entries(serverRendered).map(([page, file]) => [page, path.join(templates, file)] as const),
];
const rows = pages.map(([page, file]) => {
  const html = fs.readFileSync(file, 'utf8');
  const scripts = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(([, href]) => href!))];
  const bytes = scripts.reduce((sum, href) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, href)), { level: 9 }).length, 0);
  return { page, scripts: scripts.length, 'first-load JS, gzip (KiB)': Math.round(bytes / 102.4) / 10, bytes };
});
console.table(rows);
