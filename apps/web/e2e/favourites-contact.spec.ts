import path from 'node:path';
import { expect, request, type Page } from '@playwright/test';
import { SERVICE_LABELS, type ServiceType } from '@arreglaya/shared/domain';
import { auth } from '@arreglaya/shared/i18n/auth';
import { contractorContact } from '@arreglaya/shared/i18n/contractor-contact';
import { favourites } from '@arreglaya/shared/i18n/favourites';
import { shell } from '@arreglaya/shared/i18n/shell';
import { validation, success } from '@arreglaya/shared/i18n/common';
import type { Session } from '@arreglaya/shared/schemas/auth';
import type { ContactContext, ContractorCard, DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { planActivity } from '../../server/src/demo/plan-projects.ts';
import { planPeople } from '../../server/src/demo/plan-people.ts';
import { DEMO_SEED, mulberry32, Rng } from '../../server/src/demo/random.ts';
import { DEMO_SIZE } from '../../server/src/demo/seed-demo.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { completeContractorProfile, createConfirmedAccount, signInWithDialog, type TestAccount } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';

// Favourites and the Contact Contractor dialog against a server with the demo data
// (docs/decisions/014-favourites-and-service-requests.md).

const DEMO_PASSWORD = 'demo-arreglaya';

// One server with the demo data for this file; `server` is it, for the helpers below.
let server: AppServer;
const test = testWithOwnServer({ DEMO_DATA: '1' });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

test.describe.configure({ mode: 'serial' });

/** Signs the page's browser context in through the API (the sign-in dialog is tested elsewhere). */
async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in', {
    data: { email: account.email, password: account.password },
    headers: { 'x-requested-with': 'arreglaya' },
  });
  expect(res.status()).toBe(200);
}

/** Demo clients (by e-mail) who have open projects, read from the same plan the seed follows. */
function demoClientsWithOpenProjects(): string[] {
  const rng = new Rng(mulberry32(DEMO_SEED));
  const now = new Date();
  const { contractors, clients } = planPeople(rng, now, DEMO_SIZE.clients);
  const { projects } = planActivity(rng, now, contractors, clients, DEMO_SIZE);
  return clients.filter((c) => projects.some((p) => p.clientId === c.user.id && p.status === 'created')).map((c) => c.user.email);
}

/** A listed demo contractor offering `service` but none of `without`. */
async function demoContractor(page: Page, service: ServiceType, without: ServiceType[] = []): Promise<ContractorCard> {
  const res = await page.request.get(`/api/contractors?service=${service}`);
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as DirectoryPage).items.find((c) => !c.services.some((s) => without.includes(s)));
  if (!found) throw new Error(`No demo contractor for ${service}`);
  return found;
}

const heart = (page: Page, name: string) => page.getByRole('button', { name: favourites.toggle(name), exact: true });

async function openFavourites(page: Page, query = ''): Promise<void> {
  await page.goto(`/perfil/favoritos${query}`);
  await expect(page.getByRole('heading', { level: 1, name: favourites.title })).toBeVisible();
}

const count = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /favorito/ });
const favouritesList = (page: Page) => page.getByRole('list', { name: favourites.listLabel });

