// Post-build step of the web app: builds src/prerender/entry-server.tsx for Node into dist-ssr/
// (kept: the server imports it at run time to render /busqueda, /contractors/:id and /servicios/:service/:city per request,
// from the HTML templates written beside it in dist-ssr/pages/), renders the public pages with
// react-dom/server into dist/<route>/index.html (the landing into dist/index.landing.html, since
// dist/index.html stays the SPA shell for every other path), lists them in dist/prerendered.json
// for the server, and writes sitemap.xml and robots.txt. The site's address is left as
// APP_URL_PLACEHOLDER, which the server replaces with its APP_URL (decision 011). Then the installed
// app's files (decision 032): manifest.webmanifest, offline.html and the service worker, sw.js,
// with the list of files it keeps (the prerendered pages and what they load). Last, dist/index.html's
// #root gets the site header and a loading state in place of the bare spinner.
// Run by `npm run build -w @arreglaya/web`.
import crypto from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { APP_URL_PLACEHOLDER, escapeHtml, headTags, withHead } from '@arreglaya/shared/html-head';
import { pageMeta, type PageMeta } from '@arreglaya/shared/i18n/site-pages';
import { shell } from '@arreglaya/shared/i18n/shell';
import { installedApp } from '@arreglaya/shared/i18n/installed-app';
import { guaranteeMeta } from '@arreglaya/shared/i18n/guarantee';
import { PUBLIC_ROUTES, routeModule } from '../../apps/web/src/app/public-routes.ts';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');
const DIST = path.join(WEB, 'dist');
const SSR_OUT = path.join(WEB, 'dist-ssr');
// The site's address: the server puts its APP_URL in its place when it serves these files (decision 011).
const SITE_URL = APP_URL_PLACEHOLDER;

/**
 * Pages prerendered (public, the same for everyone) and listed in the sitemap, each with its
 * route module (the `lazy` import of src/app/router.tsx), whose chunks the page loads at once.
 */
const PAGES: { path: string; meta: PageMeta; module: string; landing?: boolean }[] = [
  { path: '/', meta: pageMeta.landing, module: 'src/app/routes/landing.tsx', landing: true },
  { path: '/comoclientes', meta: pageMeta.howClients, module: 'src/app/routes/how-clients.tsx' },
  { path: '/comocontratistas', meta: pageMeta.howContractors, module: 'src/app/routes/how-contractors.tsx' },
  { path: '/ayuda', meta: pageMeta.help, module: 'src/app/routes/help.tsx' },
  { path: '/terminos', meta: pageMeta.terms, module: 'src/app/routes/terms.tsx' },
  { path: '/garantia', meta: guaranteeMeta, module: 'src/app/routes/guarantee.tsx' },
  { path: '/privacidad', meta: pageMeta.privacy, module: 'src/app/routes/privacy.tsx' },
];

/** dist/.vite/manifest.json (vite.config.ts `build.manifest`): each chunk's file and the chunks it imports. */
type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

/** The files of a route module's chunk and of every chunk it imports, however deep, as /assets/… URLs. */
function chunkFiles(manifest: ViteManifest, module: string): string[] {
  if (!manifest[module]) throw new Error(`the build manifest has no chunk for ${module}`);
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key]!;
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return files;
}
/**
 * What the entry imports itself once it runs, in steps (main.tsx, decision 046): react-router
 * (`src/app/libraries.ts`), the app's start (`src/app/start.tsx`) and react-dom's client, which the
 * start imports, with their chunks: every prerendered page preloads them with the entry rather than a round trip after each.
 * The entry's other dynamic imports are route modules and lazy components.
 */
function entryLibraryChunks(manifest: ViteManifest): string[] {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`the build manifest should have one entry, found ${entries.length}`);
  const steps = ['src/app/libraries.ts', 'src/app/start.tsx'];
  for (const step of steps) if (!entries[0]!.dynamicImports?.includes(step)) throw new Error(`the entry does not import ${step} lazily (main.tsx does)`);
  // react-dom's client: a library's own chunk, or the framework chunk vite.config.ts groups it in (a `_name` key).
  const libraries = manifest[steps[1]!]!.dynamicImports?.filter((key) => key.includes('node_modules/') || key.startsWith('_')) ?? [];
  if (libraries.length === 0) throw new Error('the start imports no library lazily (start.tsx imports react-dom/client so)');
  return [...new Set([...steps, ...libraries].flatMap((key) => chunkFiles(manifest, key)))];
}

