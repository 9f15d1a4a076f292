import { auth } from '@arreglaya/shared/i18n/auth';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { expect, testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { completeContractorProfile, createConfirmedAccount, signIn, signInWithDialog } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';

// The sysadmin console's people (docs/decisions/025-sysadmin-console.md): a sysadmin bans a
// contractor, who is gone from /busqueda and cannot sign in; axe on every console page built here.

const ADMIN = { email: 'jefa@arreglaya.do', password: 'Consola-Segura-2026' };
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

let server: AppServer;
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

test('a sysadmin bans a contractor: gone from search, refused at sign-in; axe on the console pages', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractor);
  const name = `${contractor.firstName} ${contractor.lastName}`;
  const search = `/busqueda?q=${encodeURIComponent(contractor.lastName)}`;

  // Listed before the ban.
  await page.goto(search);
  await expect(page.getByRole('article', { name })).toBeVisible();

  await signIn(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: t.overview.heading })).toBeVisible();
  const nav = page.getByRole('navigation', { name: t.navLabel });
  await expect(nav.getByRole('link', { name: t.nav.overview })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('table', { name: t.overview.tableCaption })).toBeAttached();
  await expectNoSeriousAxe(page, '/admin');

  await nav.getByRole('link', { name: t.nav.people }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.people.heading })).toBeVisible();
  await expect(nav.getByRole('link', { name: t.nav.people })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('searchbox', { name: t.people.searchLabel }).fill(contractor.email);
  await page.getByRole('button', { name: t.people.search }).click();
  await expect(page.getByText(t.people.results(1, '1'), { exact: true })).toBeVisible();
  await expectNoSeriousAxe(page, '/admin/personas');

  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectNoSeriousAxe(page, '/admin/personas/:id');
  await page.getByLabel(t.person.banReason).fill('Cobros fuera de la plataforma');
  await page.getByRole('button', { name: t.person.banConfirm }).click();
  await expect(page.getByTestId('message-box')).toContainText(t.person.banned);
  await expect(page.getByRole('button', { name: t.person.unban })).toBeVisible();
  await expect(page.getByText(t.person.bannedSince(''), { exact: false })).toBeVisible();

  // Gone from search (the directory's cache hears of the ban); a visitor's page, another context.
  const visitor = await browser.newPage();
  await expect(async () => {
    await visitor.goto(search);
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByRole('article', { name })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // The contractor cannot sign in: the dialog says why.
  await visitor.goto('/login');
  await signInWithDialog(visitor, contractor.email, contractor.password);
  await expect(visitor.getByRole('dialog', { name: auth.signIn.title }).getByText(apiErrors.ACCOUNT_DISABLED)).toBeVisible();
  await visitor.close();
});

test('the console menu folds behind a button at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN);
  await page.goto('/admin/personas');
  const nav = page.getByRole('navigation', { name: t.navLabel });
  const toggle = nav.getByRole('button', { name: t.menuToggle });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: t.nav.overview })).toBeHidden();
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: t.nav.overview }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.overview.heading })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/admin at 360 px');
});

test('the people search and a person page pass axe at 360 px; the table scrolls in its own region, not the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN);
  await page.goto(`/admin/personas?q=${encodeURIComponent(ADMIN.email)}`);
  await expect(page.getByText(t.people.results(1, '1'), { exact: true })).toBeVisible();
  const region = page.getByRole('region', { name: t.people.heading });
  await expect(region.getByRole('table', { name: t.people.heading })).toBeVisible();
  // The region takes the keyboard's focus, so arrow keys scroll the table sideways.
  await region.focus();
  await expect(region).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/admin/personas at 360 px');

  await region.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: t.person.profile })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/admin/personas/:id at 360 px');
});
