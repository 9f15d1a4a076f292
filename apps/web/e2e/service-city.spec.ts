import type { APIRequestContext, Page } from '@playwright/test';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import type { ServiceCityStat, ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { findServiceCity, LANDING_SERVICES, serviceCitiesOf, serviceCityPath } from '@arreglaya/shared/service-city';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';

// The service-and-city pages (decision 044) on a server with the demo data: rendered by the
// server, hydrated without asking the API again and without a console error, at a phone's width.
// The API is the oracle for what a page must show.

const test = testWithOwnServer({ DEMO_DATA: '1' });

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** The service and city with the most contractors (among those `keep` keeps), and the page's own search. */
async function busiest(
  request: APIRequestContext,
  keep: (s: ServiceCityStat) => boolean = () => true,
): Promise<{ stat: ServiceCityStat; path: string; heading: string; results: DirectoryPage }> {
  const { items } = await api<ServiceCityStats>(request, '/api/contractors/service-cities');
  const stat = items.filter(keep).sort((a, b) => b.contractors - a.contractors)[0]!;
  const place = findServiceCity(stat.service, stat.city)!;
  const results = await api<DirectoryPage>(request, `/api/contractors?service=${stat.service}&country=${stat.country}&city=${stat.city}`);
  return { stat, path: serviceCityPath(stat.service, stat.city), heading: t.heading(stat.service, place.city.name), results };
}

const cardNames = (page: Page) => page.getByRole('main').locator('article h3');

/** Until React has adopted every element the server sent (each carries its fiber); a mismatch logs a console error, which fails the test. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.querySelectorAll('#root *')].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))));
}

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px the page hydrates the cards it was sent without asking again, fits the screen, passes axe, and a card opens the profile', async ({ page, request }) => {
  const { stat, path, heading, results } = await busiest(request);
  expect(stat.contractors).toBeGreaterThan(1);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/contractors')) asked.push(r.url());
  });
  const res = await page.goto(path);
  expect(res?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${heading} · ArreglaYa`);
  await expect(page.getByTestId('results-count')).toHaveText(t.count(String(results.total), results.total, stat.service));
  await expect(cardNames(page)).toHaveText(results.items.map((c) => c.name));
  // Its data came with the page: neither the search nor the figures are asked for again.
  expect(asked).toEqual([]);

  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  await expectNoSeriousAxe(page, path);

  const first = results.items[0]!;
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('main').getByRole('link', { name: first.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/contractors/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // From the profile back to the service in their city ("Más plomeros en Santo Domingo").
  const city = findServiceCity(stat.service, stat.city)!.city.name;
  await page.getByRole('link', { name: t.moreLikeThis(stat.service, city) }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(cardNames(page)).toHaveText(results.items.map((c) => c.name));
});

test("the landing's services by city lead to a page, rendered in the app with the API's data", async ({ page, request }) => {
  const { stat, heading, results } = await busiest(request, (s) => s.country === 'DO' && LANDING_SERVICES.includes(s.service));
  await page.goto('/');
  const section = page.locator('#servicios-por-ciudad');
  await section.scrollIntoViewIfNeeded();
  const city = findServiceCity(stat.service, stat.city)!.city.name;
  const group = section.locator('div', { has: page.getByRole('heading', { level: 3, name: t.landingCity(city), exact: true }) }).last();
  await group.getByRole('link', { name: t.trade(stat.service), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(cardNames(page)).toHaveText(results.items.map((c) => c.name));
  await expect(page).toHaveTitle(`${heading} · ArreglaYa`);
});

test('a service and city with nobody yet: a way forward, at 360 px, axe clean', async ({ page, request }) => {
  const { items } = await api<ServiceCityStats>(request, '/api/contractors/service-cities');
  const cities = serviceCitiesOf('DO');
  const empty = SERVICE_TYPES.flatMap((service) => cities.map((city) => ({ service, city }))).find(
    ({ service, city }) => !items.some((s) => s.service === service && s.city === city.key),
  );
  expect(empty, 'the demo data fills every Dominican page').toBeDefined();
  const { service, city } = empty!;
  const res = await page.goto(serviceCityPath(service, city.key));
  expect(res?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: t.heading(service, city.name) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t.empty.title(service, city.name) })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  await expectNoSeriousAxe(page, `${service}/${city.key}`);
  await page.getByRole('link', { name: t.empty.publish }).click();
  await expect(page).toHaveURL(/\/nuevoproyecto$/);
});

test.describe('not found', () => {
  test.use({ allowedErrors: [/status of 404/] });

  test('an unknown service or city is the not-found page, with status 404', async ({ page }) => {
    for (const url of ['/servicios/plomero/santo-domingo', '/servicios/plomeria/atlantida']) {
      const res = await page.goto(url);
      expect(res?.status(), url).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: shell.notFound.title })).toBeVisible();
      await hydrated(page);
    }
  });
});
