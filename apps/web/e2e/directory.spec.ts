import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { findCity } from '@arreglaya/shared/countries';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import type { ContractorPublicProfile, DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { testWithOwnServer } from './support/fixtures.ts';
import { expectNoSeriousAxe } from './support/axe.ts';

// The contractor directory (/busqueda) and the public contractor page (/contractors/:id) on a
// server with the demo data (53 contractors: 49 Dominican, 4 in Medellín and Ciudad de México). The API is the oracle for what a page must show
// (docs/decisions/013-contractor-directory.md).

const test = testWithOwnServer({ DEMO_DATA: '1' });

async function api(request: APIRequestContext, query: string): Promise<DirectoryPage> {
  const res = await request.get(`/api/contractors${query}`);
  expect(res.status(), query).toBe(200);
  return (await res.json()) as DirectoryPage;
}

const cardNames = (page: Page) => page.getByRole('main').locator('article h2');
const countText = (n: number) => t.results.count(String(n), n);

/** The page shows exactly the API's answer to `query`: the count and the cards in order. */
async function expectResults(page: Page, request: APIRequestContext, query: string): Promise<DirectoryPage> {
  const expected = await api(request, query);
  await expect(page.getByTestId('results-count')).toHaveText(countText(expected.total));
  await expect(cardNames(page)).toHaveText(expected.items.map((c) => c.name));
  return expected;
}

async function openSearch(page: Page, url = '/busqueda'): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByTestId('results-count')).toHaveText(/contratista/);
}

const filters = (page: Page) => page.getByRole('complementary', { name: t.filters.title });

