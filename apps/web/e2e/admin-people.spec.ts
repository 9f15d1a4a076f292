import type { Locator } from '@playwright/test';
import { offerTerms } from './support/offer-terms.ts';
import { auth } from '@arreglaya/shared/i18n/auth';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { projectsWeb } from '@arreglaya/shared/i18n/projects';
import { QUOTE_STATUS_LABELS } from '@arreglaya/shared/lifecycles';
import { expect, testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { completeContractorProfile, createConfirmedAccount, signIn, signInWithDialog } from './support/accounts.ts';
import { apiAs } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';

// The sysadmin console's people (docs/decisions/025-sysadmin-console.md): a sysadmin bans a
// contractor, who is gone from /busqueda and cannot sign in; axe on every console page built here;
// the banned contractor's open offer stays on the client's page, withdrawn (decision 023).

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
  // It asks first, naming the person and what will happen (issue 46).
  const ask = page.getByRole('alertdialog', { name: t.person.banAsk(name) });
  await expect(ask).toContainText(t.person.banWarning(contractor.email, 'Cobros fuera de la plataforma'));
  await expectNoSeriousAxe(page, '/admin/personas/:id, the ban’s question');
  await ask.getByRole('button', { name: t.person.banConfirm }).click();
  await expect(ask).toBeHidden();
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
  // Each count opens the list it counts (issue 46): the sysadmins, filtered.
  await page.getByRole('link', { name: new RegExp(`^${t.roles.sysadmin}: \\d+$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.people.heading })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/personas\?role=sysadmin$/);
  await expect(page.getByRole('combobox', { name: t.people.roleLabel })).toHaveValue('sysadmin');
});

/** How many lines `locator`'s text takes on screen, leaving out what is hidden from screen readers (a card's column names). */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('[aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size;
  });
}

test('at 360 × 740 the people list is a column of people: no sideways scroll, each e-mail on one or two lines; axe', async ({ page }) => {
  // A long address, the kind the phone walk saw broken letter by letter.
  const long = { email: 'maria.fernanda.de.los.santos@constructora-del-cibao.com.do', password: 'Otra-Consola-Segura-2026' };
  const adminApi = await apiAs(server.baseURL, ADMIN);
  expect((await adminApi.post('/api/admin/sysadmins', { data: long })).status()).toBeLessThan(300);
  await adminApi.dispose();

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN);
  await page.goto('/admin/personas?role=sysadmin');
  await expect(page.getByText(t.people.results(2, '2'), { exact: true })).toBeVisible();
  // Still a table for a screen reader: its column headers and one row header per person.
  const table = page.getByRole('table', { name: t.people.heading });
  await expect(table.getByRole('columnheader', { name: t.people.email })).toBeAttached();
  await expect(table.getByRole('rowheader')).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const region = page.getByRole('region', { name: t.people.heading });
  expect.soft(await region.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the table scrolls sideways in its region').toBe(true);
  for (const email of [long.email, ADMIN.email]) {
    const cell = table.getByRole('cell', { name: email });
    await expect(cell).toBeVisible();
    expect.soft(await linesOf(cell), email).toBeLessThanOrEqual(2);
  }
  await expectNoSeriousAxe(page, '/admin/personas at 360 px');

  await table.getByRole('row').filter({ hasText: long.email }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: t.person.profile })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/admin/personas/:id at 360 px');

  // Suspender cuenta on a phone: the question names the person, fits the screen; then the message and the new state.
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByLabel(t.person.banReason).fill('Cuenta duplicada');
  await page.getByRole('button', { name: t.person.banConfirm }).click();
  const ask = page.getByRole('alertdialog', { name: t.person.banAsk(name) });
  await expect(ask).toContainText(long.email);
  const box = await ask.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await expectNoSeriousAxe(page, 'the ban’s question at 360 px');
  await ask.getByRole('button', { name: t.person.banConfirm }).click();
  await expect(page.getByTestId('message-box')).toContainText(t.person.banned);
  await expect(page.getByTestId('message-box')).toBeInViewport();
  await expect(page.getByRole('button', { name: t.person.unban })).toBeVisible();
  await expect(page.getByText(t.person.bannedSince(''), { exact: false })).toBeVisible();
});

test('an offer from a contractor banned after offering stays on the client’s project page, withdrawn, as "Perfil no disponible"; axe at 1280 and 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractor);
  const clientApi = await apiAs(server.baseURL, client);
  const created = await clientApi.post('/api/projects', {
    data: {
      services: ['plomeria'],
      title: 'Destapar el fregadero',
      propertyType: 'casa',
      description: 'El fregadero de la cocina no drena.',
      startDate: dayFromToday(7),
      city: 'santo-domingo',
      zone: 'DN',
      street: 'Calle El Conde 105',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projectId = ((await created.json()) as { project: { id: string } }).project.id;
  const contractorApi = await apiAs(server.baseURL, contractor);
  const offered = await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor: 450_000, description: 'Destape con máquina y revisión.' } });
  expect(offered.status(), await offered.text()).toBe(201);
  const contractorId = ((await (await contractorApi.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  const adminApi = await apiAs(server.baseURL, ADMIN);
  expect((await adminApi.post(`/api/admin/people/${contractorId}/ban`, { data: { reason: 'Cobros fuera de la plataforma' } })).status()).toBe(200);

  await signIn(page, client);
  await page.goto(`/proyectos/${projectId}`);
  const card = page.getByRole('article', { name: `${contractor.firstName} ${contractor.lastName}` });
  await expect(card).toContainText(projectsWeb.offers.profileUnavailable);
  await expect(card).toContainText(QUOTE_STATUS_LABELS.withdrawn);
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(card.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAxe(page, '/proyectos/:id with an unlisted offer');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/proyectos/:id with an unlisted offer at 360 px');
  await Promise.all([clientApi.dispose(), contractorApi.dispose(), adminApi.dispose()]);
});

test.describe('Crear sysadmin', () => {
  // The refusal of an e-mail that has an account is a 409 the browser logs.
  test.use({ allowedErrors: [/\/api\/admin\/sysadmins: Failed to load resource: the server responded with a status of 409/] });

  test('"Crear sysadmin" at 360 px asks first, naming a long e-mail that fits the screen; an e-mail with an account is refused (decision 050)', async ({ page }) => {
    const email = 'ana.lucia.del.carmen.rosario@ferreteria-del-cibao.com.do';
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, ADMIN);
    await page.goto('/admin/personas');
    const form = page.getByRole('region', { name: t.people.createSysadmin });
    await form.getByLabel(t.people.emailLabel).fill(email);
    await form.getByLabel(t.people.passwordLabel, { exact: true }).fill('Otra-Consola-Segura-2026');
    await form.getByRole('button', { name: t.people.create }).click();
    const ask = page.getByRole('alertdialog', { name: t.people.createAsk(email) });
    await expect(ask).toContainText(t.people.createWarning);
    await expect(ask.getByRole('button', { name: t.people.createCancel })).toBeFocused();
    const box = await ask.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await ask.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoSeriousAxe(page, 'the create-sysadmin question at 360 px');
    await ask.getByRole('button', { name: t.people.createConfirm }).click();
    await expect(page.getByTestId('message-box')).toContainText(t.people.created);
    await expect(ask).toHaveCount(0);

    // The same e-mail again: nothing is created and the account keeps its password.
    await form.getByLabel(t.people.emailLabel).fill(email);
    await form.getByLabel(t.people.passwordLabel, { exact: true }).fill('Clave-Que-No-Se-Usa-2026');
    await form.getByRole('button', { name: t.people.create }).click();
    await ask.getByRole('button', { name: t.people.createConfirm }).click();
    await expect(ask.getByRole('alert')).toHaveText(t.people.emailTaken);
    await ask.getByRole('button', { name: t.people.createCancel }).click();
    await expect(form.getByLabel(t.people.emailLabel)).toHaveAccessibleDescription(t.people.emailTaken);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const other = await apiAs(server.baseURL, { email, password: 'Otra-Consola-Segura-2026' });
    expect((await other.get('/api/admin/overview')).status()).toBe(200);
    await other.dispose();
  });
});