/** Public pages in the sitemap that are not prerendered: rendered per request (/busqueda) or in the browser (forms). */
const SITEMAP_ONLY = ['/busqueda', '/comoferreterias', '/contactus', '/booking'];

function headFor(page: (typeof PAGES)[number]): string {
  return headTags({ title: page.landing ? page.meta.title : shell.documentTitle(page.meta.title), description: page.meta.description, url: `${SITE_URL}${page.path}` });
}

/**
 * Pages the server renders per request with their data (entry-server.tsx `renderPage`): their
 * template is the prerendered pages' (stylesheet inline, the page's modules named in its head), with an empty #root the server fills (decision 018).
 */
const SERVER_PAGES: { page: string; module: string }[] = [
  { page: 'search', module: 'src/app/routes/search.tsx' },
  { page: 'contractor', module: 'src/app/routes/contractor-page.tsx' },
  { page: 'service-city', module: 'src/app/routes/service-city.tsx' },
];

/**
 * Pages rendered in the browser from the shell whose route chunks the shell names in its head when
 * the server answers their path (dist/shell-routes.json, plugins/web-app.ts): fetched with the
 * app's start instead of after it has run and matched the route (decision 070).
 */
const SHELL_ROUTES: { pattern: string; module: string }[] = [{ pattern: '/proyectos/:id', module: 'src/app/routes/project.tsx' }];

/** What the server puts the rendered page in place of. */
const SERVER_OUTLET = '<!--ssr-outlet-->';

/**
 * The stylesheet's link replaced by the stylesheet itself (8 KB gzipped): a prerendered page
 * paints with its first response, without waiting one more round trip for the CSS (on a slow
 * mobile connection, the largest part of the landing's first paint). The server allows these
 * <style> blocks in its Content-Security-Policy by their hashes (plugins/web-app.ts). Pages
 * rendered on the client keep the cached stylesheet.
 */
async function inlineStylesheets(html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)];
  if (links.length === 0) throw new Error('dist/index.html links no stylesheet to inline');
  for (const [link, href] of links) {
    const css = await readFile(path.join(DIST, href!), 'utf8');
    if (css.includes('</style')) throw new Error(`${href} cannot be inlined: it contains '</style'`);
    // The link stays, disabled (never fetched): the app's preload helper reads the page's stylesheet
    // links before an import that lists this file, and without it would fetch the stylesheet again
    // and hold that import back until it had arrived (a round trip and 9 KB on slow 3G, decision 070).
    html = html.replace(link, () => `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`);
  }
  return html;
}

/**
 * A prerendered or server-rendered page names, in its <head>, every module it will run before it
 * answers a tap: the entry (an async module script, which holds up neither parsing, painting nor
 * DOMContentLoaded; main.tsx starts the app once the document is whole), the
 * libraries the entry imports in steps (main.tsx) and react-dom's client, and the page's own route
 * chunks, as modulepreload links (decision 070). The browser's preload scanner finds them in the
 * first bytes of the answer and fetches them while the rest of the HTML arrives, instead of after
 * the app's entry has run (a round trip per import step) or after the first paint (the inline
 * loader this replaced, decision 016: about a second later on slow 3G). Painting still waits for
 * nothing but the HTML and its inline stylesheet; the app's preload helper finds the links there
 * and adds nothing (decision 017).
 */
function scriptsInHead(html: string, routeChunks: string[]): string {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g)];
  if (entries.length !== 1) throw new Error(`dist/index.html should hold one module script, found ${entries.length}`);
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
  for (const [tag] of [...entries, ...preloads]) html = html.replace(tag, '');
  const entry = entries[0]![1]!;
  const chunks = [...new Set([...preloads.map(([, href]) => href!), ...routeChunks])].filter((href) => href !== entry);
  const tags = [`<script type="module" async crossorigin src="${entry}"></script>`, ...chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)];
  // Before the inline stylesheet (10 KB on the wire): found by the preload scanner in the answer's
  // first bytes. Measured on slow 3G, the first paint comes no later than with them after it.
  const at = html.indexOf('<style>');
  if (at < 0) throw new Error('the page template has no inline <style> to put its modules before');
  return `${html.slice(0, at)}${tags.join('\n    ')}\n    ${html.slice(at)}`;
}

/** The installed app's icons (public/icons, written by scripts/web/icons.ts), as the manifest lists them. */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
const OFFLINE_PAGE = '/offline.html';
const WEB_MANIFEST = '/manifest.webmanifest';

