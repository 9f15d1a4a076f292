import { expect, type BrowserContext, type Page } from '@playwright/test';
import { formatMoney } from '@arreglaya/shared/format-money';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { dlocalSandboxPages as standIn } from '@arreglaya/shared/i18n/dlocal-sandbox';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { API_HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { testWithOwnServer, type AppServer } from './support/fixtures.ts';
import { hiredProject } from './support/hired-project.ts';

// Money per country in a phone's browser (issue 51, decision 067): a Colombian client pays a hire
// through PSE (dLocal's stand-in is her bank's site, and sends her back to the project page), a
// Mexican client gets an OXXO voucher the stand-in's counter then pays; dLocal's signed
// notification holds the money, in the project's currency as its country writes it.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

// The stand-in's bank page (dLocal's, not ours) has no icon, so Chromium's /favicon.ico is a 404.
test.use({ allowedErrors: [/\/favicon\.ico: .*status of 404/] });

const o = t.offline;

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, account: { email: string; password: string }, projectId: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  expect((await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password }, headers: API_HEADERS })).status()).toBe(200);
  await page.goto(`/proyectos/${projectId}`);
}

/** dLocal's notification arrives (the stand-in's delivery job): the page, reloaded, says the money is held. */
async function expectHeld(page: Page, amount: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('money-state')).toHaveText(t.state.heldClient(amount), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('pending-payment')).toHaveCount(0);
  await expect(page.getByText(t.fund.held(amount), { exact: true })).toBeVisible();
}

/** The stand-in's ticket page in a tab of its own, where the test acts as the store's cashier. */
async function atTheCounter(context: BrowserContext, ticketUrl: string): Promise<void> {
  const counter = await context.newPage();
  await counter.setViewportSize({ width: 360, height: 740 });
  await counter.goto(ticketUrl);
  await counter.getByRole('button', { name: standIn.ticket.pay }).click();
  await expect(counter.getByRole('status')).toHaveText(standIn.ticket.paid);
  await counter.close();
}

test('a Colombian client pays a hire through PSE at her bank and comes back to the money held in pesos colombianos', async ({ page }) => {
  test.setTimeout(90_000);
  const { client, projectId } = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Calentador de agua',
    description: 'No calienta el agua de la ducha.',
    priceMinor: 400_000_000,
    offer: 'Cambio de la resistencia del calentador.',
    place: { country: 'CO', city: 'bogota' },
  });
  const cop = formatMoney(400_000_000, 'COP');
  expect(cop.replace(/\s/g, ' ')).toBe('$ 4.000.000');
  await signIn(page, client, projectId);

  const pay = page.getByRole('region', { name: t.fund.title });
  const choice = pay.getByRole('group', { name: o.choice });
  await expect(choice.getByRole('radio')).toHaveCount(3);
  await expect(choice.getByRole('radio', { name: o.rails.transfer.label })).toHaveCount(0);
  await expect(choice.getByRole('radio', { name: o.methods.efecty.label })).toBeVisible();
  // Keyboard: from the card to PSE with the arrow key, as a radio group goes.
  await choice.getByRole('radio', { name: o.rails.card.label }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(choice.getByRole('radio', { name: o.methods.pse.label })).toBeChecked();
  await expect(pay.getByText(o.pseIntro)).toBeVisible();
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id PSE 360px');

  // dLocal asks the payer's cédula de ciudadanía in Colombia (decision 067): without it, the field says so.
  await pay.getByRole('button', { name: o.goToBankAmount(cop) }).click();
  const document = pay.getByLabel(idDocuments.co_cc.label, { exact: true });
  await expect(document).toHaveAccessibleDescription(new RegExp(tp.fund.payerDocumentRequired('cédula de ciudadanía', 'Colombia')));
  await document.fill('1.020.304.050');
  // To the bank's site (the stand-in's page): the debit authorised, then back to ArreglaYa.
  await pay.getByRole('button', { name: o.goToBankAmount(cop) }).click();
  await page.waitForURL(/\/dlocal-sandbox\/tickets\//);
  await page.getByRole('button', { name: standIn.ticket.pay }).click();
  await expect(page.getByRole('status')).toHaveText(standIn.ticket.paid);
  await page.getByRole('button', { name: standIn.back }).click();
  await page.waitForURL(new RegExp(`/proyectos/${projectId}$`));

  await expectHeld(page, cop);
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id held COP 360px');
});

test('a Mexican client gets an OXXO voucher in pesos mexicanos; paid at the store, the money is held', async ({ page, context }) => {
  test.setTimeout(90_000);
  const { client, projectId } = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Fuga en la cocina',
    description: 'Gotea la llave del fregadero.',
    priceMinor: 400_000,
    offer: 'Cambio de la llave y sus empaques.',
    place: { country: 'MX', city: 'ciudad-de-mexico' },
  });
  await signIn(page, client, projectId);

  const pay = page.getByRole('region', { name: t.fund.title });
  const choice = pay.getByRole('group', { name: o.choice });
  await expect(choice.getByRole('radio', { name: o.methods.spei.label })).toBeVisible();
  await choice.getByRole('radio', { name: o.methods.oxxo.label }).check();
  await pay.getByLabel(idDocuments.mx_curp.label, { exact: true }).fill('GOMA850312HDFRRN09');
  await pay.getByRole('button', { name: o.generateCash('$4,000.00') }).click();
  await expect(page.getByTestId('message-box')).toContainText(tp.fund.voucherOpened);

  const panel = pay.getByTestId('pending-payment');
  await expect(panel.getByRole('heading', { name: o.cashTitle })).toBeFocused();
  await expect(panel.getByTestId('voucher-number')).toHaveText(/^\d{8,}$/);
  await expect(panel).toContainText('$4,000.00');
  await expect(panel).toContainText('OXXO');
  await noHorizontalScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id OXXO voucher 360px');

  const ticketUrl = (await panel.getByRole('link', { name: o.voucherPage }).getAttribute('href'))!;
  await atTheCounter(context, ticketUrl);

  await expectHeld(page, '$4,000.00');
  await noHorizontalScroll(page);
});
