import { offerTerms } from './support/offer-terms.ts';
import { expect, type Page } from '@playwright/test';
import { notices as t } from '@arreglaya/shared/i18n/notices';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { shell } from '@arreglaya/shared/i18n/shell';
import type { NoticesPage } from '@arreglaya/shared/schemas/notifications';
import { signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { openProject } from './support/hired-project.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';

// Issue 31's notification centre: a contractor makes an offer, the client sees the bell's count go
// up live (the chat's socket, no reload), opens the centre, follows the notice
// to the project page and the notice is read. The centre at 360 px: the phone menu's entry, no
// horizontal scroll, keyboard, axe.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

/** Resolves once the page's chat socket has said `ready` (it is then subscribed to the person's events). */
function socketReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).includes('"ready"') && resolve()));
  });
}

test('an offer rings the client’s bell live; the centre leads to the project, which reads the notice', async ({ page }) => {
  test.setTimeout(120_000);
  const title = 'Cambiar la llave del lavamanos';
  const { client, contractorApi, projectId } = await openProject(server.baseURL, server.mailbox, { title, description: 'La llave del lavamanos del baño gotea día y noche.' });

  await page.setViewportSize({ width: 1280, height: 900 });
  const ready = socketReady(page);
  await signIn(page, client);
  await page.goto('/perfil/proyectos');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: t.bell(0), exact: true })).toBeVisible();
  await ready;

  // The offer, while the client looks at another page: the bell counts it without a reload, from
  // the socket's notice frame (chat-live then asks /api/me/unread, which nothing else asks).
  const unreadReads: string[] = [];
  page.on('request', (r) => r.url().includes('/api/me/unread') && unreadReads.push(r.url()));
  const offered = await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor: 350_000, description: 'Cambio de llave con materiales.' } });
  expect(offered.status(), await offered.text()).toBe(201);
  const bell = header.getByRole('link', { name: t.bell(1), exact: true });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveText('1');
  expect(unreadReads.length).toBeGreaterThan(0);

  // The centre: the notice unread, then followed with the keyboard.
  await bell.click();
  await expect(page).toHaveURL(/\/perfil\/avisos$/);
  await expect(page.getByRole('heading', { level: 1, name: shell.pages.notices })).toBeVisible();
  const item = page.getByRole('link', { name: new RegExp(`^${t.unread}: ${tm.newQuote.title}`) });
  await expect(item).toBeVisible();
  await expect(page.locator('p', { hasText: t.unreadSummary(1) })).toBeVisible();
  await expectNoSeriousAxe(page, 'avisos 1280');

  await item.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/proyectos/${projectId}#ofertas$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(header.getByRole('link', { name: t.bell(0), exact: true })).toBeVisible();
  const listed = (await (await page.request.get('/api/me/notices')).json()) as NoticesPage;
  expect(listed.items.map((n) => [n.title, n.read, n.url])).toEqual([[tm.newQuote.title, true, `/proyectos/${projectId}#ofertas`]]);

  // On the phone: the menu's entry, the centre without horizontal scroll, axe.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/perfil/avisos');
  await expect(page.getByRole('link', { name: tm.newQuote.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, 'avisos 360');
  await header.getByRole('button', { name: shell.nav.openMenu }).click();
  const entry = page.getByRole('navigation', { name: shell.nav.label }).getByRole('link', { name: t.bell(0), exact: true });
  await expect(entry).toBeVisible();
  await expect(page.getByRole('button', { name: t.markAll })).toBeDisabled();
});
