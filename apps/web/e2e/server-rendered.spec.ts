import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { favourites } from '@arreglaya/shared/i18n/favourites';
import { landing } from '@arreglaya/shared/i18n/landing';
import { places as tp } from '@arreglaya/shared/i18n/places';
import { pagination } from '@arreglaya/shared/i18n/common';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import type { ContractorPublicProfile, DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { planPeople } from '../../server/src/demo/plan-people.ts';
import { DEMO_SEED, mulberry32, Rng } from '../../server/src/demo/random.ts';
import { DEMO_SIZE } from '../../server/src/demo/seed-demo.ts';
import { failOnPageErrors, startAppServer, type AppServer, type PageErrorFixtures } from './support/fixtures.ts';

// /busqueda and /contractors/:id rendered by the server, then hydrated (decision 018), on a
// server with the demo data (53 contractors). The API is the oracle for what a page must show.

const test = base.extend<PageErrorFixtures, { ownServer: AppServer }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const server = await startAppServer({ DEMO_DATA: '1' });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
  ...failOnPageErrors,
  // The browser logs a document's 404 status (an unknown contractor's page).
  allowedErrors: [[/status of 404/], { option: true }],
});

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const cardNames = (page: Page) => page.getByRole('main').locator('article h2');

/**
 * Until React has adopted every element the server sent (each carries its fiber); a mismatch logs a
 * console error, which fails the test. A lazy section's code comes when it is seen (decision 070):
 * the first one still waiting is scrolled to, as a visitor would, until none waits.
 */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  await page.waitForFunction(() => {
    const waiting = [...document.querySelectorAll('#root *')].find((element) => !Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
    waiting?.closest('[data-lazy-section]')?.scrollIntoView();
    return waiting === undefined;
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/busqueda shows the cards of the URL filters, their count and the pages, with no spinner', async ({ page, request }) => {
    const expected = await api<DirectoryPage>(request, '/api/contractors?service=pintura');
    expect(expected.total).toBeGreaterThan(0);
    const res = await page.goto('/busqueda?service=pintura');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('results-count')).toHaveText(t.results.count(String(expected.total), expected.total));
    await expect(cardNames(page)).toHaveText(expected.items.map((c) => c.name));
    const first = page.getByRole('article', { name: expected.items[0]!.name });
    await expect(first.getByRole('list', { name: t.card.services })).toContainText(SERVICE_LABELS.pintura);
    await expect(first.getByRole('img', { name: /Calificación: .* de 5 estrellas/ })).toBeVisible();
    await expect(page.getByText(t.results.loading)).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: SERVICE_LABELS.pintura })).toBeChecked();

    // Every contractor: the first page of 12 and links to the others, which work without JavaScript too.
    const all = await api<DirectoryPage>(request, '/api/contractors');
    const second = await api<DirectoryPage>(request, '/api/contractors?page=2');
    await page.goto('/busqueda');
    await expect(cardNames(page)).toHaveText(all.items.map((c) => c.name));
    await page
      .getByRole('navigation', { name: pagination.label })
      .getByRole('link', { name: pagination.page(2) })
      .click();
    await expect(page).toHaveURL(/\/busqueda\?page=2$/);
    await expect(cardNames(page)).toHaveText(second.items.map((c) => c.name));
  });

  test("the landing's search, typed and sent before any script runs, shows plomero near Naco at /busqueda", async ({ page, request }) => {
    // Issue 46: at 400 kbps the landing is visible seconds before it works; a search sent then must not be lost.
    await page.goto('/');
    await page.getByRole('searchbox', { name: landing.searchLabel }).fill('plomero');
    await page.getByRole('combobox', { name: tp.field.where }).fill('Naco');
    await page.getByRole('button', { name: landing.searchSubmit }).click();
    await expect(page).toHaveURL(/\/busqueda\?/);
    const expected = await api<DirectoryPage>(request, '/api/contractors?q=plomero&donde=naco&sort=distance');
    expect(expected.items.length).toBeGreaterThan(0);
    await expect(page.getByTestId('results-count')).toHaveText(t.results.count(String(expected.total), expected.total));
    await expect(cardNames(page)).toHaveText(expected.items.map((c) => c.name));
    const distances = await page.getByTestId('distance').allTextContents();
    expect(distances).toHaveLength(expected.items.length);
    for (const text of distances) expect(text).toMatch(/ km de Naco$/);
    // What was typed is still in the fields, the place by its full name.
    await expect(page.getByRole('searchbox', { name: t.search.label })).toHaveValue('plomero');
    await expect(page.getByRole('combobox', { name: tp.field.where })).toHaveValue('Naco, Santo Domingo');
  });

  test("/busqueda's search box sends its text and keeps the other filters", async ({ page, request }) => {
    await page.goto('/busqueda?service=plomeria&rating=star4');
    await page.getByRole('searchbox', { name: t.search.label }).fill('tuberías');
    await page.getByRole('button', { name: t.search.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/busqueda\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('tuberías');
    expect(url.searchParams.getAll('service')).toEqual(['plomeria']);
    expect(url.searchParams.getAll('rating')).toEqual(['star4']);
    const expected = await api<DirectoryPage>(request, `/api/contractors?${url.searchParams.toString()}`);
    await expect(page.getByTestId('results-count')).toHaveText(t.results.count(String(expected.total), expected.total));
    await expect(page.getByRole('checkbox', { name: SERVICE_LABELS.plomeria })).toBeChecked();
  });

  test("/contractors/:id shows the contractor's page; an unknown one the not-found page", async ({ page, request }) => {
    const top = (await api<DirectoryPage>(request, '/api/contractors?sort=reviews')).items[0]!;
    const profile = await api<ContractorPublicProfile>(request, `/api/contractors/${top.id}`);
    await page.goto(`/contractors/${profile.id}`);
    await expect(page.getByRole('heading', { level: 1, name: profile.name })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(t.card.reviews(String(profile.ratingCount), profile.ratingCount));
    await expect(
      page
        .getByRole('region', { name: /Reseñas/ })
        .getByRole('article')
        .first(),
    ).toContainText(profile.reviews[0]!.comment);
    await expect(page).toHaveTitle(`${t.page.meta(profile).title} · ArreglaYa`);

    const res = await page.goto('/contractors/0b9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: t.page.notFoundTitle })).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test('/busqueda hydrates the cards it was sent without asking again, then filters and pages in the app', async ({ page, request }) => {
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/contractors')) searches.push(r.url());
    });
    await page.goto('/busqueda?service=plomeria');
    await hydrated(page);
    const plumbers = await api<DirectoryPage>(request, '/api/contractors?service=plomeria');
    await expect(cardNames(page)).toHaveText(plumbers.items.map((c) => c.name));
    // The heart appears for a visitor once the session is known, after hydration, in the place kept for it.
    await expect(page.getByRole('button', { name: favourites.toggle(plumbers.items[0]!.name), exact: true })).toBeVisible();
    expect(searches).toEqual([]);

    // A filter: a new search in the app (the same document), into the URL.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('checkbox', { name: SERVICE_LABELS.electricidad }).click();
    await expect(page).toHaveURL(/service=plomeria&service=electricidad/);
    const both = await api<DirectoryPage>(request, '/api/contractors?service=plomeria&service=electricidad');
    await expect(page.getByTestId('results-count')).toHaveText(t.results.count(String(both.total), both.total));
    await expect(cardNames(page)).toHaveText(both.items.map((c) => c.name));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Pages, when there are several.
    await page.goto('/busqueda');
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const second = await api<DirectoryPage>(request, '/api/contractors?page=2');
    await page
      .getByRole('navigation', { name: pagination.label })
      .getByRole('link', { name: pagination.page(2) })
      .click();
    await expect(page).toHaveURL(/\/busqueda\?page=2$/);
    await expect(cardNames(page)).toHaveText(second.items.map((c) => c.name));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("what is typed in the landing's search before hydration survives it, and the search sent after carries it", async ({ page, request }) => {
    // The page's scripts held back (a slow line): the person types into the prerendered form meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const service = page.getByRole('searchbox', { name: landing.searchLabel });
    const where = page.getByRole('combobox', { name: tp.field.where });
    await service.fill('plomero');
    await where.fill('Naco');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    release();
    await hydrated(page);
    await expect(service).toHaveValue('plomero');
    await expect(where).toHaveValue('Naco');
    // Sent in the app (the same document), with the place typed before hydration.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await service.press('Enter');
    await expect(page).toHaveURL(/\/busqueda\?q=plomero&donde=naco&sort=distance$/);
    const expected = await api<DirectoryPage>(request, '/api/contractors?q=plomero&donde=naco&sort=distance');
    await expect(cardNames(page)).toHaveText(expected.items.map((c) => c.name));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("a client's favourite is pressed after hydration, with no mismatch, on both pages", async ({ page, request }) => {
    const rng = new Rng(mulberry32(DEMO_SEED));
    const client = planPeople(rng, new Date(), DEMO_SIZE.clients).clients[0]!.user;
    const signIn = await page.request.post('/api/auth/sign-in', { data: { email: client.email, password: 'demo-arreglaya' }, headers: { 'x-requested-with': 'arreglaya' } });
    expect(signIn.status()).toBe(200);
    const first = (await api<DirectoryPage>(request, '/api/contractors?service=pintura')).items[0]!;
    const put = await page.request.put(`/api/me/favourites/${first.id}`, { headers: { 'x-requested-with': 'arreglaya' } });
    expect(put.status()).toBeLessThan(300);

    await page.goto('/busqueda?service=pintura');
    await hydrated(page);
    await expect(page.getByRole('button', { name: favourites.toggle(first.name), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.goto(`/contractors/${first.id}`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: favourites.toggle(first.name), exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test("on a phone, /busqueda's pager and filters load their code when touched, and the tap is not lost", async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const fetched = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
    await page.goto('/busqueda');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    // The pager, far below the first screen: server HTML that React has not adopted, its code not fetched.
    const next = page.getByRole('navigation', { name: pagination.label }).getByRole('link', { name: pagination.page(2) });
    expect(await next.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber$')))).toBe(false);
    expect(fetched('pagination')).toBe(false);
    expect(fetched('filter-panel')).toBe(false);
    // A tap where it is (no scrolling): its code comes, then the tap is answered in the app (the same document).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await next.evaluate((link) => (link as HTMLElement).click());
    await expect(page).toHaveURL(/\/busqueda\?page=2$/);
    const second = await api<DirectoryPage>(request, '/api/contractors?page=2');
    await expect(cardNames(page)).toHaveText(second.items.map((c) => c.name));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(fetched('pagination')).toBe(true);

    // The filters, behind their button: a service ticked as soon as they show is applied.
    await page.goto('/busqueda');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await page.getByRole('button', { name: t.filters.open }).click();
    await page.getByRole('complementary', { name: t.filters.title }).getByRole('checkbox', { name: SERVICE_LABELS.pintura }).click();
    await expect(page).toHaveURL(/\/busqueda\?service=pintura$/);
    const painters = await api<DirectoryPage>(request, '/api/contractors?service=pintura');
    await expect(cardNames(page)).toHaveText(painters.items.map((c) => c.name));
  });

  test('an unknown contractor: the not-found page hydrates and leads back to the search', async ({ page }) => {
    await page.goto('/contractors/0b9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11');
    await hydrated(page);
    await page.getByRole('link', { name: t.page.backToSearch }).click();
    await expect(page).toHaveURL(/\/busqueda$/);
    await expect(cardNames(page).first()).toBeVisible();
  });
});

test('one build serves the address of the server that runs it (APP_URL)', async () => {
  test.setTimeout(180_000);
  for (const appUrl of ['https://uno.example', 'https://dos.example']) {
    const server = await startAppServer({ APP_URL: appUrl });
    try {
      const get = async (url: string) => {
        const res = await fetch(`${server.baseURL}${url}`);
        expect(res.status, url).toBe(200);
        return res.text();
      };
      expect(await get('/ayuda')).toContain(`<link rel="canonical" href="${appUrl}/ayuda" />`);
      expect(await get('/')).toContain(`<meta property="og:url" content="${appUrl}/" />`);
      expect(await get('/busqueda?service=pintura')).toContain(`<link rel="canonical" href="${appUrl}/busqueda?service=pintura" />`);
      expect(await get('/sitemap.xml')).toContain(`<loc>${appUrl}/ayuda</loc>`);
      expect(await get('/robots.txt')).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
    } finally {
      await server.stop();
    }
  }
});
