import { offerTerms } from './support/offer-terms.ts';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { auth } from '@arreglaya/shared/i18n/auth';
import { places as tplaces } from '@arreglaya/shared/i18n/places';
import { dialog as tdialog, validation } from '@arreglaya/shared/i18n/common';
import { projectMail, projects as tp, projectsWeb as t, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { completeContractorProfile, createConfirmedAccount, signInWithDialog, type TestAccount } from './support/accounts.ts';
import { dayFromToday } from './support/dates.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { API_HEADERS as HEADERS, apiAs } from './support/api.ts';
import { fundHire } from './support/hired-project.ts';

// The client's side of issue 13 (docs/decisions/020): posting and editing a project, Mis
// Proyectos, comparing and deciding offers on the project page, and the mail link's page.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.describe.configure({ mode: 'serial' });

/** Signs the page's browser context in through the API (the dialog is tested elsewhere). */
async function signIn(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password }, headers: HEADERS });
  expect(res.status()).toBe(200);
}

/** An API client signed in as `account`. */

async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#b45f06' } })
    .jpeg()
    .toBuffer();
}

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const progress = (page: Page) => page.getByRole('progressbar', { name: t.form.progress });
const messageBox = (page: Page) => page.getByTestId('message-box');
/** The messages bound to a control (aria-describedby). */
const describedBy = (page: Page, label: string) =>
  field(page, label).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

async function fillProject(page: Page, title: string): Promise<void> {
  await main(page).getByRole('checkbox', { name: 'Plomería' }).check();
  await field(page, t.form.title).fill(title);
  await field(page, t.form.propertyType).selectOption('casa');
  await field(page, t.form.description).fill('El calentador de agua gotea y hay que cambiarlo.');
  await field(page, t.form.startDate).fill(dayFromToday(5));
  await field(page, t.form.city).selectOption('santo-domingo');
  await field(page, t.form.street).fill('Calle 8 #25');
}

let client: TestAccount;
let plumberA: TestAccount;
let plumberB: TestAccount;
let plumberC: TestAccount;

test.beforeAll(async () => {
  client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  plumberA = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  plumberB = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  plumberC = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  for (const plumber of [plumberA, plumberB, plumberC]) await completeContractorProfile(server.baseURL, plumber);
});

