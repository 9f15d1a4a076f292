import { landing } from '@arreglaya/shared/i18n/landing';
import { serviceCity } from '@arreglaya/shared/i18n/service-city';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';

// Colombia on a phone (issue 51, item 3; decision 066): the footer's country picker puts the
// landing's "Servicios por ciudad" on Colombia's cities, Medellín's plumbers' page shows the demo's
// plumber there, and "plomero en El Poblado" finds him with his distance, written as Colombia writes
// numbers. The API is the oracle for the cards.

const test = testWithOwnServer({ DEMO_DATA: '1' });
test.use({ viewport: { width: 360, height: 740 } });

const noSideways = async (page: import('@playwright/test').Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('Colombia chosen: Medellín in the landing, its plumbers page, and "plomero en El Poblado" with distances', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByLabel('País').selectOption({ label: 'Colombia' });
  // The landing's service-and-city links are Colombia's.
  const medellin = page.getByRole('heading', { name: serviceCity.landingCity('Medellín') });
  await medellin.scrollIntoViewIfNeeded();
  await expect(medellin).toBeVisible();
  await expect(page.getByRole('heading', { name: serviceCity.landingCity('Santo Domingo') })).toHaveCount(0);
  const links = page.locator('#servicios-por-ciudad');
  await links
    .getByRole('link', { name: serviceCity.trade('plomeria') })
    .nth(1)
    .click();
  await expect(page).toHaveURL(/\/servicios\/plomeria\/medellin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plomeros en Medellín' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article', { name: 'Jhon Jairo Restrepo' })).toBeVisible();
  await noSideways(page);
  await expectNoSeriousAxe(page, 'Medellín plumbers page');

  // Back on the landing, the search with a barrio in the text.
  await page.goto('/');
  const service = page.getByRole('searchbox', { name: landing.searchLabel });
  await service.fill('plomero en El Poblado');
  await service.press('Enter');
  await expect(page).toHaveURL(/\/busqueda\?q=plomero\+en\+El\+Poblado/);
  const res = await request.get(`/api/contractors?q=${encodeURIComponent('plomero en El Poblado')}&sort=distance`);
  const expected = (await res.json()) as DirectoryPage;
  expect(expected.origin?.slug).toBe('el-poblado');
  expect(expected.items.map((c) => c.name)).toContain('Jhon Jairo Restrepo');
  const card = page.getByRole('main').locator('article', { hasText: 'Jhon Jairo Restrepo' });
  // es-CO writes a decimal comma: 'a 4,6 km de El Poblado'.
  const km = expected.items.find((c) => c.name === 'Jhon Jairo Restrepo')!.distanceKm!;
  await expect(card.getByTestId('distance')).toHaveText(`a ${km.toFixed(1).replace('.', ',')} km de El Poblado`);
  await noSideways(page);
  await expectNoSeriousAxe(page, 'search from El Poblado');
});
