import { expect } from '@playwright/test';
import { adminClaims as t, adminInbox, adminLog, adminModeration, reportReasonLabels, reports } from '@arreglaya/shared/i18n/admin-ops';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import type { TestAccount } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// The claims committee in a browser (issue 16, console item 4): a funded, delivered, claimed
// project built through the API; the sysadmin reads it and its conversation, splits the money;
// both people are mailed and the balances show. Then axe on every console operations page.

const ADMIN = { email: 'comite@arreglaya.do', password: 'Comite-Reclamos-2026' };
let server: AppServer;
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.describe.configure({ mode: 'serial' });

const PRICE = 1_000_000;

let client: TestAccount;
let contractor: TestAccount;
let projectId: string;
let contractorId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const hired = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Calentador que no enciende',
    description: 'El calentador de agua no enciende.',
    priceMinor: PRICE,
    offer: 'Cambio del termostato.',
  });
  ({ client, contractor, projectId } = hired);
  const { clientApi, contractorApi } = hired;
  // The client pays with the sandbox's always-approved Visa (the processor's tokenize call, as the browser makes it).
  await fundHire(clientApi, projectId);
  expect((await contractorApi.post(`/api/projects/${projectId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
  expect((await contractorApi.post(`/api/projects/${projectId}/status`, { data: { status: 'delivered' } })).status()).toBe(200);
  const conversationId = ((await (await clientApi.get(`/api/projects/${projectId}`)).json()) as ProjectDetail).conversationId!;
  expect((await clientApi.post(`/api/conversations/${conversationId}/messages`, { data: { text: 'El calentador volvió a fallar al día siguiente.' } })).status()).toBe(201);
  const claim = await clientApi.post(`/api/projects/${projectId}/status`, {
    data: { status: 'disputed', note: 'Sigue sin encender.' },
    headers: { 'idempotency-key': `e2e-claim-${projectId}` },
  });
  expect(claim.status(), await claim.text()).toBe(200);
  const detail = (await (await clientApi.get(`/api/projects/${projectId}`)).json()) as ProjectDetail;
  expect(detail.status).toBe('disputed');
  contractorId = detail.contractor!.id;
});

test('the sysadmin reads a claim and its conversation, splits the money; both are mailed and the balances show', async ({ page }) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  await page.goto('/admin/reclamos');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  const claims = page.getByRole('list', { name: t.listLabel }).getByRole('listitem');
  await expect(claims).toHaveCount(1);
  await expect(claims.first()).toContainText('RD$10,000.00');
  await expect(claims.first()).toContainText('Sigue sin encender.');
  await expectNoSeriousAxe(page, '/admin/reclamos');

  await page.getByRole('link', { name: t.open('Calentador que no enciende') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calentador que no enciende' })).toBeVisible();
  const money = page.getByRole('region', { name: t.money });
  await expect(money.getByText(t.held).locator('..')).toContainText('RD$10,000.00');
  await page.getByRole('button', { name: t.showConversation }).click();
  await expect(page.getByRole('list', { name: t.conversation })).toContainText('El calentador volvió a fallar al día siguiente.');
  await expectNoSeriousAxe(page, '/admin/reclamos/:projectId');

  const decision = page.getByRole('region', { name: t.decision.title });
  // Nothing is chosen for the sysadmin (issue 46): sending without an outcome is refused.
  await decision.getByRole('button', { name: t.decision.review }).click();
  await expect(decision.getByText(tp.claim.chooseOutcome)).toBeVisible();
  await decision.getByRole('radio', { name: new RegExp(t.decision.split) }).check();
  await decision.getByRole('button', { name: t.decision.review }).click();
  await expect(decision.getByLabel(t.decision.percent)).toHaveAccessibleDescription(new RegExp(t.decision.percentHint.replace('.', '\\.')));
  await decision.getByLabel(t.decision.percent).fill('60');
  await decision.getByLabel(t.decision.note).fill('El termostato se cambió, pero la instalación quedó incompleta.');
  await decision.getByRole('button', { name: t.decision.review }).click();
  const confirm = page.getByRole('alertdialog', { name: t.decision.confirmTitle });
  await expect(confirm).toContainText(t.decision.confirm);
  await confirm.getByRole('button', { name: t.decision.confirmYes }).click();
  await expect(page.getByTestId('message-box')).toContainText(t.decision.decided);
  await expect(page.getByText(t.decision.closed)).toBeVisible();
  // 60 % released to the contractor, the rest refunded; nothing held any more.
  await expect(money.getByText(t.released).locator('..')).toContainText('RD$6,000.00');
  await expect(money.getByText(t.refunded).locator('..')).toContainText('RD$4,000.00');
  await expect(money.getByText(t.held).locator('..')).toContainText('RD$0.00');

  for (const to of [client.email, contractor.email]) {
    const mail = await server.mailbox.waitFor((m) => m.subject === 'ArreglaYa - Reclamación resuelta' && m.to?.some((a) => a.address === to) === true);
    expect(mail.text).toContain('el 60 % del pago retenido');
    expect(mail.text).toContain('la instalación quedó incompleta');
  }

  await page.goto('/admin/reclamos');
  await expect(page.getByText(t.empty)).toBeVisible();
  // The read of the conversation is in the log trail.
  await page.goto('/admin/registro?what=admin-claim-conversation-read');
  await expect(page.getByRole('table', { name: adminLog.tableLabel })).toContainText(ADMIN.email);
});

test('every console operations page passes axe, also at 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  const pages = [
    ['/admin/reclamos', t.title],
    [`/admin/reclamos/${projectId}`, 'Calentador que no enciende'],
    ['/admin/bandejas', adminInbox.title],
    ['/admin/bandejas?bandeja=newsletter', adminInbox.title],
    ['/admin/moderacion', adminModeration.title],
    ['/admin/registro', adminLog.title],
  ] as const;
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [url, title] of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      await expectNoSeriousAxe(page, `${url} ${width}px`);
      if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(360);
    }
  }
});

test('a client reports a contractor profile; the sysadmin sees it in Moderación and dismisses it; clients are kept out of the console', async ({ page }) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/api/auth/sign-in', { data: { email: client.email, password: client.password }, headers: HEADERS })).status()).toBe(200);
  await page.goto(`/contractors/${contractorId}`);
  await page.getByRole('button', { name: reports.button }).click();
  const form = page.getByRole('form', { name: reports.title });
  await form.getByRole('button', { name: reports.submit }).click();
  await expect(form.getByLabel(reports.reason)).toHaveAccessibleDescription('Elige una opción válida.');
  await form.getByLabel(reports.reason).selectOption({ label: reportReasonLabels.fraud });
  await form.getByLabel(reports.details).fill('Pide el pago por adelantado fuera de la plataforma.');
  await form.getByRole('button', { name: reports.submit }).click();
  await expect(page.getByTestId('message-box')).toContainText(reports.sent);

  await page.goto('/admin/reclamos');
  await expect(page).not.toHaveURL(/\/admin/);
  expect((await page.request.get('/api/admin/claims')).status()).toBe(403);

  await page.context().clearCookies();
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  await page.goto('/admin/moderacion');
  const queue = page.getByRole('list', { name: adminModeration.reportsTitle }).getByRole('listitem');
  await expect(queue).toHaveCount(1);
  await expect(queue.first()).toContainText(reportReasonLabels.fraud);
  await expect(queue.first()).toContainText('Pide el pago por adelantado');
  await queue.first().getByRole('button', { name: adminModeration.dismiss }).click();
  await expect(page.getByTestId('message-box')).toContainText(adminModeration.dismissed);
  await expect(page.getByText(adminModeration.reportsEmpty)).toBeVisible();
});
