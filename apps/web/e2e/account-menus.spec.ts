import type { Page } from '@playwright/test';
import { auth } from '@arreglaya/shared/i18n/auth';
import { adminConsole } from '@arreglaya/shared/i18n/admin-console';
import { expect, testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { completeContractorProfile, createConfirmedAccount, signIn } from './support/accounts.ts';

// Every entry of every menu lands on its own page (issue 35): the URL stays the entry's and the
// page has its heading, never a redirect to another page (the contractor's "Proyectos" once
// bounced to /profile/info).

const ADMIN = { email: 'menus-admin@arreglaya.do', password: 'Consola-Segura-2026' };
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

let server: AppServer;
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

/** Opens `start`, then follows each link of the menu `navName` and checks where it landed. */
async function everyEntryLands(page: Page, start: string, navName: string): Promise<string[]> {
  await page.goto(start);
  const nav = page.getByRole('navigation', { name: navName });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const entries = await nav.getByRole('link').evaluateAll((links) => links.map((a) => ({ href: a.getAttribute('href')!, name: (a.textContent ?? '').trim() })));
  expect(entries.length).toBeGreaterThan(2);
  for (const entry of entries) {
    await nav.getByRole('link', { name: entry.name, exact: false }).first().click();
    await expect(page, `${entry.name} → ${entry.href}`).toHaveURL((url) => url.pathname === entry.href);
    await expect(page.getByRole('heading', { level: 1 }).first(), `${entry.name} has a heading`).toBeVisible();
    // Still there once the page's data has loaded (a guard or a page may redirect late).
    await page.waitForLoadState('networkidle');
    await expect(page, `${entry.name} stays on ${entry.href}`).toHaveURL((url) => url.pathname === entry.href);
  }
  return entries.map((e) => e.href);
}

test('a client’s menu entries each open their own page', async ({ page }) => {
  test.setTimeout(120_000);
  const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  await signIn(page, client);
  const hrefs = await everyEntryLands(page, '/perfil', auth.accountArea.menuLabel);
  expect(hrefs).toContain('/perfil/proyectos');
});

test('a contractor’s menu entries each open their own page, Proyectos included', async ({ page }) => {
  test.setTimeout(120_000);
  const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractor);
  await signIn(page, contractor);
  const hrefs = await everyEntryLands(page, '/profile', auth.accountArea.menuLabel);
  expect(hrefs).toContain('/profile/proyectos');
  await page.goto('/profile/proyectos');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis proyectos' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Mis trabajos' }).getByRole('link')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Mis ofertas' }).getByRole('link')).toBeVisible();
});

test('a sysadmin’s account menu and console sections each open their own page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await everyEntryLands(page, '/profile', auth.accountArea.menuLabel);
  await everyEntryLands(page, '/admin', adminConsole.navLabel);
});
