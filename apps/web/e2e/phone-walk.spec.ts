import type { Page } from '@playwright/test';
import { auth } from '@arreglaya/shared/i18n/auth';
import { shell } from '@arreglaya/shared/i18n/shell';
import { completeContractorProfile, createConfirmedAccount, signIn } from './support/accounts.ts';
import { expect, testWithOwnServer, type AppServer } from './support/fixtures.ts';

// Issue 46: a phone walk of twenty minutes. Time is moved with Playwright's clock rather than
// waited for: what broke after five minutes (TanStack Query's garbage collection of the session
// entry, nothing subscribed to it) is a timer like any other.

const test = testWithOwnServer();
let server: AppServer;
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.use({ viewport: { width: 360, height: 740 } });

/** Longer than TanStack Query's default garbage-collection time (five minutes) and several polls of the session. */
const PAST_COLLECTION = '07:00';

/** The phone menu, opened: the signed-in person's entries are there (or the visitor's, when the session was lost). */
async function openPhoneMenu(page: Page) {
  await page.getByRole('button', { name: shell.nav.openMenu }).click();
  return page.getByRole('navigation', { name: shell.nav.label });
}

for (const role of ['client', 'contractor'] as const) {
  test(`a ${role} keeps the page and the menu after more than five minutes without a reload`, async ({ page }) => {
    test.setTimeout(90_000);
    const account = await createConfirmedAccount(server.baseURL, server.mailbox, role);
    if (role === 'contractor') await completeContractorProfile(server.baseURL, account);
    await page.clock.install();
    await signIn(page, account);
    const payments = role === 'client' ? '/perfil/pagos' : '/profile/pagos';
    await page.goto(payments);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const title = await heading.textContent();

    await page.clock.runFor(PAST_COLLECTION);

    // Still the person's page and menu: no endless "Cargando..." and no visitor's menu.
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();
    await expect(page.getByRole('main').getByText(shell.loading)).toHaveCount(0);
    const menu = await openPhoneMenu(page);
    await expect(menu.getByRole('button', { name: shell.nav.signOut }).or(menu.getByRole('link', { name: shell.nav.signOut }))).toBeVisible();
    await expect(page.getByRole('button', { name: shell.nav.signIn }).or(page.getByRole('link', { name: shell.nav.signIn }))).toHaveCount(0);
    // And another of the account's pages opens by a tap, without a reload, and stays.
    await page.keyboard.press('Escape');
    const notices = '/perfil/avisos';
    await page.getByRole('navigation', { name: auth.accountArea.menuLabel }).locator(`a[href="${notices}"]`).click();
    await expect(page).toHaveURL(notices);
    await page.clock.runFor(PAST_COLLECTION);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(shell.loading)).toHaveCount(0);
  });
}
