import { expect, type APIRequestContext } from '@playwright/test';
import { guarantee as tg, guaranteePage } from '@arreglaya/shared/i18n/guarantee';
import { adminClaims } from '@arreglaya/shared/i18n/admin-ops';
import { projectsWeb } from '@arreglaya/shared/i18n/projects';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// The ArreglaYa guarantee (issue 49, decision 054) at 360 px: the public page; a claim past its
// window refused with its Spanish reason; an unanswered claim listed "Sin respuesta" once the
// deadlines job runs. Jobs run as of a chosen time through /dev/jobs (not in production).

const ADMIN = { email: 'garantia@arreglaya.do', password: 'Garantia-Reclamos-2026' };
let server: AppServer;
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 360, height: 780 } });

const DAY = 86_400_000;

async function delivered(title: string) {
  const hired = await hiredProject(server.baseURL, server.mailbox, {
    title,
    description: 'La llave del lavamanos gotea sin parar.',
    priceMinor: 500_000,
    offer: 'Cambio de la llave y del sello.',
  });
  await fundHire(hired.clientApi, hired.projectId);
  expect((await hired.contractorApi.post(`/api/projects/${hired.projectId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
  expect((await hired.contractorApi.post(`/api/projects/${hired.projectId}/status`, { data: { status: 'delivered' } })).status()).toBe(200);
  return hired;
}

async function runJobAt(request: APIRequestContext, queue: string, at: Date) {
  const res = await request.post(`${server.baseURL}/dev/jobs/${queue}/run`, { data: { at: at.toISOString() }, headers: HEADERS });
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).state).toBe('completed');
}

test('/garantia states the guarantee, with no axe violation and no sideways scroll at 360 px', async ({ page }) => {
  await page.goto('/garantia');
  await expect(page.getByRole('heading', { level: 1, name: guaranteePage.title })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('7 días para aprobarlo');
  await expect(main).toContainText('3 días más');
  await expect(main).toContainText('5 días laborables');
  await expect(main).toContainText('10 días laborables');
  await expect(main).toContainText('fuera de ArreglaYa');
  await expectNoSeriousAxe(page, '/garantia');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Garantía ArreglaYa' })).toHaveAttribute('href', '/garantia');
});

test('a claim after the window that follows an automatic approval is refused, saying when it closed', async ({ page }) => {
  test.setTimeout(180_000);
  const { client, projectId, clientApi } = await delivered('Llave que gotea');
  await signIn(page, client);
  await page.goto(`/proyectos/${projectId}`);
  await expect(page.getByRole('heading', { level: 2, name: tg.title })).toBeVisible();
  await expect(page.getByText(/Puedes abrir un reclamo hasta el/)).toBeVisible();
  // Seven days pass: approved automatically; three more: the money is released.
  const approvedAt = new Date(Date.now() + 7 * DAY + 5 * 60_000);
  await runJobAt(clientApi, 'deliveries-auto-approve', approvedAt);
  await runJobAt(clientApi, 'deliveries-auto-approve', new Date(approvedAt.getTime() + 3 * DAY + 60_000));
  // A claim now is refused, naming when the window closed; the page says the same.
  const late = await clientApi.post(`/api/projects/${projectId}/status`, { data: { status: 'disputed', note: 'La llave volvió a gotear.' } });
  expect(late.status()).toBe(409);
  const refusal = ((await late.json()) as { error: { message: string } }).error.message;
  expect(refusal).toMatch(/^El plazo para reclamar cerró el \d{2} \w{3} \d{4}, \d{2}:\d{2}/);
  await page.reload();
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(page.getByRole('button', { name: projectsWeb.after.claim })).toHaveCount(0);
  await expectNoSeriousAxe(page, '/proyectos/:id');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('an unanswered claim is listed "Sin respuesta" in the console once the deadlines job runs', async ({ page }) => {
  test.setTimeout(180_000);
  const { projectId, clientApi } = await delivered('Calentador sin respuesta');
  const claim = await clientApi.post(`/api/projects/${projectId}/status`, { data: { status: 'disputed', note: 'No vino a terminar.' } });
  expect(claim.status(), await claim.text()).toBe(200);
  await runJobAt(clientApi, 'claims-deadlines', new Date(Date.now() + 12 * DAY));
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  await page.goto('/admin/reclamos');
  const item = page.getByRole('list', { name: adminClaims.listLabel }).getByRole('listitem').filter({ hasText: 'Calentador sin respuesta' });
  await expect(item).toContainText(tg.console.unansweredBadge);
  await item.getByRole('link', { name: adminClaims.open('Calentador sin respuesta') }).click();
  const deadlines = page.getByRole('region', { name: tg.console.deadlines });
  await expect(deadlines).toContainText(tg.unanswered);
  await expect(deadlines).toContainText(tg.answerDueAt);
  await expectNoSeriousAxe(page, '/admin/reclamos/:projectId');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
