import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { dlocalSandboxPages as cashier } from '@arreglaya/shared/i18n/dlocal-sandbox';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { projectMail as tpm } from '@arreglaya/shared/i18n/projects';
import type { FundResult } from '@arreglaya/shared/schemas/payments';
import { API_HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// Paying in cash, in a phone's browser (issue 47): the client of a hired project chooses
// "Efectivo" and gets Banco Popular's voucher (dLocal's cash ticket, from the built-in stand-in),
// also mailed to her; a cashier pays it on the stand-in's ticket page, dLocal's signed notification
// holds the money and the contractor may start. A voucher left to expire gives the choice back; one
// paid after it was given up (the hire paid by card meanwhile) is refunded and the client told.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

const o = t.offline;
const HOW_TO_PAY = tpm.paymentInstructions.subject;

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, account: { email: string; password: string }, projectId: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  expect((await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password }, headers: API_HEADERS })).status()).toBe(200);
  await page.goto(`/proyectos/${projectId}`);
}

/** A voucher opened through the API, as the page's button does: its payment and the stand-in's ticket page. */
async function openVoucher(clientApi: APIRequestContext, projectId: string): Promise<{ paymentId: string; ticketUrl: string }> {
  const res = await clientApi.post(`/api/projects/${projectId}/fund`, { data: { rail: 'cash' }, headers: { 'idempotency-key': `cash-${projectId}` } });
  expect(res.status(), await res.text()).toBe(202);
  const body = (await res.json()) as FundResult;
  return { paymentId: body.paymentId, ticketUrl: body.pending!.voucher!.url! };
}

/** The stand-in's ticket page in a tab of its own, where the test acts as the cashier (or lets the ticket's time run out). */
async function atTheCounter(context: BrowserContext, ticketUrl: string, button: string, after: string): Promise<void> {
  const counter = await context.newPage();
  await counter.setViewportSize({ width: 360, height: 740 });
  await counter.goto(ticketUrl);
  await counter.getByRole('button', { name: button }).click();
  await expect(counter.getByRole('status')).toHaveText(after);
  await counter.close();
}

test('a client pays a cash voucher at the counter: the voucher at 360 px, mailed, paid on the ticket page, held, the work may start', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { client, contractorApi, projectId } = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Puerta del patio',
    description: 'La cerradura no cierra.',
    priceMinor: 410_000,
    offer: 'Cambio de la cerradura.',
  });
  await signIn(page, client, projectId);

  const pay = page.getByRole('region', { name: t.fund.title });
  await pay.getByRole('radio', { name: o.rails.cash.label }).check();
  await pay.getByRole('button', { name: o.generateCash('RD$4,100.00') }).click();
  await expect(page.getByTestId('message-box')).toContainText(tp.fund.voucherOpened);
  const panel = pay.getByTestId('pending-payment');
  await expect(panel.getByRole('heading', { name: o.cashTitle })).toBeFocused();
  const number = (await panel.getByTestId('voucher-number').textContent())!;
  expect(number).toMatch(/^\d{8,}$/);
  await expect(panel).toContainText(o.notHeld);
  await expect(panel).toContainText('RD$4,100.00');
  await expect(panel).toContainText('Banco Popular');
  await expect(panel.getByRole('button', { name: o.print })).toBeVisible();
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id voucher 360px');

  // The same voucher by mail: amount, number, where, by when, the project's link.
  const mail = await server.mailbox.waitFor((m) => m.subject === HOW_TO_PAY && (m.text ?? '').includes(number));
  expect(mail.text).toContain('RD$4,100.00');
  expect(mail.text).toContain('sucursal o subagente de Banco Popular');
  expect(mail.text).toContain(`/proyectos/${projectId}`);

  // The cashier takes the money on dLocal's ticket page (the voucher's own link).
  const ticketUrl = (await panel.getByRole('link', { name: o.voucherPage }).getAttribute('href'))!;
  await atTheCounter(context, ticketUrl, cashier.ticket.pay, cashier.ticket.paid);

  // dLocal's notification arrives: the money is held, the voucher is gone, the contractor may start.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('money-state')).toHaveText(t.state.heldClient('RD$4,100.00'), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('pending-payment')).toHaveCount(0);
  expect((await contractorApi.post(`/api/projects/${projectId}/status`, { data: { status: 'in_progress' } })).status()).toBe(200);
});

test('a voucher left unpaid expires: the page says so and the client chooses again', async ({ page, context }) => {
  test.setTimeout(60_000);
  const { client, clientApi, projectId } = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Techo de zinc',
    description: 'Gotea cuando llueve.',
    priceMinor: 250_000,
    offer: 'Sellado completo del techo.',
  });
  const { ticketUrl } = await openVoucher(clientApi, projectId);
  // The ticket's days pass (the stand-in's tester button): dLocal notifies EXPIRED.
  await atTheCounter(context, ticketUrl, cashier.ticket.expire, cashier.ticket.expired);

  await signIn(page, client, projectId);
  const pay = page.getByRole('region', { name: t.fund.title });
  await expect(async () => {
    await page.reload();
    await expect(pay.getByTestId('offline-expired')).toHaveText(o.expired.cash, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(pay.getByRole('group', { name: o.choice })).toBeVisible();
  await noHorizontalScroll(page);
  await server.mailbox.waitFor((m) => m.subject === tpm.paymentExpired.subject && m.to?.some((a) => a.address === client.email) === true);

  // A new voucher in its place.
  await pay.getByRole('radio', { name: o.rails.cash.label }).check();
  await pay.getByRole('button', { name: o.generateCash('RD$2,500.00') }).click();
  await expect(pay.getByTestId('voucher-number')).toBeVisible();
  await expect(pay.getByTestId('offline-expired')).toHaveCount(0);
});

test('a voucher paid after it was given up, the hire paid by card meanwhile, is refunded and the client told', async ({ page, context }) => {
  test.setTimeout(60_000);
  const { client, clientApi, projectId } = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Bomba de agua',
    description: 'No sube el agua al tinaco.',
    priceMinor: 300_000,
    offer: 'Revisión y cambio de la bomba.',
  });
  const { paymentId, ticketUrl } = await openVoucher(clientApi, projectId);
  expect((await clientApi.post(`/api/projects/${projectId}/payments/${paymentId}/cancel`, { data: {} })).status()).toBe(200);
  await fundHire(clientApi, projectId, 'late-cash');

  // The old ticket was still valid at dLocal: someone pays it at the counter anyway.
  await atTheCounter(context, ticketUrl, cashier.ticket.pay, cashier.ticket.paid);

  // The cash goes back at once: the client's notices say so.
  await signIn(page, client, projectId);
  await expect(async () => {
    await page.goto('/perfil/avisos');
    await expect(page.getByText(tp.receipts.refund.title).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await noHorizontalScroll(page);
  await page.goto(`/proyectos/${projectId}`);
  await expect(page.getByTestId('money-state')).toHaveText(t.state.heldClient('RD$3,000.00'));
});