test.describe('favourites', () => {
  let client: TestAccount;
  test.beforeAll(async ({ ownServer }) => {
    client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
  });

  test('a visitor clicking a heart gets the sign-in dialog and comes back to the same page', async ({ page }) => {
    const plumber = await demoContractor(page, 'plomeria');
    await page.goto(`/contractors/${plumber.id}`);
    await heart(page, plumber.name).first().click();
    await signInWithDialog(page, client.email, client.password);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/contractors/${plumber.id}$`));
    await expect(heart(page, plumber.name).first()).toHaveAttribute('aria-pressed', 'false');
  });

  test('a client adds favourites from the search and a contractor page, filters and counts them, and removes one', async ({ page }) => {
    const plumber = await demoContractor(page, 'plomeria', ['pintura']);
    const painter = await demoContractor(page, 'pintura', ['plomeria']);
    await signIn(page, client);

    await openFavourites(page);
    await expect(page.getByText(favourites.empty)).toBeVisible();
    await expect(count(page)).toHaveText('0 favoritos');

    // From the search results.
    await page.goto('/busqueda?service=plomeria');
    const add = heart(page, plumber.name);
    await add.click();
    const remove = heart(page, plumber.name);
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    // From the contractor's page.
    await page.goto(`/contractors/${painter.id}`);
    await heart(page, painter.name).first().click();
    await expect(heart(page, painter.name).first()).toHaveAttribute('aria-pressed', 'true');
    // The heart survives a reload: it is stored, not only drawn.
    await page.reload();
    await expect(heart(page, painter.name).first()).toHaveAttribute('aria-pressed', 'true');

    await openFavourites(page);
    await expect(count(page)).toHaveText('2 favoritos');
    const list = favouritesList(page);
    await expect(list.getByRole('article')).toHaveCount(2);
    // Newest first.
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([painter.name, plumber.name]);

    const filter = page.getByLabel(favourites.serviceFilter, { exact: true });
    await expect(filter).toHaveValue('');
    await expect(filter.locator('option:checked')).toHaveText('-- Todos los servicios --');
    await filter.selectOption({ label: SERVICE_LABELS.plomeria });
    await expect(page).toHaveURL(/\/perfil\/favoritos\?service=plomeria$/);
    await expect(count(page)).toHaveText('1 favorito');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([plumber.name]);
    await filter.selectOption({ label: SERVICE_LABELS.jardineria });
    await expect(page.getByText(favourites.emptyFiltered)).toBeVisible();
    // The filter lives in the URL: back returns to the previous one.
    await page.goBack();
    await expect(page).toHaveURL(/\?service=plomeria$/);
    await expect(filter).toHaveValue('plomeria');
    await expect(count(page)).toHaveText('1 favorito');
    await page.goBack();
    await expect(count(page)).toHaveText('2 favoritos');

    // Removing from the list: the card goes and the count follows.
    await heart(page, plumber.name).click();
    await expect(count(page)).toHaveText('1 favorito');
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([painter.name]);
    await page.reload();
    await expect(count(page)).toHaveText('1 favorito');
    await page.goto('/busqueda?service=plomeria');
    await expect(heart(page, plumber.name)).toHaveAttribute('aria-pressed', 'false');
  });

  test('a failed change puts the heart back and says why', async ({ page, errors }) => {
    await signIn(page, client);
    await openFavourites(page);
    const card = favouritesList(page).getByRole('article').first();
    const name = (await card.getByRole('heading', { level: 2 }).textContent())!;
    await page.route('**/api/me/favourites/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' } } })
        : route.continue(),
    );
    // The hearts' state arrives after the list (its own request): clicking before it would add.
    await expect(card.getByRole('button', { name: favourites.toggle(name), exact: true })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('button', { name: favourites.toggle(name), exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Demasiados intentos.' })).toBeVisible();
    await expect(card.getByRole('button', { name: favourites.toggle(name), exact: true })).toHaveAttribute('aria-pressed', 'true');
    // The browser logs the refused request we caused; nothing else may appear.
    const expected = errors.findIndex((e) => e.includes('status of 429'));
    expect(expected).toBeGreaterThanOrEqual(0);
    errors.splice(expected, 1);
  });
});

test.describe('contact a contractor', () => {
  test('contractors see neither the heart nor Contactar, and cannot open Mis favoritos', async ({ page }) => {
    const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
    const plumber = await demoContractor(page, 'plomeria');
    await signIn(page, contractor);
    await page.goto(`/contractors/${plumber.id}`);
    await expect(page.getByRole('heading', { level: 1, name: plumber.name })).toBeVisible();
    await expect(heart(page, plumber.name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: contractorContact.openFor(plumber.name) })).toHaveCount(0);
    await page.goto('/perfil/favoritos');
    await expect(page).toHaveURL(/\/profile\/info$/);
  });

  test('the dialog requires a message, sends the request with the project, and the contractor gets the e-mail', async ({ page }) => {
    // A fresh contractor (immediate notifications on by default) whose mailbox we can read,
    // listed once the profile has the minimum (a name, a service, a city).
    const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
    await completeContractorProfile(server.baseURL, contractor);
    const contractorName = `${contractor.firstName} ${contractor.lastName}`;
    const contractorId = await accountId(contractor);
    const [demoEmail] = demoClientsWithOpenProjects();
    await signIn(page, { email: demoEmail!, password: DEMO_PASSWORD });
    const context = (await (await page.request.get(`/api/contractors/${contractorId}/contact-context`)).json()) as ContactContext;
    const project = context.projects[0]!;
    expect(project).toBeDefined();

    await page.goto(`/contractors/${contractorId}`);
    await page
      .getByRole('button', { name: contractorContact.openFor(contractorName) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: contractorContact.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(contractorName, { exact: true })).toBeVisible();

    const message = dialog.getByLabel(contractorContact.message, { exact: true });
    await dialog.getByRole('button', { name: contractorContact.submit, exact: true }).click();
    await expect(message).toHaveAccessibleDescription(new RegExp(validation.required.replace('.', '\\.')));
    await expect(message).toBeFocused();

    const projectSelect = dialog.getByLabel(contractorContact.project, { exact: true });
    await expect(projectSelect.locator('option')).toHaveCount(context.projects.length + 1);
    await projectSelect.selectOption({ value: project.id });
    const text = `Hola, ¿puede pasar a ver el trabajo esta semana? Ref ${Date.now()}`;
    await message.fill(text);
    await dialog.getByRole('button', { name: contractorContact.submit, exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(success.requestSent);
    // The form is gone: the focus is on the dialog's Cerrar button (autoFocus).
    await expect(dialog.getByRole('button', { name: contractorContact.close, exact: true }).last()).toBeFocused();

    const mail = await server.mailbox.waitFor((m) => (m.to ?? []).some((a) => a.address === contractor.email) && (m.text ?? '').includes(text));
    expect(mail.subject).toBe('ArreglaYa - Nueva solicitud de servicio');
    expect(mail.text).toContain(`Proyecto: ${project.title}`);
    expect(mail.html).toContain('Aceptar solicitud');
    expect(mail.html).toContain('Rechazar solicitud');
    // The dialog closes by itself a moment later and gives the focus back.
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: contractorContact.openFor(contractorName) }).first()).toBeFocused();
  });

  test('a visitor pressing Contactar gets the sign-in dialog, and comes back signed in with the contact dialog open', async ({ page }) => {
    const plumber = await demoContractor(page, 'plomeria');
    await page.goto(`/contractors/${plumber.id}`);
    await page
      .getByRole('button', { name: contractorContact.openFor(plumber.name) })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: auth.signIn.title })).toBeVisible();
    // Signed in, back on the page with the contact dialog open: no second tap (issue 46).
    const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
    await signInWithDialog(page, client.email, client.password);
    await expect(page).toHaveURL(`/contractors/${plumber.id}`);
    await expect(page.getByRole('dialog', { name: contractorContact.title })).toHaveCount(1);
    await expect(page.getByRole('dialog', { name: contractorContact.title })).toBeVisible();
  });
});

test('Mis favoritos and the contact dialog at 360 and 1280 px: no serious axe violations, no horizontal scrolling', async ({ page }) => {
  test.setTimeout(120_000);
  const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  const plumber = await demoContractor(page, 'plomeria');
  const painter = await demoContractor(page, 'pintura', ['plomeria']);
  await signIn(page, client);
  for (const c of [plumber, painter]) {
    const res = await page.request.put(`/api/me/favourites/${c.id}`, { headers: { 'x-requested-with': 'arreglaya' } });
    expect(res.status()).toBe(200);
  }
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await openFavourites(page);
    await expect(favouritesList(page).getByRole('article')).toHaveCount(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `/perfil/favoritos at ${width}px`).toBeLessThanOrEqual(0);
    await expectNoSeriousAxe(page, `/perfil/favoritos ${width}px`);
    await page.screenshot({ path: path.join(dir, `favourites-${width}.png`), fullPage: true });

    await page.getByRole('button', { name: contractorContact.openFor(plumber.name) }).click();
    const dialog = page.getByRole('dialog', { name: contractorContact.title });
    await expect(dialog.getByLabel(contractorContact.message, { exact: true })).toBeVisible();
    await expectNoSeriousAxe(page, `contact dialog ${width}px`);
    await page.screenshot({ path: path.join(dir, `contact-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: contractorContact.close }).first().click();
    await expect(dialog).toHaveCount(0);
  }
});

