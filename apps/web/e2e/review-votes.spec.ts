import { expect } from '@playwright/test';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import { createConfirmedAccount } from './support/accounts.ts';
import { apiAs, API_HEADERS as HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { testWithOwnServer, watchPageErrors, type AppServer } from './support/fixtures.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// Issue 55, item 1: Me gusta / No me gusta under a contractor's public reviews, on a 360 px phone.
// A completed, reviewed and approved project is made through the API; another client votes on
// the page, changes the vote, and the count survives a reload; the reviewer sees counts only.

const ADMIN = { email: 'admin-votos@prueba.do', password: 'Admin-Votos-2026' };
let server: AppServer;
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.use({ viewport: { width: 360, height: 740 } });

let contractorId: string;
let reviewer: { email: string; password: string };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const hired = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Cambiar el grifo',
    description: 'El grifo gotea.',
    priceMinor: 300_000,
    offer: 'Cambio del grifo con la instalación incluida.',
  });
  ({ contractorId } = hired);
  reviewer = hired.client;
  const { clientApi, contractorApi, projectId } = hired;
  await fundHire(clientApi, projectId);
  for (const [api, status] of [
    [contractorApi, 'in_progress'],
    [contractorApi, 'delivered'],
    [clientApi, 'completado'],
  ] as const)
    expect((await api.post(`/api/projects/${projectId}/status`, { data: { status } })).status()).toBe(200);
  const written = await clientApi.post(`/api/projects/${projectId}/review`, { data: { rating: 5, title: 'Muy buen trabajo', comments: 'Rápido y limpio.' } });
  expect(written.status()).toBe(201);
  const adminApi = await apiAs(server.baseURL, ADMIN);
  expect((await adminApi.post(`/api/admin/reviews/${(await written.json()).review.id}/approve`, { headers: HEADERS })).status()).toBe(200);
  await Promise.all([clientApi.dispose(), contractorApi.dispose(), adminApi.dispose()]);
});

test('another client likes a review, changes to No me gusta, and the page keeps it; the reviewer sees counts only', async ({ browser }) => {
  test.setTimeout(120_000);
  const voter = await createConfirmedAccount(server.baseURL, server.mailbox);
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  expect((await page.request.post('/api/auth/sign-in', { data: voter, headers: HEADERS })).status()).toBe(200);
  await page.goto(`/contractors/${contractorId}`);

  const review = page.getByRole('article').filter({ hasText: 'Muy buen trabajo' });
  await review.getByRole('button', { name: t.votes.likeNamed('0'), exact: true }).click();
  await expect(review.getByRole('button', { name: t.votes.likeNamed('1'), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await review.getByRole('button', { name: t.votes.dislikeNamed('0'), exact: true }).click();
  await expect(review.getByRole('button', { name: t.votes.dislikeNamed('1'), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(review.getByRole('button', { name: t.votes.likeNamed('0'), exact: true })).toHaveAttribute('aria-pressed', 'false');

  await page.reload();
  await expect(review.getByRole('button', { name: t.votes.dislikeNamed('1'), exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, `/contractors/${contractorId} con votos`);
  expect(errors).toEqual([]);
  await context.close();

  // The reviewer: the counts, no buttons.
  const own = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', viewport: { width: 360, height: 740 } });
  const ownPage = await own.newPage();
  expect((await ownPage.request.post('/api/auth/sign-in', { data: reviewer, headers: HEADERS })).status()).toBe(200);
  await ownPage.goto(`/contractors/${contractorId}`);
  const mine = ownPage.getByRole('article').filter({ hasText: 'Muy buen trabajo' });
  await expect(mine.getByText(t.votes.summary('0', '1'))).toBeVisible();
  await expect(mine.getByRole('button', { name: /Me gusta/ })).toHaveCount(0);
  await own.close();
});
