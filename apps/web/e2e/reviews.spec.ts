import { expect, type Browser, type Page } from '@playwright/test';
import { directory as td } from '@arreglaya/shared/i18n/directory';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { reviewMail, reviews as t } from '@arreglaya/shared/i18n/reviews';
import type { TestAccount } from './support/accounts.ts';
import { testWithOwnServer, watchPageErrors, type AppServer } from './support/fixtures.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// Issue 16's "done when": a completed project (made through the API) → the client reviews the
// contractor and the contractor the client, from the project page → a sysadmin approves both in
// the console's queue → the contractor's public page shows the new rating and count, and the
// contractor's reply under the review. Axe on /perfil/reviews and /admin/resenas.

const ADMIN = { email: 'admin-resenas@prueba.do', password: 'Admin-Resenas-2026' };
let server: AppServer;
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

const PROJECT_TITLE = 'Cambiar el calentador';

/** A browser of one's own (a fresh context), signed in through the API, watched for console errors. */
async function openAs(browser: Browser, account: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', timezoneId: 'America/Santo_Domingo' });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  expect((await page.request.post('/api/auth/sign-in', { data: account, headers: HEADERS })).status()).toBe(200);
  return { page, errors };
}

/** Writes a review in the project page's Add Comment dialog. */
async function review(page: Page, projectId: string, stars: number, title: string, comments: string) {
  if (!page.url().includes(`/proyectos/${projectId}`)) await page.goto(`/proyectos/${projectId}`);
  await page.getByRole('button', { name: t.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t.submit }).click();
  await expect(dialog.getByText('Elige una opción válida.')).toBeVisible();
  await expect(dialog.getByText('Campo obligatorio.')).toHaveCount(2);
  await dialog.getByRole('radio', { name: t.ratingOption(stars) }).check();
  await dialog.getByLabel(t.titleLabel).fill(title);
  await dialog.getByLabel(t.commentsLabel).fill(comments);
  await dialog.getByRole('button', { name: t.submit }).click();
  await expect(page.getByTestId('message-box')).toContainText(t.created);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(t.pendingNote)).toBeVisible();
  await expect(page.getByRole('button', { name: t.add })).toHaveCount(0);
}

let client: TestAccount;
let contractor: TestAccount;
let contractorId: string;
let projectId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const hired = await hiredProject(server.baseURL, server.mailbox, {
    title: PROJECT_TITLE,
    description: 'El calentador no enciende.',
    priceMinor: 800_000,
    offer: 'Cambio con instalación.',
  });
  ({ client, contractor, projectId, contractorId } = hired);
  const { clientApi, contractorApi } = hired;
  // The work starts once the client's payment is held (issue 29).
  await fundHire(clientApi, projectId);
  for (const [api, status] of [
    [contractorApi, 'in_progress'],
    [contractorApi, 'delivered'],
    [clientApi, 'completado'],
  ] as const)
    expect((await api.post(`/api/projects/${projectId}/status`, { data: { status } })).status()).toBe(200);
  await clientApi.dispose();
  await contractorApi.dispose();
});

test('a completed project is reviewed both ways, moderated, and the public page shows the new rating and count', async ({ browser, page }) => {
  test.setTimeout(180_000);
  // Before: no reviews on the public page.
  await page.goto(`/contractors/${contractorId}`);
  await expect(page.getByRole('main').getByText(td.card.noReviews)).toBeVisible();

  // The client comes from the completed project's tile in Mis proyectos.
  const asClient = await openAs(browser, client);
  await asClient.page.goto('/perfil/proyectos');
  await asClient.page.getByRole('main').getByRole('link', { name: tp.nextActions.review, exact: true }).click();
  await asClient.page.waitForURL(`**/proyectos/${projectId}#comentario`);
  await review(asClient.page, projectId, 4, 'Muy buen trabajo', 'Llegó puntual y dejó todo limpio.');
  const asContractor = await openAs(browser, contractor);
  await review(asContractor.page, projectId, 5, 'Excelente clienta', 'Clara con lo que quería y pagó a tiempo.');

  // 'De ti' shows the author their review as pending.
  await asClient.page.goto('/perfil/reviews?tab=by');
  await expect(asClient.page.getByRole('tab', { name: t.page.tabCount(t.page.by, '1') })).toHaveAttribute('aria-selected', 'true');
  await expect(asClient.page.getByText(t.page.status.pending)).toBeVisible();
  await expectNoSeriousAxe(asClient.page, '/perfil/reviews');

  // The sysadmin approves both in the queue.
  const asAdmin = await openAs(browser, ADMIN);
  await asAdmin.page.goto('/admin/resenas');
  await expect(asAdmin.page.getByRole('heading', { level: 1, name: t.admin.title })).toBeVisible();
  const queue = asAdmin.page.getByRole('list', { name: t.admin.listLabel });
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  await expect(asAdmin.page.getByRole('status').filter({ hasText: t.admin.pendingCount('2', 2) })).toBeVisible();
  await expectNoSeriousAxe(asAdmin.page, '/admin/resenas');
  for (const title of ['Muy buen trabajo', 'Excelente clienta']) {
    await queue.getByRole('article', { name: title }).getByRole('button', { name: t.admin.approve }).click();
    await expect(asAdmin.page.getByTestId('message-box')).toContainText(t.admin.approved);
    await expect(queue.getByRole('article', { name: title })).toHaveCount(0);
  }
  await expect(asAdmin.page.getByText(t.admin.empty)).toBeVisible();
  await server.mailbox.waitFor((m) => (m.to ?? []).some((to) => to.address === contractor.email) && m.subject === reviewMail.published.subject);

  // The public page: 4 stars from 1 review, and the review itself.
  await expect(async () => {
    await page.goto(`/contractors/${contractorId}`);
    await expect(page.getByRole('main').getByRole('img', { name: 'Calificación: 4 de 5 estrellas' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    page
      .getByRole('main')
      .getByText(`(${td.card.reviews('1', 1)})`)
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Llegó puntual y dejó todo limpio.')).toBeVisible();

  // The contractor replies once from 'Sobre ti', which shows their rating; the reply shows on the public page.
  const cp = asContractor.page;
  await cp.goto('/perfil/reviews');
  await expect(cp.getByRole('tab', { name: t.page.tabCount(t.page.about, '1') })).toHaveAttribute('aria-selected', 'true');
  await expect(cp.getByText(t.page.ratingSummary('4', '1', 1))).toBeVisible();
  await cp.getByRole('button', { name: t.reply.action }).click();
  await cp.getByRole('button', { name: t.reply.submit }).click();
  await expect(cp.getByText('Campo obligatorio.')).toBeVisible();
  await cp.getByLabel(t.reply.label).fill('¡Gracias por la confianza!');
  await cp.getByRole('button', { name: t.reply.submit }).click();
  await expect(cp.getByTestId('message-box')).toContainText(t.reply.done);
  await expect(cp.getByRole('button', { name: t.reply.action })).toHaveCount(0);
  await expectNoSeriousAxe(cp, '/perfil/reviews (Sobre ti)');
  await expect(async () => {
    await page.goto(`/contractors/${contractorId}`);
    await expect(page.getByText('¡Gracias por la confianza!')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // At 360 px the page still fits.
  await cp.setViewportSize({ width: 360, height: 740 });
  await cp.goto('/perfil/reviews');
  expect(await cp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  for (const person of [asClient, asContractor, asAdmin]) expect(person.errors).toEqual([]);
});
