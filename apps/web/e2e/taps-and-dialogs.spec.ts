import type { Page } from '@playwright/test';
import { auth } from '@arreglaya/shared/i18n/auth';
import { projects as tproj } from '@arreglaya/shared/i18n/projects';
import { offerPanel } from '@arreglaya/shared/i18n/quotes-web';
import { shell } from '@arreglaya/shared/i18n/shell';
import { PROJECT_STATUS_LABELS } from '@arreglaya/shared/lifecycles';
import { API_HEADERS } from './support/api.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// Issue 31, items 6 and 7 (decision 032): the first dialog opens without downloading react-aria
// after the tap; "Volver arriba" never covers a field being filled in nor a bottom action bar; a
// double tap on an action sends it once and shows only its success.

const test = testWithOwnServer();

/** Whether the page has loaded a script whose file name starts with one of `names` (a Vite chunk). */
function loadedChunk(page: Page, names: string[]): Promise<boolean> {
  return page.evaluate(
    (prefixes) => performance.getEntriesByType('resource').some((entry) => prefixes.some((prefix) => new RegExp(`/assets/${prefix}-[^/]+\\.js$`).test(entry.name))),
    names,
  );
}

const DIALOG_CHUNKS = ['modal-dialog', 'Modal'];

test("the dialogs' code is in the browser before the first tap: opening sign-in requests none of it", async ({ page }) => {
  await page.goto('/');
  // Fetched in the first idle moment after the page is ready, not by the page's loader.
  await expect.poll(() => loadedChunk(page, DIALOG_CHUNKS)).toBe(true);
  const requested: string[] = [];
  page.on('request', (request) => {
    if (DIALOG_CHUNKS.some((name) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(request.url()))) requested.push(request.url());
  });
  await page.getByRole('navigation', { name: shell.nav.label }).getByRole('link', { name: shell.nav.signIn }).click();
  await expect(page.getByRole('dialog', { name: auth.signIn.title })).toBeVisible();
  expect(requested).toEqual([]);
});

/** The texts of fixed or sticky elements (other than the button) whose box meets the button's. */
function coveredByButton(page: Page): Promise<string[]> {
  return page.evaluate((label) => {
    const button = document.querySelector(`button[aria-label="${label}"]`);
    if (!button) throw new Error('no "Volver arriba" button');
    const b = button.getBoundingClientRect();
    return [...document.querySelectorAll('body *')]
      .filter((el) => el !== button && !el.contains(button) && ['fixed', 'sticky'].includes(getComputedStyle(el).position))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
      })
      .map((el) => el.outerHTML.slice(0, 120));
  }, shell.scrollToTop);
}

test('"Volver arriba" at 360 px: hidden while a form field has focus, and above a bottom action bar', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto('/contactus');
  const button = page.getByRole('button', { name: shell.scrollToTop });
  const field = page.getByRole('main').getByRole('textbox').first();
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expect(button).toBeVisible();
  expect(await coveredByButton(page)).toEqual([]);

  // Focused where it is (a tap on it would not scroll the page either).
  await field.evaluate((el: HTMLElement) => el.focus({ preventScroll: true }));
  await expect(button).toBeHidden();
  await field.blur();
  await expect(button).toBeVisible();

  // A bottom bar of actions (a page's fixed "Guardar" bar) marks itself; the button moves above it.
  await page.evaluate(() => {
    const bar = document.createElement('div');
    bar.setAttribute('data-action-bar', '');
    bar.style.cssText = 'position:fixed;left:0;right:0;bottom:0;height:72px;background:#fff';
    bar.textContent = 'Barra de acciones';
    document.body.append(bar);
    window.scrollBy({ top: 10, behavior: 'instant' });
  });
  await expect.poll(() => coveredByButton(page)).toEqual([]);
  await expect(button).toBeVisible();
});

test('a double tap on "Marcar como entregado" sends one request and shows only the success', async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const hire = await hiredProject(ownServer.baseURL, ownServer.mailbox, {
    title: 'Llave del lavamanos',
    description: 'La llave del baño gotea sin parar.',
    priceMinor: 450_000,
    offer: 'Cambio la llave y reviso las conexiones.',
  });
  await fundHire(hire.clientApi, hire.projectId);
  expect((await hire.contractorApi.post(`/api/projects/${hire.projectId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/sign-in', { data: { email: hire.contractor.email, password: hire.contractor.password }, headers: API_HEADERS })).status()).toBe(200);
  await page.goto(`/proyectos/${hire.projectId}`);
  const job = page.getByRole('region', { name: offerPanel.jobTitle });
  const deliver = job.getByRole('button', { name: offerPanel.deliver });
  await expect(deliver).toBeEnabled();

  const statusPath = `/api/projects/${hire.projectId}/status`;
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === statusPath) posts.push(request.url());
  });
  // The page's refresh after the answer takes a moment, as on a phone's network: the time a second
  // tap used to find the button enabled again and send the delivery twice (409).
  let slowRefresh = false;
  await page.route(`**/api/projects/${hire.projectId}**`, async (route) => {
    if (slowRefresh && route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.fallback();
  });

  await deliver.scrollIntoViewIfNeeded();
  const box = (await deliver.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  slowRefresh = true;
  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === statusPath);
  await page.mouse.click(x, y);
  await page.mouse.click(x, y);
  expect((await answered).status()).toBe(200);
  // One more tap once the answer is in, while the page is still refreshing.
  await page.mouse.click(x, y);

  await expect(page.getByTestId('message-box')).toContainText(tproj.statusChanged.delivered);
  await expect(job).toContainText(PROJECT_STATUS_LABELS.delivered);
  await expect(deliver).toHaveCount(0);
  expect(posts).toHaveLength(1);
  await expect(page.getByText(tproj.refused.deliver)).toHaveCount(0);
  await expect(job.getByRole('alert')).toHaveCount(0);
});
