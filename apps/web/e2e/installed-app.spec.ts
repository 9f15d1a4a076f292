import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { installedApp } from '@arreglaya/shared/i18n/installed-app';
import { pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { shell } from '@arreglaya/shared/i18n/shell';
import { createConfirmedAccount } from './support/accounts.ts';
import { API_HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer, waitForAppOnNavigation, watchPageErrors } from './support/fixtures.ts';

// The installed app (issue 31, decision 032): the manifest and the service worker make the site
// installable; after one visit the prerendered public pages open without a network and any other
// page says "Sin conexión" with a retry; nothing private is ever kept. The other specs run with
// service workers blocked (playwright.config.ts); these allow them.

const test = testWithOwnServer();
test.use({ serviceWorkers: 'allow' });
// Offline, the app's own requests (the session, the service counts) fail as they would on a phone.
test.use({ allowedErrors: [/ERR_INTERNET_DISCONNECTED/] });

/** Resolves once the service worker (registered when the page is idle) is active and controls the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/** The path of every request kept in any cache of the page's origin. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
}

test('Chromium finds the site installable: a valid manifest, icons and a service worker controlling a prerendered page', async ({ ownServer }, testInfo) => {
  // A profile on disk: in Playwright's usual (off-the-record) contexts Chromium reports "in-incognito".
  const profile = await mkdtemp(path.join(os.tmpdir(), 'arreglaya-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL: ownServer.baseURL, locale: 'es-DO', serviceWorkers: 'allow' });
  try {
    const page = waitForAppOnNavigation(context.pages()[0] ?? (await context.newPage()));
    const errors = watchPageErrors(page);
    await page.goto('/ayuda');
    await workerInControl(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const fields = JSON.parse(manifest.data!) as { icons: { src: string; sizes: string; purpose: string }[] };
    expect(fields).toMatchObject({
      name: 'ArreglaYa',
      short_name: installedApp.shortName,
      description: installedApp.description,
      lang: 'es-DO',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b4f8a',
      background_color: '#ffffff',
    });
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    expect(fields.icons.map((icon) => icon.purpose)).toEqual(['any', 'any', 'maskable']);
    for (const icon of fields.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
      const png = await response.body();
      // The PNG header's width and height (IHDR) are the size the manifest says.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('after one visit, offline: a kept public page still opens, any other page says "Sin conexión", and its retry loads the page once back online', async ({ page, context }) => {
  await page.goto('/');
  await workerInControl(page);

  await context.setOffline(true);
  await page.goto('/contactus');
  await expect(page.getByRole('heading', { level: 1, name: installedApp.offline.title })).toBeVisible();
  await expect(page).toHaveTitle(installedApp.offline.documentTitle);
  await expect(page).toHaveURL(/\/contactus$/);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, 'offline page');

  await page.goto('/ayuda');
  await expect(page.getByRole('heading', { level: 1, name: pageMeta.help.title })).toBeVisible();

  await page.goto('/contactus');
  await expect(page.getByRole('heading', { level: 1, name: installedApp.offline.title })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: installedApp.offline.retry }).click();
  await expect(page.getByRole('heading', { level: 1, name: installedApp.offline.title })).toBeHidden();
  await expect(page).toHaveURL(/\/contactus$/);
});

test('offline, from the kept landing, the page that says "Sin conexión" has the site header with its logo and a link home, whichever page it stands for', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await workerInControl(page);
  await context.setOffline(true);
  await page.goto('/');
  await expect(page).toHaveTitle(pageMeta.landing.title);
  for (const path of ['/contactus', '/perfil/info', '/busqueda?servicio=plomeria']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: installedApp.offline.title }), path).toBeVisible();
    const home = page.getByRole('banner').getByRole('link', { name: shell.nav.home });
    await expect(home, path).toBeVisible();
    await expect(home, path).toHaveAttribute('href', '/');
  }
  await page.getByRole('banner').getByRole('link', { name: shell.nav.home }).click();
  await expect(page).toHaveTitle(pageMeta.landing.title);
  await expect(page.getByRole('heading', { level: 1, name: installedApp.offline.title })).toBeHidden();
});

test('nothing private is kept: no /api answer and no page of a signed-in person is in any cache', async ({ page, ownServer }) => {
  const client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
  expect((await page.request.post('/api/auth/sign-in', { data: { email: client.email, password: client.password }, headers: API_HEADERS })).status()).toBe(200);
  await page.goto('/');
  await workerInControl(page);
  for (const path of ['/perfil/info', '/perfil/proyectos', '/perfil/mensajes', '/nuevoproyecto']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  // The app asked the API while the worker controlled the page.
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.startsWith('/api/')))).toBe(true);
  const kept = await cachedPaths(page);
  expect(kept).toContain('/ayuda');
  expect(kept).toContain('/offline.html');
  expect(kept.filter((path) => /^\/(api|perfil|profile|proyectos|admin|nuevoproyecto|contractors)(\/|$)/.test(path))).toEqual([]);
});

test('a second visit downloads no code: the landing, loaded again in the same browser, fetches no JavaScript from the network', async ({ page, context }) => {
  await page.goto('/');
  await workerInControl(page);
  // A page the precache list does not name: its chunks are kept the first time they are fetched.
  await page.goto('/busqueda');
  await page.waitForLoadState('networkidle');
  const fromNetwork: string[] = [];
  // The page's own requests that the worker did not answer, and the worker's own downloads.
  page.on('response', (response) => {
    if (/\.js$/.test(new URL(response.url()).pathname) && !response.fromServiceWorker()) fromNetwork.push(`page: ${response.url()}`);
  });
  context.on('request', (request) => {
    if (request.serviceWorker() && /\.js$/.test(new URL(request.url()).pathname)) fromNetwork.push(`worker: ${request.url()}`);
  });
  let scripts = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts++;
  });
  for (const path of ['/', '/busqueda']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts).toBeGreaterThan(0);
  expect(fromNetwork).toEqual([]);
});