/**
 * The web app manifest, the offline page and the service worker (decision 032). The offline page
 * is the shell without its scripts (the stylesheet stays a file, which the strict CSP allows
 * without a hash). The worker keeps the prerendered pages, the scripts they load, the stylesheet,
 * that page, the manifest and the icons, in a cache named after their contents: a build that
 * changes any of them is a new worker.
 */
async function writeInstalledApp(shellTemplate: string, offlineBody: string, pageAssets: string[]): Promise<void> {
  const webManifest = {
    id: '/',
    name: installedApp.name,
    short_name: installedApp.shortName,
    description: installedApp.description,
    lang: 'es-DO',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#0b4f8a',
    background_color: '#ffffff',
    categories: ['business', 'lifestyle'],
    icons: ICONS,
  };
  await writeFile(path.join(DIST, WEB_MANIFEST.slice(1)), `${JSON.stringify(webManifest, null, 2)}\n`);

  let offline = shellTemplate.replace(/\s*<script type="module"[^>]*><\/script>/g, '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  offline = withHead(offline, `<title>${escapeHtml(installedApp.offline.documentTitle)}</title>\n    <meta name="robots" content="noindex" />`);
  const rootStart = offline.indexOf('<div id="root">');
  const rootEnd = offline.lastIndexOf('</body>');
  // No #root: no script runs on this page, and the browser tests' wait for the app ends at once.
  offline = `${offline.slice(0, rootStart)}<div>${offlineBody}</div>\n  ${offline.slice(rootEnd)}`;
  await writeFile(path.join(DIST, OFFLINE_PAGE.slice(1)), offline);

  const stylesheets = [...shellTemplate.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map(([, href]) => href!);
  const files = [...new Set([...pageAssets, ...stylesheets, OFFLINE_PAGE, WEB_MANIFEST, '/favicon.svg', ...ICONS.map((icon) => icon.src)])].sort();
  const pages = PAGES.map((page) => page.path);
  const hash = crypto.createHash('sha256');
  for (const [page, file] of Object.entries(JSON.parse(await readFile(path.join(DIST, 'prerendered.json'), 'utf8')) as Record<string, string>)) {
    hash.update(page).update(await readFile(path.join(DIST, file)));
  }
  for (const file of files) hash.update(file).update(await readFile(path.join(DIST, file.slice(1))));
  const precache = { version: hash.digest('hex').slice(0, 16), urls: [...pages, ...files], pages, offline: OFFLINE_PAGE };
  await build({
    root: WEB,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: { __PRECACHE__: JSON.stringify(precache) },
    build: {
      outDir: DIST,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: path.join(WEB, 'src/pwa/service-worker.ts'), formats: ['iife'], name: 'arreglayaServiceWorker', fileName: () => 'sw.js' },
    },
  });
}

async function main(): Promise<void> {
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    logLevel: 'warn',
    // Bundle every dependency (react-router, react-query…) into the one module Node imports here.
    ssr: { noExternal: true },
    build: { ssr: 'src/prerender/entry-server.tsx', outDir: SSR_OUT, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'entry-server.js' } } },
  });
  const { render, renderOffline, renderBoot } = (await import(pathToFileURL(path.join(SSR_OUT, 'entry-server.js')).href)) as {
    render(url: string): Promise<string>;
    renderOffline(): string;
    renderBoot(): string;
  };
  const shellTemplate = await readFile(path.join(DIST, 'index.html'), 'utf8');
  if (!shellTemplate.includes('<div id="root">') || !shellTemplate.includes('</body>')) throw new Error('dist/index.html has no <div id="root"> before </body>');

  const template = await inlineStylesheets(shellTemplate);
  const rootStart = template.indexOf('<div id="root">');
  const rootEnd = template.lastIndexOf('</body>');

  // Every public page is one the build's chunk groups know as public (apps/web/vite.config.ts).
  const publicModules = new Set<string>(PUBLIC_ROUTES.map(routeModule));
  const unlisted = [...PAGES, ...SERVER_PAGES].map((p) => p.module).filter((module) => !publicModules.has(module));
  if (unlisted.length > 0) throw new Error(`public pages missing from apps/web/src/app/public-routes.ts: ${unlisted.join(', ')}`);

  const viteManifestFile = path.join(DIST, '.vite', 'manifest.json');
  const viteManifest = JSON.parse(await readFile(viteManifestFile, 'utf8')) as ViteManifest;
  const manifest: Record<string, string> = {};
  // What the prerendered pages load: the service worker keeps it with them.
  const pageAssets = new Set<string>();
  for (const page of PAGES) {
    const body = await render(page.path);
    const html = scriptsInHead(withHead(template.slice(0, rootStart) + `<div id="root" data-prerendered="true">${body}</div>\n  ` + template.slice(rootEnd), headFor(page)), [
      ...new Set([...entryLibraryChunks(viteManifest), ...chunkFiles(viteManifest, page.module)]),
    ]);
    for (const [, href] of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) pageAssets.add(href!);
    const file = page.landing ? 'index.landing.html' : path.join(page.path.slice(1), 'index.html');
    await mkdir(path.dirname(path.join(DIST, file)), { recursive: true });
    await writeFile(path.join(DIST, file), html);
    manifest[page.path] = file;
  }
  await writeFile(path.join(DIST, 'prerendered.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  await mkdir(path.join(SSR_OUT, 'pages'), { recursive: true });
  for (const { page, module } of SERVER_PAGES) {
    const html = scriptsInHead(template.slice(0, rootStart) + `<div id="root" data-prerendered="true">${SERVER_OUTLET}</div>\n  ` + template.slice(rootEnd), [
      ...new Set([...entryLibraryChunks(viteManifest), ...chunkFiles(viteManifest, module)]),
    ]);
    await writeFile(path.join(SSR_OUT, 'pages', `${page}.html`), html);
    // The server-rendered public pages' code is kept too: a returning visitor downloads only data (decision 070).
    for (const [, href] of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) pageAssets.add(href!);
  }
  // And what the idle moment imports (the worker's registration; on a fast line the dialogs' code).
  const idle = 'src/app/after-first-load.ts';
  // (The dialogs' frame, react-aria's code, is modal-dialog.tsx's own dynamic import.)
  const frame = 'src/components/ui/modal-dialog-frame.tsx';
  for (const key of [idle, ...(viteManifest[idle]?.dynamicImports ?? []), ...(viteManifest[frame] ? [frame] : [])])
    for (const file of chunkFiles(viteManifest, key)) pageAssets.add(file);

  const urls = [...PAGES.map((p) => p.path), ...SITEMAP_ONLY]
    .map((p) => `  <url><loc>${SITE_URL}${p}</loc><changefreq>${p === '/' ? 'daily' : 'monthly'}</changefreq></url>`)
    .join('\n');
  await writeFile(path.join(DIST, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  await writeFile(
    path.join(DIST, 'robots.txt'),
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /perfil',
      'Disallow: /profile',
      'Disallow: /admin',
      'Disallow: /testpad',
      `Sitemap: ${SITE_URL}/sitemap.xml`,
      '',
    ].join('\n'),
  );
  await writeInstalledApp(shellTemplate, renderOffline(), [...pageAssets]);
  // The shell every other page starts from: the site header and a worded loading state in #root
  // until the app's first page is ready (a private page on a slow line waits for its code and the
  // session), instead of index.html's bare spinner (issue 46, item 14). React replaces it.
  // Its head names the modules the entry imports in steps (react-router, the app's start,
  // react-dom's client), fetched with the entry instead of a round trip after each step (decision 070).
  const startChunks = entryLibraryChunks(viteManifest);
  const shellPreloads = startChunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  const shellRoutes = SHELL_ROUTES.map(({ pattern, module }) => ({ pattern, preloads: chunkFiles(viteManifest, module).filter((href) => !startChunks.includes(href)) }));
  await writeFile(path.join(DIST, 'shell-routes.json'), `${JSON.stringify(shellRoutes, null, 2)}\n`);
  const shellPage = shellTemplate.replace('</head>', `  ${shellPreloads.join('\n    ')}\n  </head>`);
  await writeFile(
    path.join(DIST, 'index.html'),
    `${shellPage.slice(0, shellPage.indexOf('<div id="root">'))}<div id="root">${renderBoot()}</div>\n  ${shellPage.slice(shellPage.lastIndexOf('</body>'))}`,
  );
  // Read above; nothing serves it.
  await rm(path.dirname(viteManifestFile), { recursive: true, force: true });
  console.log(`prerendered ${PAGES.length} pages, sitemap.xml and robots.txt; dist-ssr/ holds the server's renderer and its ${SERVER_PAGES.length} page templates`);
}

await main();
