import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { auth } from '@arreglaya/shared/i18n/auth';
import { paymentsWeb } from '@arreglaya/shared/i18n/payments';
import { projectsWeb as tpw } from '@arreglaya/shared/i18n/projects';
import { reviews as tr } from '@arreglaya/shared/i18n/reviews';
import { shell } from '@arreglaya/shared/i18n/shell';
import { completeContractorProfile, createConfirmedAccount, signIn } from './support/accounts.ts';
import { apiAs } from './support/api.ts';
import { dayFromToday } from './support/dates.ts';
import { expect, testWithOwnServer, watchPageErrors, type AppServer } from './support/fixtures.ts';
import { offerTerms } from './support/offer-terms.ts';

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
    // The page comes first on a phone, the account's menu folded under one toggle (issue 46).
    expect((await heading.boundingBox())!.y).toBeLessThan(400);
    await expect(page.getByRole('navigation', { name: auth.accountArea.menuLabel })).toBeHidden();

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
    await page.getByRole('button', { name: auth.accountArea.menuToggle }).click();
    await page.getByRole('navigation', { name: auth.accountArea.menuLabel }).locator(`a[href="${notices}"]`).click();
    await expect(page).toHaveURL(notices);
    // Folded again, the new page's heading in view: the tap visibly did something.
    await expect(page.getByRole('navigation', { name: auth.accountArea.menuLabel })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: shell.pages.notices })).toBeInViewport();
    await page.clock.runFor(PAST_COLLECTION);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(shell.loading)).toHaveCount(0);
  });
}

test('a homeowner’s whole journey at 360 px, longer than the cache’s collection time, follows the contractor live without a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractor);
  const contractorApi = await apiAs(server.baseURL, contractor);
  const contractorName = `${contractor.firstName} ${contractor.lastName}`;
  const errors = watchPageErrors(page);
  await page.clock.install();
  await signIn(page, client);
  // From here on every page is reached by a tap: a full load would hide what five minutes do.
  let loads = 0;
  page.on('load', () => loads++);
  const main = page.getByRole('main');
  const status = (label: string) => expect(main.getByText(/^Estado: \S/).first()).toHaveText(`${tpw.page.status}: ${label}`);

  // 1. She posts a project from the phone menu.
  await (await openPhoneMenu(page)).getByRole('link', { name: shell.nav.newProject }).click();
  const title = `Inodoro que gotea ${randomUUID().slice(0, 6)}`;
  await main.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
  await main.getByLabel(tpw.form.title, { exact: true }).fill(title);
  await main.getByLabel(tpw.form.propertyType, { exact: true }).selectOption('casa');
  await main.getByLabel(tpw.form.description, { exact: true }).fill('El inodoro gotea por la base desde ayer.');
  await main.getByLabel(tpw.form.startDate, { exact: true }).fill(dayFromToday(3));
  await main.getByLabel(tpw.form.city, { exact: true }).selectOption('santo-domingo');
  await main.getByLabel(tpw.form.street, { exact: true }).fill('Calle 8 #25');
  await main.getByRole('button', { name: tpw.form.save }).click();
  await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
  const projectId = new URL(page.url()).pathname.split('/').pop()!;
  await status('Abierto');
  await expect(main.getByText(tpw.offers.none)).toBeVisible();

  // 2. Minutes pass; the contractor offers: her open page shows the offer by itself.
  await page.clock.runFor(PAST_COLLECTION);
  expect(
    (await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor: 600_000, description: 'Cambio la cera y el tubo.' } })).status(),
  ).toBe(201);
  const card = main.getByRole('list', { name: tpw.offers.listLabel }).getByRole('article');
  await expect(card).toContainText(contractorName);
  await expect(card).toContainText('RD$6,000.00');

  // 3. She counters; he accepts the counter: her card says so without a reload.
  await card.getByRole('button', { name: `${tpw.offers.counter}: ${contractorName}` }).click();
  const counter = page.getByRole('dialog', { name: tpw.offers.counterTitle });
  await counter.getByLabel(tpw.offers.counterPriceLabel('DOP')).fill('5,000');
  await counter.getByRole('button', { name: tpw.offers.send }).click();
  await expect(card).toContainText(tpw.offers.counterStatus.pending);
  await page.clock.runFor(PAST_COLLECTION);
  const [quote] = ((await (await contractorApi.get(`/api/projects/${projectId}/quotes`)).json()) as { items: { id: string }[] }).items;
  expect((await contractorApi.post(`/api/quotes/${quote!.id}/counter/answer`, { data: { accept: true } })).status()).toBe(200);
  await expect(card).toContainText(tpw.offers.counterStatus.accepted);

  // 4. She hires him and pays under protection with a new card.
  await card.getByRole('button', { name: `${tpw.offers.accept}: ${contractorName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: tpw.offers.accept }).click();
  await status('Asignado');
  const pay = main.getByRole('region', { name: paymentsWeb.fund.title });
  await pay.getByLabel(paymentsWeb.cardForm.number).fill('4242 4242 4242 4242');
  await pay.getByLabel(paymentsWeb.cardForm.expiry).fill(`12${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`);
  await pay.getByLabel(paymentsWeb.cardForm.cvc).fill('123');
  await pay.getByLabel(paymentsWeb.cardForm.postalCode).fill('10101');
  await pay.getByLabel(paymentsWeb.cardForm.country).selectOption('DO');
  await pay.getByRole('button', { name: new RegExp(`^${paymentsWeb.fund.pay}`) }).click();
  await expect(page.getByTestId('money-state')).toContainText(paymentsWeb.state.heldClient('RD$5,000.00'));
  await expect(main.getByRole('region', { name: tpw.page.contact })).toContainText(contractor.email);

  // 5. More minutes; he starts and delivers: her page offers the approval by itself.
  await page.clock.runFor(PAST_COLLECTION);
  expect((await contractorApi.post(`/api/projects/${projectId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
  await status('En progreso');
  expect((await contractorApi.post(`/api/projects/${projectId}/status`, { data: { status: 'delivered', note: 'Cera nueva, sin fugas.' } })).status()).toBe(200);
  await status('Entregado');
  // The delivery's notice opens her project where she approves, not 2,000 px above it.
  await (await openPhoneMenu(page)).locator('a[href="/perfil/avisos"]').first().click();
  await main.locator('a[href^="/proyectos/"]').first().click();
  await expect(page).toHaveURL(`/proyectos/${projectId}#trabajo`);
  await expect(main.getByRole('button', { name: tpw.after.approve })).toBeInViewport();
  await main.getByRole('button', { name: tpw.after.approve }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: tpw.after.approve }).click();
  await status('Completado');

  // 6. She reviews him; then her account's pages, from the phone menu, still know her.
  await page.getByRole('button', { name: tr.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: tr.ratingOption(5) }).check();
  await dialog.getByLabel(tr.titleLabel).fill('Rápido y limpio');
  await dialog.getByLabel(tr.commentsLabel).fill('Vino el mismo día y dejó todo seco.');
  await dialog.getByRole('button', { name: tr.submit }).click();
  await expect(page.getByText(tr.pendingNote)).toBeVisible();
  await page.clock.runFor(PAST_COLLECTION);
  await (await openPhoneMenu(page)).getByRole('link', { name: shell.nav.myProjects }).click();
  await expect(main.getByRole('link', { name: title })).toBeVisible();
  expect(loads).toBe(0);
  expect(errors).toEqual([]);
  await contractorApi.dispose();
});