test.describe('unread-messages badge', () => {
  /** The demo contractor of a card, with the e-mail to sign in as them (read from the seed's plan). */
  function demoContractorEmail(id: string): string {
    const { contractors } = planPeople(new Rng(mulberry32(DEMO_SEED)), new Date(), DEMO_SIZE.clients);
    const found = contractors.find((c) => c.id === id);
    if (!found) throw new Error(`No demo contractor ${id}`);
    return found.user.email;
  }

  test('a contractor sees it in the navbar, and it follows a new message without a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const card = await demoContractor(page, 'herreria');
    const contractor = { email: demoContractorEmail(card.id), password: DEMO_PASSWORD };
    // A client of its own writes to the contractor through Contactar (the API the dialog uses).
    const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
    const clientApi = await request.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { 'x-requested-with': 'arreglaya' } });
    try {
      expect((await clientApi.post('/api/auth/sign-in', { data: { email: client.email, password: client.password } })).status()).toBe(200);
      const send = async (message: string) => expect((await clientApi.post(`/api/contractors/${card.id}/contact`, { data: { message } })).status()).toBe(201);
      await send('Hola, ¿puede revisar un portón que no cierra?');

      // The page's clock is ours to move: the badge is asked again every 30 s, not waited for.
      await page.clock.install();
      await signIn(page, contractor);
      const unread = async () => ((await (await page.request.get('/api/auth/session')).json()) as Session).user!.unreadMessages;
      const before = await unread();
      expect(before).toBeGreaterThanOrEqual(1);
      await page.goto('/');
      const navbar = page.getByRole('banner');
      await expect(navbar.getByRole('link', { name: shell.nav.unreadMessages(before), exact: true })).toBeVisible();
      await page.evaluate(() => document.body.setAttribute('data-same-page', 'yes'));

      await send('También necesito una reja para la ventana de la cocina.');
      expect(await unread()).toBe(before + 1);
      await page.clock.fastForward(60_000);
      await expect(navbar.getByRole('link', { name: shell.nav.unreadMessages(before + 1), exact: true })).toBeVisible();
      // The same document: no reload happened.
      await expect(page.locator('body')).toHaveAttribute('data-same-page', 'yes');
    } finally {
      await clientApi.dispose();
    }
  });
});

/** The user id of an account, read from its own session (a separate cookie jar). */
async function accountId(account: TestAccount): Promise<string> {
  const context = await request.newContext({ baseURL: server.baseURL, extraHTTPHeaders: { 'x-requested-with': 'arreglaya' } });
  try {
    const signedIn = await context.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
    expect(signedIn.status()).toBe(200);
    const session = (await (await context.get('/api/auth/session')).json()) as Session;
    return session.user!.id;
  } finally {
    await context.dispose();
  }
}
