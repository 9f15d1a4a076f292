import { expect, type Page } from '@playwright/test';
import { PROPERTY_TYPE_LABELS, SERVICE_LABELS } from '@arreglaya/shared/domain';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { paymentsWeb as tpay } from '@arreglaya/shared/i18n/payments';
import { projectsWeb } from '@arreglaya/shared/i18n/projects';
import { createConfirmedAccount, signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { testWithOwnServer, waitForAppOnNavigation, watchPageErrors } from './support/fixtures.ts';

// Invite your técnico (issue 50, item 5; decision 064) at 360 px: the client invites the técnico he
// knows from his projects; the técnico opens the link the WhatsApp stand-in delivered, joins (name,
// the code sent to his phone, services), accepts; the client pays with the card sandbox and the job
// is funded. axe on the new pages.

const test = testWithOwnServer();
const PHONE = '(829) 555-7788';
const E164 = '+18295557788';
const NEXT_YEAR = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const PHONE_SIZE = { width: 360, height: 780 };

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** What the WhatsApp/SMS stand-ins delivered to the técnico's phone, newest first. */
async function outbox(page: Page): Promise<{ body: string }[]> {
  return (await (await page.request.get(`/dev/messages.json?to=${encodeURIComponent(E164)}`)).json()) as { body: string }[];
}

test('a client invites his técnico, who joins from the WhatsApp link at 360 px and accepts; the client funds the job', async ({ page, browser, ownServer }) => {
  test.setTimeout(180_000);
  const client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
  await page.setViewportSize(PHONE_SIZE);
  await signIn(page, client);

  // The client, from his projects.
  await page.goto('/perfil/proyectos');
  await page.getByRole('link', { name: ti.form.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: ti.form.title })).toBeVisible();
  await expectNoSeriousAxe(page, '/invitar-tecnico 360 px');
  await noHorizontalScroll(page);
  const form = page.getByRole('main');
  await form.getByLabel(ti.form.name).fill('Papo el plomero');
  await form.getByLabel(ti.form.phone).fill(PHONE);
  await form.getByLabel(ti.form.price('DOP')).fill('8,500');
  await form.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
  await form.getByLabel(projectsWeb.form.title).fill('Cambiar la llave del fregadero');
  await form.getByLabel(projectsWeb.form.propertyType).selectOption({ label: PROPERTY_TYPE_LABELS.casa });
  await form.getByLabel(projectsWeb.form.description).fill('La llave del fregadero gotea desde hace una semana.');
  await form.getByLabel(projectsWeb.form.startDate).fill(dayFromToday(5));
  await form.getByLabel(projectsWeb.form.city).selectOption({ label: 'Santo Domingo' });
  await form.getByLabel(projectsWeb.form.street).fill('Calle El Conde 105');
  await form.getByRole('button', { name: ti.form.submit }).click();
  await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('message-box')).toContainText(ti.form.sent('Papo el plomero'));
  const projectPath = new URL(page.url()).pathname;

  // The técnico: the link from his WhatsApp, on his own phone.
  const [message] = await outbox(page);
  const link = /\/invitacion\/[A-Za-z0-9_-]{43}/.exec(message!.body)![0];
  const context = await browser.newContext({ baseURL: ownServer.baseURL, locale: 'es-DO', viewport: PHONE_SIZE });
  const tecnico = waitForAppOnNavigation(await context.newPage());
  const tecnicoErrors = watchPageErrors(tecnico);
  await tecnico.goto(link);
  await expect(tecnico.getByText(ti.page.invitedBy(`${client.firstName} ${client.lastName}`))).toBeVisible();
  await expect(tecnico.getByText('RD$8,500.00')).toBeVisible();
  await expectNoSeriousAxe(tecnico, '/invitacion/:token 360 px');
  await noHorizontalScroll(tecnico);

  await tecnico.getByLabel(ti.page.name).fill('Juan Pablo Reyes');
  await tecnico.getByRole('button', { name: ti.page.sendCode }).click();
  await expect(tecnico.getByRole('status').filter({ hasText: /código/ })).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await outbox(tecnico))[0]!.body)![1]!;
  await tecnico.getByLabel(ti.page.code).fill(code);
  await tecnico.getByRole('checkbox', { name: SERVICE_LABELS.plomeria }).check();
  await tecnico.getByRole('button', { name: ti.page.join }).click();

  await tecnico.getByRole('button', { name: ti.page.accept }).click();
  await expect(tecnico.getByRole('status').filter({ hasText: ti.page.accepted })).toBeVisible();
  await expectNoSeriousAxe(tecnico, '/invitacion/:token accepted 360 px');
  await noHorizontalScroll(tecnico);

  // The client pays as any hire: the card sandbox; the money is held.
  await page.goto(projectPath);
  const pay = page.getByRole('region', { name: tpay.fund.title });
  await pay.getByRole('radio', { name: tpay.fund.newCard }).check();
  await pay.getByLabel(tpay.cardForm.number).fill('4242 4242 4242 4242');
  await pay.getByLabel(tpay.cardForm.expiry).fill(`12${NEXT_YEAR}`);
  await pay.getByLabel(tpay.cardForm.cvc).fill('123');
  await pay.getByLabel(tpay.cardForm.postalCode).fill('10101');
  await pay.getByLabel(tpay.cardForm.country).selectOption('DO');
  await pay.getByRole('button', { name: tpay.fund.pay }).click();
  await expect(page.getByTestId('money-state')).toHaveText(tpay.state.heldClient('RD$8,500.00'));

  // His link now says the job is funded.
  await tecnico.reload();
  await expect(tecnico.getByText(ti.page.status.funded)).toBeVisible();
  expect(tecnicoErrors).toEqual([]);
  await context.close();
});
