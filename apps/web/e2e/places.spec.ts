import type { APIRequestContext } from '@playwright/test';
import { directory } from '@arreglaya/shared/i18n/directory';
import { landing } from '@arreglaya/shared/i18n/landing';
import { places as tp } from '@arreglaya/shared/i18n/places';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';

// The '¿Dónde?' field (issue 34, item 2; decision 042) on a phone: a sector chosen with the
// keyboard from the suggestions, carried to /busqueda, nearest first, each card saying how far
// it is from the place. The API is the oracle for the cards.

const test = testWithOwnServer({ DEMO_DATA: '1' });
test.use({ viewport: { width: 360, height: 740 } });

async function api(request: APIRequestContext, query: string): Promise<DirectoryPage> {
  const res = await request.get(`/api/contractors${query}`);
  expect(res.status(), query).toBe(200);
  return (await res.json()) as DirectoryPage;
}

test('a sector chosen with the keyboard on the landing carries to /busqueda, nearest first with distances', async ({ page, request }) => {
  await page.goto('/');
  const where = page.getByRole('combobox', { name: tp.field.where });
  await expect(where).toHaveAttribute('aria-expanded', 'false');
  await where.click();
  await where.pressSequentially('pian');
  const list = page.getByRole('listbox', { name: tp.field.where });
  await expect(list).toBeVisible();
  await expect(where).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option').first()).toHaveText('Piantini, Santo Domingo');
  await expectNoSeriousAxe(page, 'landing, suggestions open');
  // Escape closes the list and keeps the text; the arrow opens it again and moves to the first suggestion.
  await where.press('Escape');
  await expect(list).toBeHidden();
  await where.press('ArrowDown');
  await expect(where).toHaveAttribute('aria-activedescendant', /-opt-0$/);
  await expect(list.getByRole('option', { name: 'Piantini, Santo Domingo' })).toHaveAttribute('aria-selected', 'true');
  await where.press('Enter');
  await expect(where).toHaveValue('Piantini, Santo Domingo');
  await expect(list).toBeHidden();
  // No sideways scroll on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const service = page.getByRole('searchbox', { name: landing.searchLabel });
  await service.fill('plomero');
  await service.press('Enter');
  await expect(page).toHaveURL(/\/busqueda\?q=plomero&donde=piantini&sort=distance$/);
  const expected = await api(request, '?q=plomero&donde=piantini&sort=distance');
  expect(expected.items.length).toBeGreaterThan(0);
  const cards = page.getByRole('main').locator('article');
  await expect(cards.locator('h2')).toHaveText(expected.items.map((c) => c.name));
  // Every card says how far it is from Piantini, with one decimal, nearest first.
  const distances = expected.items.map((c) => c.distanceKm!);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  const texts = await cards.getByTestId('distance').allTextContents();
  expect(texts).toHaveLength(expected.items.length);
  for (const text of texts) expect(text).toMatch(/^a \d+[.,]\d km de Piantini$/);
  // The filter shows the same place, and the sort says nearest first.
  await expect(page.getByRole('combobox', { name: directory.sort.label })).toHaveValue('distance');
  await page.getByRole('button', { name: new RegExp(`^${directory.filters.open}`) }).click();
  await expect(page.getByRole('combobox', { name: tp.field.where })).toHaveValue('Piantini, Santo Domingo');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/busqueda from Piantini');
});

test('without a place no card shows a distance', async ({ page }) => {
  await page.goto('/busqueda');
  await expect(page.getByTestId('results-count')).toHaveText(/contratista/);
  await expect(page.getByRole('main').locator('article').first()).toBeVisible();
  await expect(page.getByTestId('distance')).toHaveCount(0);
});
