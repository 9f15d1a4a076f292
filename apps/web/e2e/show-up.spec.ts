import { expect, type Browser, type Page } from '@playwright/test';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import { projectsWeb } from '@arreglaya/shared/i18n/projects';
import { PROJECT_STATUS_LABELS } from '@arreglaya/shared/lifecycles';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { TestAccount } from './support/accounts.ts';
import { API_HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { testWithOwnServer, waitForAppOnNavigation, watchPageErrors, type AppServer } from './support/fixtures.ts';
import { fundHire, hiredProject } from './support/hired-project.ts';

// A record of who shows up (decision 057), on a phone (360 px): the hired contractor taps "Llegué"
// on the start day (the offer starts today) and the client confirms it; on another hire the
// contractor steps back on the start day ("No podré ir", a late cancellation) and the client sees
// the project cancelled and the money refunded. Both pages pass axe and never scroll sideways.

let server: AppServer;
const test = testWithOwnServer();
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});
test.describe.configure({ mode: 'serial' });

const ZONE = 'America/Santo_Domingo';
const PHONE = { width: 360, height: 740 };
const t = showUp.web;
const messageBox = (page: Page) => page.getByTestId('message-box');
const section = (page: Page) => page.getByRole('region', { name: t.title });

/** A person's own phone-sized browser, signed in through the API, watched for console errors. */
async function phoneOf(browser: Browser, account: TestAccount): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', timezoneId: ZONE, viewport: PHONE });
  const page = waitForAppOnNavigation(await context.newPage());
  const errors = watchPageErrors(page);
  expect((await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password }, headers: API_HEADERS })).status()).toBe(200);
  return { page, errors };
}

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('the contractor taps "Llegué" on the start day and the client confirms it', async ({ browser }) => {
  test.setTimeout(180_000);
  const hired = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Calentador que no enciende',
    description: 'El calentador de agua no enciende.',
    priceMinor: 350_000,
    offer: 'Reviso y cambio el termostato.',
  });
  await fundHire(hired.clientApi, hired.projectId, 'show-up');

  const contractor = await phoneOf(browser, hired.contractor);
  await contractor.page.goto(`/proyectos/${hired.projectId}`);
  const arrive = section(contractor.page).getByRole('button', { name: t.arrive });
  await expect(arrive).toBeVisible();
  await noHorizontalScroll(contractor.page);
  await expectNoSeriousAxe(contractor.page, '/proyectos/:id contractor Llegué 360px');
  await arrive.click();
  await expect(messageBox(contractor.page)).toContainText(showUp.marked);
  await expect(section(contractor.page)).toContainText(t.waitingAnswer);
  await expect(section(contractor.page).getByRole('button', { name: t.arrive })).toHaveCount(0);

  const client = await phoneOf(browser, hired.client);
  await client.page.goto(`/proyectos/${hired.projectId}`);
  const confirm = section(client.page).getByRole('button', { name: t.confirm });
  await expect(confirm).toBeVisible();
  await expect(section(client.page).getByRole('button', { name: t.noShow })).toBeVisible();
  await expect(client.page.getByText(PROJECT_STATUS_LABELS.in_progress, { exact: true })).toBeVisible();
  await noHorizontalScroll(client.page);
  await expectNoSeriousAxe(client.page, '/proyectos/:id client Confirmar llegada 360px');
  await confirm.click();
  await expect(messageBox(client.page)).toContainText(showUp.confirmed);
  await expect(section(client.page)).toContainText(t.clientConfirmedNote);
  await expect(section(client.page).getByRole('button', { name: t.confirm })).toHaveCount(0);

  // The contractor reads the confirmation when he opens the page again.
  await contractor.page.reload();
  await expect(section(contractor.page)).toContainText(t.confirmedNote);
  expect(contractor.errors).toEqual([]);
  expect(client.errors).toEqual([]);
});

test('a contractor who steps back on the start day: the hire is cancelled and the client sees the refund', async ({ browser }) => {
  test.setTimeout(180_000);
  const hired = await hiredProject(server.baseURL, server.mailbox, {
    title: 'Puerta que no cierra',
    description: 'La puerta del patio no cierra bien.',
    priceMinor: 410_000,
    offer: 'Ajusto bisagras y cerradura.',
  });
  await fundHire(hired.clientApi, hired.projectId, 'show-up-late');

  const contractor = await phoneOf(browser, hired.contractor);
  await contractor.page.goto(`/proyectos/${hired.projectId}`);
  await expect(section(contractor.page)).toContainText(t.stepBackLate);
  await noHorizontalScroll(contractor.page);
  await section(contractor.page).getByRole('button', { name: t.stepBack }).click();
  const dialog = contractor.page.getByRole('alertdialog', { name: projectsWeb.endHire.withdraw });
  await expect(dialog).toContainText(t.stepBackLate);
  await dialog.getByLabel(projectsWeb.endHire.reason).fill('Se me dañó la camioneta y no llego hoy.');
  await expectNoSeriousAxe(contractor.page, '/proyectos/:id contractor No podré ir 360px');
  await dialog.getByRole('button', { name: projectsWeb.endHire.confirmWithdraw }).click();
  await expect(messageBox(contractor.page)).toContainText(showUp.steppedBack);

  const client = await phoneOf(browser, hired.client);
  await client.page.goto(`/proyectos/${hired.projectId}`);
  await expect(client.page.getByText(PROJECT_STATUS_LABELS.cancelled, { exact: true })).toBeVisible();
  await expect(client.page.getByText(/Te reembolsamos RD\$4,100\.00/).first()).toBeVisible();
  await noHorizontalScroll(client.page);
  await expectNoSeriousAxe(client.page, '/proyectos/:id client refunded 360px');
  const money = ((await (await hired.clientApi.get(`/api/projects/${hired.projectId}`)).json()) as ProjectDetail).money!;
  expect(money).toMatchObject({ fundedMinor: 410_000, refundedMinor: 410_000, heldMinor: 0 });
  expect(contractor.errors).toEqual([]);
  expect(client.errors).toEqual([]);
});