test.describe('contractor search /busqueda', () => {
  test('lists every contractor with a count, badges, rating, distance, member since and projects', async ({ page, request }) => {
    await openSearch(page);
    const all = await expectResults(page, request, '');
    expect(all.total).toBe(53);
    await expect(page).toHaveTitle(`${t.title} · ArreglaYa`);
    const first = all.items[0]!;
    const card = page.getByRole('article', { name: first.name });
    await expect(card.getByRole('img', { name: /Calificación: .* de 5 estrellas/ })).toBeVisible();
    await expect(card).toContainText(/Miembro desde \w+ de \d{4}/);
    await expect(card).toContainText(t.card.completedProjects(String(first.completedProjects), first.completedProjects));
    // Without a place or a project there is no origin: no distance (decision 042).
    await expect(card).not.toContainText(' km ');
    await expect(card.getByRole('link', { name: first.name })).toHaveAttribute('href', `/contractors/${first.id}`);
    // The spec's badges appear on the cards that have them.
    for (const badge of ['featured', 'verified', 'isNew'] as const) {
      const withBadge = (await api(request, '?page=1')).items.concat((await api(request, '?page=2')).items).find((c) => c.badges[badge]);
      if (!withBadge) continue;
      await openSearch(page, `/busqueda?q=${encodeURIComponent(withBadge.name)}`);
      await expect(page.getByRole('article', { name: withBadge.name }).getByRole('list', { name: t.card.badges })).toContainText(t.card[badge]);
    }
  });

  test('by service: checking services filters the cards and goes into the URL', async ({ page, request }) => {
    await openSearch(page);
    await filters(page).getByRole('checkbox', { name: 'Plomería' }).click();
    await expect(page).toHaveURL(/\/busqueda\?service=plomeria$/);
    const plumbers = await expectResults(page, request, '?service=plomeria');
    expect(plumbers.total).toBeGreaterThan(0);
    expect(plumbers.total).toBeLessThan(53);
    for (const card of await page.getByRole('main').locator('article').all()) await expect(card.getByRole('list', { name: t.card.services })).toContainText('Plomería');

    await filters(page).getByRole('checkbox', { name: 'Electricidad' }).click();
    await expect(page).toHaveURL(/service=plomeria&service=electricidad/);
    const either = await expectResults(page, request, '?service=plomeria&service=electricidad');
    expect(either.total).toBeGreaterThan(plumbers.total);
  });

  test('two filters clicked faster than the URL updates both stay checked and both go into the URL', async ({ page, request }) => {
    await openSearch(page);
    const plumbing = filters(page).getByRole('checkbox', { name: 'Plomería' });
    const withReviews = filters(page).getByRole('checkbox', { name: t.rating.withReviews });
    // Both clicks in one task: the second comes before the first has reached the URL.
    await plumbing.evaluate(
      (first, second) => {
        (first as HTMLInputElement).click();
        (second as HTMLInputElement).click();
      },
      await withReviews.elementHandle(),
    );
    await expect(page).toHaveURL(/^(?=.*service=plomeria)(?=.*rating=withReviews)/);
    await expect(plumbing).toBeChecked();
    await expect(withReviews).toBeChecked();
    await expectResults(page, request, '?service=plomeria&rating=withReviews');
  });

  test('?type= (the landing service links) pre-checks that service', async ({ page, request }) => {
    await openSearch(page, '/busqueda?type=electricidad');
    await expect(filters(page).getByRole('checkbox', { name: 'Electricidad' })).toBeChecked();
    await expect(filters(page).getByRole('checkbox', { name: 'Plomería' })).not.toBeChecked();
    await expectResults(page, request, '?service=electricidad');
    // From the landing's service grid.
    await page.goto('/');
    await page.getByRole('link', { name: /^Pintura/ }).click();
    await expect(page).toHaveURL(/\/busqueda\?type=pintura$/);
    await expect(filters(page).getByRole('checkbox', { name: 'Pintura' })).toBeChecked();
    await expectResults(page, request, '?service=pintura');
  });

  test('free text without accents finds names, companies and descriptions with them', async ({ page, request }) => {
    await openSearch(page);
    await page.getByRole('searchbox', { name: t.search.label }).fill('plomeria');
    await page.getByRole('button', { name: t.search.submit }).click();
    await expect(page).toHaveURL(/\?q=plomeria$/);
    const found = await expectResults(page, request, '?q=plomeria');
    expect(found.total).toBeGreaterThan(0);
    // The same contractors as with the accent, in upper case.
    expect((await api(request, `?q=${encodeURIComponent('PLOMERÍA')}`)).items.map((c) => c.id)).toEqual(found.items.map((c) => c.id));
    // A name without its accents.
    const accented = (await api(request, '?page=1')).items.concat((await api(request, '?page=2')).items).find((c) => /[áéíóúñ]/i.test(c.name))!;
    const plain = accented.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    await page.getByRole('searchbox', { name: t.search.label }).fill(plain);
    await page.keyboard.press('Enter');
    await expect(cardNames(page)).toContainText([accented.name]);
    // The landing's hero search leads here with the same text.
    await page.goto('/');
    await page.getByRole('search').getByRole('searchbox').fill('plomeria');
    await page.getByRole('search').getByRole('button').click();
    await expect(page).toHaveURL(/\/busqueda\?q=plomeria$/);
    await expect(page.getByRole('searchbox', { name: t.search.label })).toHaveValue('plomeria');
    await expectResults(page, request, '?q=plomeria');
  });

  test('by rating: a star chip keeps the contractors drawn with that many stars; chips combine', async ({ page, request }) => {
    await openSearch(page);
    // "4 o más" is a minimum: five-star contractors are in it (issue 35).
    await filters(page).getByRole('checkbox', { name: t.rating.min4 }).click();
    await expect(page).toHaveURL(/\?rating=min4$/);
    const fourOrMore = await expectResults(page, request, '?rating=min4');
    expect(fourOrMore.items.some((c) => c.ratingAvg >= 4.75)).toBe(true);
    for (const c of fourOrMore.items) expect(c.ratingAvg, c.name).toBeGreaterThanOrEqual(3.75);
    await filters(page).getByRole('checkbox', { name: t.rating.min4 }).click();
    await expect(page).toHaveURL(/\/busqueda$/);
    // The exact bands are folded away.
    await filters(page).getByText(t.rating.exactBands).click();
    await filters(page).getByRole('checkbox', { name: t.rating.star5 }).click();
    await expect(page).toHaveURL(/\?rating=star5$/);
    const five = await expectResults(page, request, '?rating=star5');
    expect(five.total).toBeGreaterThan(0);
    for (const c of five.items) expect(c.ratingAvg, c.name).toBeGreaterThanOrEqual(4.75);
    for (const img of await page
      .getByRole('main')
      .locator('article')
      .getByRole('img', { name: /Calificación/ })
      .all()) {
      await expect(img).toHaveAccessibleName(/Calificación: (4\.8|4\.9|5) de 5 estrellas/);
    }
    await filters(page).getByRole('checkbox', { name: t.rating.star4 }).click();
    await expect(page).toHaveURL(/rating=star5&rating=star4/);
    const fourOrFive = await expectResults(page, request, '?rating=star5&rating=star4');
    expect(fourOrFive.total).toBeGreaterThan(five.total);
    await filters(page).getByRole('checkbox', { name: t.rating.star5 }).click();
    await expect(page).toHaveURL(/\?rating=star4$/);
    await filters(page).getByRole('checkbox', { name: t.rating.star4 }).click();
    await expect(page).toHaveURL(/\/busqueda$/);
    await filters(page).getByRole('checkbox', { name: t.rating.withReviews }).click();
    const reviewed = await expectResults(page, request, '?rating=withReviews');
    for (const c of reviewed.items) expect(c.ratingCount).toBeGreaterThan(0);
  });

  test('by location: a city of the country and a zone of Santo Domingo', async ({ page, request }) => {
    await openSearch(page);
    await filters(page)
      .getByLabel(/Ciudad/)
      .selectOption({ label: 'Santiago de los Caballeros' });
    await expect(page).toHaveURL(/country=DO&city=santiago/);
    const santiago = await expectResults(page, request, '?country=DO&city=santiago');
    expect(santiago.total).toBeGreaterThan(0);
    for (const card of await page.getByRole('main').locator('article').all()) await expect(card).toContainText(findCity('DO', 'santiago')!.name);

    await filters(page)
      .getByLabel(/Ciudad/)
      .selectOption({ label: t.filters.anyCity });
    await filters(page).getByLabel(t.filters.zone).selectOption({ label: 'Distrito Nacional' });
    await expect(page).toHaveURL(/\?zone=DN$/);
    const dn = await expectResults(page, request, '?zone=DN');
    expect(dn.total).toBeGreaterThan(0);
    expect(dn.total).toBeLessThan(53);
  });

  test('each sort order changes the order of the cards, as the API sorts', async ({ page, request }) => {
    await openSearch(page);
    const firstPages: string[][] = [];
    for (const [sort, label] of [
      ['reviews', t.sort.reviews],
      ['rating_desc', t.sort.rating_desc],
      ['rating_asc', t.sort.rating_asc],
      ['popular', t.sort.popular],
    ] as const) {
      await page.getByLabel(t.sort.label).selectOption({ label });
      await expect(page).toHaveURL(sort === 'popular' ? /\/busqueda$/ : new RegExp(`\\?sort=${sort}$`));
      const shown = await expectResults(page, request, sort === 'popular' ? '' : `?sort=${sort}`);
      firstPages.push(shown.items.map((c) => c.id));
      const values = shown.items.map((c) => (sort === 'reviews' ? c.ratingCount : sort === 'popular' ? c.completedProjects : c.ratingAvg));
      const rated = sort === 'rating_asc' ? values.filter((_, i) => shown.items[i]!.ratingCount > 0) : values;
      const sorted = [...rated].sort((a, b) => (sort === 'rating_asc' ? a - b : b - a));
      expect(rated, sort).toEqual(sorted);
    }
    // Four different orders.
    expect(new Set(firstPages.map((ids) => ids.join())).size).toBe(4);
    // The spec's labels, spelled right.
    await expect(page.getByLabel(t.sort.label).locator('option')).toHaveText(['Más populares', 'Más reseñas', 'Puntuación alta', 'Puntuación baja']);
  });

  test('pages forward and back through the URL and the back button', async ({ page, request }) => {
    await openSearch(page);
    const page1 = await expectResults(page, request, '');
    expect(page1.pageCount).toBe(5);
    const nav = page.getByRole('navigation', { name: t.pagination.label });
    await expect(nav.getByRole('link', { name: t.pagination.page(1) })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: t.pagination.page(2) }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    const page2 = await expectResults(page, request, '?page=2');
    expect(page2.items.map((c) => c.id).some((id) => page1.items.some((c) => c.id === id))).toBe(false);
    await expect(nav.getByRole('link', { name: t.pagination.page(2) })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: t.pagination.next }).click();
    await expect(page).toHaveURL(/\?page=3$/);
    await expectResults(page, request, '?page=3');

    await page.goBack();
    await expect(page).toHaveURL(/\?page=2$/);
    await expectResults(page, request, '?page=2');
    await page.goBack();
    await expect(page).toHaveURL(/\/busqueda$/);
    await expectResults(page, request, '');
    await page.goForward();
    await expectResults(page, request, '?page=2');

    // The last page, straight from a shared link, with a filter kept while paging.
    await openSearch(page, '/busqueda?page=5');
    const last = await expectResults(page, request, '?page=5');
    expect(last.items).toHaveLength(53 - 4 * 12);
    await expect(nav.getByText(t.pagination.next)).toHaveAttribute('aria-disabled', 'true');
    await openSearch(page, '/busqueda?rating=withReviews&sort=reviews');
    const filtered = await api(request, '?rating=withReviews&sort=reviews');
    if (filtered.pageCount > 1) {
      await nav.getByRole('link', { name: t.pagination.page(2) }).click();
      await expect(page).toHaveURL(/\?rating=withReviews&sort=reviews&page=2$/);
      await expectResults(page, request, '?rating=withReviews&sort=reviews&page=2');
    }
  });

  test('nothing found: a Spanish message and a way to clear the filters', async ({ page, request }) => {
    await openSearch(page, '/busqueda?q=zzzxxqq');
    await expect(page.getByTestId('results-count')).toHaveText(countText(0));
    await expect(page.getByText(t.results.empty)).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: t.filters.clear }).last().click();
    await expect(page).toHaveURL(/\/busqueda$/);
    await expectResults(page, request, '');
  });

  test('on a phone (360 px) the filters open from a button', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openSearch(page);
    const button = page.getByRole('button', { name: /^Filtros/ });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(filters(page)).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(filters(page)).toBeVisible();
    await filters(page).getByRole('checkbox', { name: 'Plomería' }).click();
    const plumbers = await api(request, '?service=plomeria');
    await filters(page)
      .getByRole('button', { name: t.filters.showResults(String(plumbers.total), plumbers.total) })
      .click();
    await expect(filters(page)).toBeHidden();
    await expect(button).toContainText(t.filters.activeCount(1));
    await expectResults(page, request, '?service=plomeria');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('public contractor page /contractors/:id', () => {
  // An unknown contractor's page answers 404, which the browser logs.
  test.use({ allowedErrors: [/\/contractors\/[^:]+: Failed to load resource: the server responded with a status of 404/] });

  /** The demo contractor with the most approved reviews. */
  async function reviewed(request: APIRequestContext): Promise<ContractorPublicProfile> {
    const top = (await api(request, '?sort=reviews')).items[0]!;
    const res = await request.get(`/api/contractors/${top.id}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as ContractorPublicProfile;
  }

  test('from a card: name, company, rating, reviews, services, city, member since, projects', async ({ page, request }) => {
    const profile = await reviewed(request);
    await openSearch(page, '/busqueda?sort=reviews');
    await page.getByRole('main').getByRole('link', { name: profile.name }).first().click();
    await expect(page).toHaveURL(`/contractors/${profile.id}`);
    await expect(page.getByRole('heading', { level: 1, name: profile.name })).toBeVisible();
    if (profile.companyName) await expect(page.getByRole('main')).toContainText(profile.companyName);
    await expect(page.getByRole('main')).toContainText(t.card.reviews(String(profile.ratingCount), profile.ratingCount));
    const reviews = page.getByRole('region', { name: /Reseñas/ }).getByRole('article');
    await expect(reviews).toHaveCount(profile.reviews.length);
    expect(profile.reviews.length).toBeGreaterThan(0);
    await expect(reviews.first()).toContainText(profile.reviews[0]!.comment);
    await expect(reviews.first()).toContainText(profile.reviews[0]!.authorName);
    expect(profile.reviews[0]!.authorName).toMatch(/^\S+ \p{Lu}\.$/u);
    const details = page.getByRole('region', { name: t.page.details });
    await expect(details).toContainText(findCity(profile.country, profile.city!)!.name);
    await expect(details).toContainText(String(profile.completedProjects));
    await expect(page.getByRole('region', { name: t.page.services })).toContainText(/\S/);
    await expect(page).toHaveTitle(`${t.page.meta(profile).title} · ArreglaYa`);
    // Never private fields.
    expect(JSON.stringify(profile)).not.toMatch(/@|cedula|address|phone/i);
  });

  test('the raw HTML carries the title, description and Open Graph tags, and the page needs no second request', async ({ page, request, baseURL }) => {
    const profile = await reviewed(request);
    const res = await request.get(`/contractors/${profile.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const meta = t.page.meta(profile);
    const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(`<title>${attr(`${meta.title} · ArreglaYa`)}</title>`);
    expect(html).toContain(`<meta name="description" content="${attr(meta.description)}" />`);
    expect(html).toContain(`<meta property="og:title" content="${attr(`${meta.title} · ArreglaYa`)}" />`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/contractors/${profile.id}" />`);
    if (profile.avatarPhotoId) {
      expect(html).toContain(`<meta property="og:image" content="${baseURL}/api/photos/${profile.avatarPhotoId}/md" />`);
      const image = await request.get(`/api/photos/${profile.avatarPhotoId}/md`);
      expect(image.headers()['content-type']).toBe('image/jpeg');
    }
    // The shell's own title and description are gone (one of each).
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);

    // The profile comes in the HTML (its portfolio, /api/contractors/:id/portfolio, is read on its own).
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/contractors/${profile.id}`) apiCalls.push(r.url());
    });
    await page.goto(`/contractors/${profile.id}`);
    await expect(page.getByRole('heading', { level: 1, name: profile.name })).toBeVisible();
    expect(apiCalls).toEqual([]);
  });

  test('an unknown contractor: a Spanish not-found page, kept out of search engines', async ({ page, request }) => {
    const unknown = '0b9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11';
    expect((await request.get(`/api/contractors/${unknown}`)).status()).toBe(404);
    const res = await request.get(`/contractors/${unknown}`);
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain(`>${t.page.notFoundTitle}</h1>`);
    await page.goto(`/contractors/${unknown}`);
    await expect(page.getByRole('heading', { level: 1, name: t.page.notFoundTitle })).toBeVisible();
    await expect(page.getByText(t.page.notFound)).toBeVisible();
    await page.getByRole('link', { name: t.page.backToSearch }).click();
    await expect(page).toHaveURL(/\/busqueda$/);
  });
});

test('axe and screenshots of /busqueda and /contractors/:id at 360 and 1280 px', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  const top = (await api(request, '?sort=reviews')).items[0]!;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    for (const [url, name] of [
      ['/busqueda?type=plomeria', 'busqueda'],
      [`/contractors/${top.id}`, 'contractor'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (name === 'busqueda') await expect(cardNames(page).first()).toBeVisible();
      else
        await expect(
          page
            .getByRole('region', { name: /Reseñas/ })
            .getByRole('article')
            .first(),
        ).toBeVisible();
      await expectNoSeriousAxe(page, `${width}px ${url}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `directory-${name}-${width}.png`), fullPage: true });
    }
  }
  // The filters open on a phone pass axe too.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/busqueda');
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await expect(filters(page)).toBeVisible();
  const open = await new AxeBuilder({ page }).analyze();
  expect(open.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