test('a client posts a project with a photo, sees it in Mis proyectos and edits it', async ({ page }) => {
  await signIn(page, client);
  await page.goto('/nuevoproyecto');
  await expect(page.getByRole('heading', { level: 1, name: t.form.newTitle })).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');
  await expectNoSeriousAxe(page, '/nuevoproyecto');

  // Bad input: each message under its field, nothing sent.
  await main(page).getByRole('button', { name: t.form.save }).click();
  await expect.poll(() => describedBy(page, t.form.title)).toContain(validation.required);
  expect(await describedBy(page, t.form.propertyType)).toContain(validation.invalidOption);
  expect(await describedBy(page, t.form.city)).toContain(validation.required);
  await expect(main(page).getByRole('group', { name: t.form.services })).toContainText(validation.required);
  await expect(page).toHaveURL(/\/nuevoproyecto$/);

  // The bar moves field by field (six: spec §4's five and the city); the title counter counts down.
  await main(page).getByRole('checkbox', { name: 'Plomería' }).check();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '17');
  await field(page, t.form.title).fill('Cambiar calentador');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '33');
  await expect(main(page).getByText(tp.titleLeft(82))).toBeVisible();
  await fillProject(page, 'Cambiar calentador');
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '100');

  // A photo, checked in the browser first: a GIF is refused with the server's message.
  const photoInput = main(page).getByLabel(t.form.addPhoto);
  await photoInput.setInputFiles({ name: 'animada.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(main(page).getByRole('alert').filter({ hasText: 'JPG' })).toBeVisible();
  await photoInput.setInputFiles({ name: 'calentador.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() });
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toBeVisible();

  await main(page).getByRole('button', { name: t.form.save }).click();
  await expect(messageBox(page)).toContainText(tp.created);
  await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
  const projectUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Cambiar calentador' })).toBeVisible();
  const cover = main(page).getByRole('img', { name: t.form.photoAlt(1) });
  await expect.poll(() => cover.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  await expect(main(page).getByText(t.offers.none)).toBeVisible();

  // Mis proyectos: the tile, its status and the filter in the URL.
  await page.goto('/perfil/proyectos');
  await expect(page.getByRole('heading', { level: 1, name: tp.myProjectsTitle })).toBeVisible();
  const tile = main(page).getByRole('article', { name: 'Cambiar calentador' });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText('Abierto');
  await expect(tile).toContainText(tp.offers(0));
  await expect(tile.locator('img')).toHaveCount(1);
  await expectNoSeriousAxe(page, '/perfil/proyectos');
  await field(page, t.list.filter).selectOption('assigned');
  await expect(page).toHaveURL(/status=assigned/);
  await expect(main(page).getByText(tp.empty)).toBeVisible();
  await field(page, t.list.filter).selectOption('');
  await expect(tile).toBeVisible();
  await expect(main(page).getByRole('link', { name: tp.requestService })).toHaveAttribute('href', '/nuevoproyecto');

  // Edit: the form comes filled; the new title is saved.
  await tile.getByRole('link', { name: `${t.list.edit}: Cambiar calentador` }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.form.editTitle })).toBeVisible();
  await expect(field(page, t.form.title)).toHaveValue('Cambiar calentador');
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toBeVisible();
  await field(page, t.form.title).fill('Cambiar calentador eléctrico');
  await main(page).getByRole('button', { name: t.form.saveEdit }).click();
  await expect(messageBox(page)).toContainText(tp.updated);
  await expect(page).toHaveURL(new RegExp(`${projectUrl}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Cambiar calentador eléctrico' })).toBeVisible();

  // Delete asks first, with the spec's text.
  await page.goto('/perfil/proyectos');
  const edited = main(page).getByRole('article', { name: 'Cambiar calentador eléctrico' });
  await edited.getByRole('button', { name: `${t.list.delete}: Cambiar calentador eléctrico` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Seguro que quieres eliminar este proyecto? No se puede deshacer.');
  await dialog.getByRole('button', { name: tdialog.keep }).click();
  await expect(edited).toBeVisible();
  // Nobody answered it: confirming deletes it outright.
  await edited.getByRole('button', { name: `${t.list.delete}: Cambiar calentador eléctrico` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.list.confirmYes }).click();
  await expect(messageBox(page)).toContainText(tp.deleted);
  await expect(edited).toHaveCount(0);
  await expect(main(page).getByText(tp.empty)).toBeVisible();
});

test("a visitor's draft survives signing in", async ({ page }) => {
  await page.goto('/nuevoproyecto');
  await expect(main(page).getByText(t.form.signInFirst)).toBeVisible();
  await fillProject(page, 'Pintar la sala');
  await main(page).getByRole('button', { name: t.form.save }).click();
  await signInWithDialog(page, client.email, client.password);
  await expect(page.getByRole('dialog', { name: auth.signIn.title })).toHaveCount(0);
  await expect(page).toHaveURL(/\/nuevoproyecto$/);
  // Even a reload keeps what the visitor wrote.
  await page.reload();
  await expect(field(page, t.form.title)).toHaveValue('Pintar la sala');
  await expect(field(page, t.form.city)).toHaveValue('santo-domingo');
  await expect(main(page).getByRole('checkbox', { name: 'Plomería' })).toBeChecked();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '100');
  await main(page).getByRole('button', { name: t.form.save }).click();
  await expect(messageBox(page)).toContainText(tp.created);
  await expect(page.getByRole('heading', { level: 1, name: 'Pintar la sala' })).toBeVisible();
});

test.describe('deciding offers', () => {
  test('the mail link confirms a rejection; the client compares, counters and accepts', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const clientApi = await apiAs(server.baseURL, client);
    const created = await clientApi.post('/api/projects', {
      data: {
        services: ['plomeria'],
        title: 'Cambiar tubería del baño',
        propertyType: 'casa',
        description: 'La tubería gotea.',
        startDate: dayFromToday(7),
        city: 'santo-domingo',
        zone: 'DN',
        street: 'Calle El Conde 105',
      },
    });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { project: { id: string } }).project.id;

    const offer = async (who: TestAccount, priceMinor: number, description: string) => {
      const api = await apiAs(server.baseURL, who);
      const res = await api.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor, description } });
      expect(res.status(), await res.text()).toBe(201);
      const id = ((await res.json()) as { quote: { id: string } }).quote.id;
      return { api, id };
    };
    const a = await offer(plumberA, 1_500_000, 'Tubería PVC nueva con materiales.');
    await offer(plumberB, 1_200_000, 'Solo mano de obra, sin materiales.');
    await offer(plumberC, 2_000_000, 'Con garantía de un año.');

    // The mail of C's offer: its 'Rechazar oferta' link, opened signed out (the token is the authority).
    const mail = await server.mailbox.waitFor(
      (m) => m.subject === projectMail.newQuote.subject && (m.to ?? []).some((to) => to.address === client.email) && (m.text ?? '').includes('Con garantía de un año.'),
    );
    const rejectUrl = new RegExp(`${projectMail.newQuote.reject}: (\\S+)`).exec(mail.text ?? '')?.[1];
    expect(rejectUrl).toBeTruthy();
    const visitorContext = await browser.newContext({ baseURL: server.baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(new URL(rejectUrl!).pathname);
    await expect(visitor.getByRole('heading', { level: 1, name: t.link.title })).toBeVisible();
    await expect(visitor.getByText(tq.linkConfirmReject)).toBeVisible();
    await expect(visitor.getByRole('main')).toContainText('Con garantía de un año.');
    await expectNoSeriousAxe(visitor, '/oferta/confirmar');
    await visitor.getByLabel(t.link.comment).fill('Prefiero otra fecha.');
    await visitor.getByRole('button', { name: t.link.reject }).click();
    await expect(visitor.getByRole('status').filter({ hasText: tq.rejected })).toBeVisible();
    // Single use: the link is spent.
    await visitor.reload();
    await expect(visitor.getByRole('main').getByRole('alert')).toHaveText(tq.linkInvalid);
    await visitorContext.close();

    // The client compares the offers side by side.
    await signIn(page, client);
    await page.goto(`/proyectos/${projectId}`);
    const offers = main(page).getByRole('list', { name: t.offers.listLabel }).getByRole('article');
    await expect(offers).toHaveCount(3);
    await expect(offers.first()).toContainText('Solo mano de obra, sin materiales.');
    await expect(offers.first()).toContainText('RD$12,000.00');
    // Sorted on the page (decision 043): the same start date for all, so by price; the dearest is last.
    await field(page, t.offers.sort).selectOption('start');
    await expect(offers.last()).toContainText('Con garantía de un año.');
    await expect(offers.last()).toContainText('Rechazada');
    // A rejected offer offers no decision (the lifecycle table).
    await expect(offers.last().getByRole('button')).toHaveCount(0);
    await expectNoSeriousAxe(page, '/proyectos/:id');

    // Counter-offer on A's offer: pesos in, centavos out.
    const cardA = offers.filter({ hasText: 'Tubería PVC nueva' });
    await cardA.getByRole('button', { name: new RegExp(`^${t.offers.counter}`) }).click();
    const counter = page.getByRole('dialog', { name: t.offers.counterTitle });
    await counter.getByRole('button', { name: t.offers.send }).click();
    await expect(counter).toContainText(tq.priceMustBePositive);
    await counter.getByLabel(t.offers.counterPriceLabel('DOP')).fill('13,500');
    await counter.getByLabel(t.offers.counterComment).fill('¿Lo dejamos en 13,500?');
    await counter.getByRole('button', { name: t.offers.send }).click();
    await expect(messageBox(page)).toContainText(tq.countered);
    await expect(cardA).toContainText('RD$13,500.00');
    await expect(cardA).toContainText(t.offers.counterStatus.pending);

    // The contractor accepts the counter; the client hires A at the agreed price.
    expect((await a.api.post(`/api/quotes/${a.id}/counter/answer`, { data: { accept: true } })).status()).toBe(200);
    await page.reload();
    await expect(cardA).toContainText(t.offers.agreedPrice);
    await cardA.getByRole('button', { name: new RegExp(`^${t.offers.accept}`) }).click();
    const confirmAccept = page.getByRole('alertdialog');
    await expect(confirmAccept).toContainText('RD$13,500.00');
    await confirmAccept.getByRole('button', { name: t.offers.accept }).click();
    await expect(messageBox(page)).toContainText(tq.accepted);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Cambiar tubería del baño');
    await expect(main(page).getByText('Asignado').first()).toBeVisible();
    // Hired: the contact data wait for the payment (issue 29); the other open offer was rejected; no more decisions.
    const contact = main(page).getByRole('region', { name: t.page.contact });
    await expect(contact).toContainText(t.page.contactAfterPayment);
    await expect(contact).not.toContainText(plumberA.email);
    await expect(offers.filter({ hasText: 'Solo mano de obra, sin materiales.' })).toContainText('Rechazada');
    await expect(main(page).getByRole('button', { name: new RegExp(`^${t.offers.accept}`) })).toHaveCount(0);

    // Trying the accept again through the API: a 409 that changes nothing.
    const again = await clientApi.post(`/api/quotes/${a.id}/accept`, { data: {} });
    expect(again.status()).toBe(409);
    // Paid (through the API; the payment pages have their own specs): each other's contact data.
    await fundHire(clientApi, projectId);
    await clientApi.dispose();
    await page.reload();
    await expect(contact).toContainText(plumberA.email);
    await page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', 'project-hired-1280.png'), fullPage: true });

    // The contractor starts and delivers (their pages come with the contractor's side); the client approves.
    expect((await a.api.post(`/api/projects/${projectId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
    expect((await a.api.post(`/api/projects/${projectId}/status`, { data: { status: 'delivered', note: 'Listo, probado sin fugas.' } })).status()).toBe(200);
    await page.reload();
    await expect(main(page)).toContainText('Listo, probado sin fugas.');
    await main(page).getByRole('button', { name: t.after.approve }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t.after.approve }).click();
    await expect(messageBox(page)).toContainText(tp.statusChanged.completado);
    await expect(main(page).getByText('Completado').first()).toBeVisible();
    await expect(main(page).getByRole('button', { name: t.after.approve })).toHaveCount(0);
  });
});

test('the new-project form fits a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, client);
  await page.goto('/nuevoproyecto');
  await expect(page.getByRole('heading', { level: 1, name: t.form.newTitle })).toBeVisible();
  await main(page).getByRole('button', { name: t.form.save }).click();
  await expect.poll(() => describedBy(page, t.form.title)).toContain(validation.required);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxe(page, '/nuevoproyecto 360px');
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', 'new-project-360.png'), fullPage: true });
  await page.goto('/perfil/proyectos');
  await expect(main(page).getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', 'my-projects-360.png'), fullPage: true });
});

test("the job's address on a 360 px phone: the sectors follow the zone, the client sees her address, a contractor only the sector", async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, client);
  await page.goto('/nuevoproyecto');
  await fillProject(page, 'Reparar el portón');
  await field(page, t.form.zone).selectOption('DN');
  const sector = field(page, tplaces.field.projectSector);
  await expect(sector.locator('option', { hasText: 'Los Mina' })).toHaveCount(0);
  await field(page, t.form.zone).selectOption('SDE');
  await sector.selectOption({ label: 'Los Mina' });
  await field(page, t.form.street).fill('Calle Respaldo 7 #14');
  await field(page, t.form.reference).fill('Frente a la farmacia');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxe(page, '/nuevoproyecto with the address, 360px');
  await main(page).getByRole('button', { name: t.form.save }).click();
  await expect(messageBox(page)).toContainText(tp.created);
  await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
  await expect(main(page).getByText('Los Mina, Santo Domingo Este, Santo Domingo')).toBeVisible();
  const address = main(page).getByRole('region', { name: t.page.address });
  await expect(address).toContainText('Calle Respaldo 7 #14');
  await expect(address).toContainText('Frente a la farmacia');
  await expect(address).toContainText(t.page.addressPrivate);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxe(page, '/proyectos/:id with the address, 360px');
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'screenshots', 'project-address-360.png'), fullPage: true });

  // A contractor opening the open project: the sector, never the street or the reference.
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 360, height: 740 } });
  const contractorPage = await context.newPage();
  await signIn(contractorPage, plumberA);
  await contractorPage.goto(new URL(page.url()).pathname);
  await expect(main(contractorPage).getByText('Los Mina, Santo Domingo Este, Santo Domingo')).toBeVisible();
  await expect(main(contractorPage).getByRole('region', { name: t.page.address })).toHaveCount(0);
  await expect(main(contractorPage)).not.toContainText('Respaldo');
  await expect(main(contractorPage)).not.toContainText('farmacia');
  await context.close();
});
