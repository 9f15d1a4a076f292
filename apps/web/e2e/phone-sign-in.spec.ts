import { randomInt } from 'node:crypto';
import { expect, request, type Page } from '@playwright/test';
import { auth } from '@arreglaya/shared/i18n/auth';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { createConfirmedAccount } from './support/accounts.ts';
import { API_HEADERS, apiAs } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { testWithOwnServer } from './support/fixtures.ts';

// Decision 071 at 360 px: an invited técnico who joined by phone (no e-mail, no password) comes back
// in with "Entrar con un código a mi teléfono", the code read from what the WhatsApp stand-in
// delivered; and the client cancels an invitation from his project's page. axe on each step.

const test = testWithOwnServer();
// The wrong code's refusal (a 400 the form shows) is logged by the browser.
test.use({ allowedErrors: [/\/api\/auth\/phone\/sign-in: Failed to load resource: the server responded with a status of 400/] });
const PHONE_SIZE = { width: 360, height: 780 };

async function noHorizontalScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** What the WhatsApp/SMS stand-ins delivered to a number, newest first. */
async function outbox(page: Page, number: string): Promise<{ body: string }[]> {
  return (await (await page.request.get(`/dev/messages.json?to=${encodeURIComponent(number)}`)).json()) as { body: string }[];
}

const project = () => ({
  services: ['plomeria'],
  title: 'Cambiar la llave del fregadero',
  propertyType: 'casa',
  description: 'La llave del fregadero gotea desde hace una semana.',
  startDate: dayFromToday(5),
  intention: 'ready',
  country: 'DO',
  city: 'santo-domingo',
  street: 'Calle El Conde 105',
});

/** A client invites a fresh number through the API; the invitation's ids and the link's token. */
async function invite(page: Page, baseURL: string, client: { email: string; password: string }) {
  const number = `+1829${randomInt(2_000_000, 9_999_999)}`;
  const api = await apiAs(baseURL, client);
  const res = await api.post('/api/invitations', { data: { contractorName: 'Papo el plomero', phone: number, priceMinor: 850_000, project: project() } });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as { invitationId: string; projectId: string };
  await api.dispose();
  const token = /\/invitacion\/([A-Za-z0-9_-]{43})/.exec((await outbox(page, number))[0]!.body)![1]!;
  return { number, token, ...created };
}

test('a técnico who joined by phone signs back in with a code to his phone at 360 px', async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
  const { number, token } = await invite(page, ownServer.baseURL, client);
  // He joins from his link (name, the code to his phone, services) in a session that then ends.
  const tecnico = await request.newContext({ baseURL: ownServer.baseURL, extraHTTPHeaders: API_HEADERS });
  expect((await tecnico.post(`/api/invitations/${token}/code`)).status()).toBe(200);
  const joinCode = /\b(\d{6})\b/.exec((await outbox(page, number))[0]!.body)![1]!;
  expect((await tecnico.post(`/api/invitations/${token}/join`, { data: { name: 'Juan Reyes', code: joinCode, services: ['plomeria'] } })).status()).toBe(200);
  expect((await tecnico.post('/api/auth/sign-out')).status()).toBe(204);
  await tecnico.dispose();

  await page.setViewportSize(PHONE_SIZE);
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: auth.signIn.title });
  await dialog.getByRole('button', { name: auth.phoneSignIn.open }).click();
  await expect(dialog.getByText(auth.phoneSignIn.intro)).toBeVisible();
  await expectNoSeriousAxe(page, 'sign-in by phone: the number, 360 px');
  await noHorizontalScroll(page);

  // A number written badly is refused in Spanish, in the form.
  await dialog.getByLabel(auth.phoneSignIn.number).fill('555 12');
  await dialog.getByRole('button', { name: auth.phoneSignIn.sendCode }).click();
  await expect(dialog.getByText(/número de celular válido/)).toBeVisible();

  // As a Dominican writes it, without the +1.
  const national = `${number.slice(2, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;
  const before = (await outbox(page, number)).length;
  await dialog.getByLabel(auth.phoneSignIn.number).fill(national);
  await dialog.getByRole('button', { name: auth.phoneSignIn.sendCode }).click();
  await expect(dialog.getByRole('status').filter({ hasText: auth.phoneSignIn.codeSent(number) })).toBeVisible();
  await expect.poll(async () => (await outbox(page, number)).length).toBe(before + 1);
  const code = /\b(\d{6})\b/.exec((await outbox(page, number))[0]!.body)![1]!;
  await expect(dialog.getByLabel(auth.phoneSignIn.code)).toBeFocused();
  await expectNoSeriousAxe(page, 'sign-in by phone: the code, 360 px');
  await noHorizontalScroll(page);

  // A wrong code is refused at the field, the right one signs him in.
  await dialog.getByLabel(auth.phoneSignIn.code).fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: auth.phoneSignIn.submit, exact: true }).click();
  await expect(dialog.getByText(auth.phoneSignIn.invalidCode)).toBeVisible();
  await dialog.getByLabel(auth.phoneSignIn.code).fill(code);
  await dialog.getByRole('button', { name: auth.phoneSignIn.submit, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/profile\/info$/);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { firstName: string; role: string } | null };
  expect(session.user).toMatchObject({ firstName: 'Juan', role: 'contractor' });
});

test('the client cancels his invitation from the project page at 360 px; the link then says so', async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
  const { token, projectId } = await invite(page, ownServer.baseURL, client);
  await page.setViewportSize(PHONE_SIZE);
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: auth.signIn.title });
  await dialog.getByLabel(auth.email, { exact: true }).fill(client.email);
  await dialog.getByLabel(auth.password, { exact: true }).fill(client.password);
  await dialog.getByRole('button', { name: auth.signIn.submit, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto(`/proyectos/${projectId}`);
  const card = page.getByRole('region', { name: ti.client.heading });
  await expect(card.getByText(ti.page.status.sent)).toBeVisible();
  await expectNoSeriousAxe(page, 'project page with its invitation, 360 px');
  await noHorizontalScroll(page);
  await card.getByRole('button', { name: ti.client.cancel }).click();
  const confirm = page.getByRole('alertdialog', { name: ti.client.cancel });
  await expect(confirm.getByText(ti.client.cancelConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: ti.client.cancel }).click();
  await expect(page.getByTestId('message-box')).toContainText(ti.client.cancelled);
  await expect(card.getByText(ti.page.status.cancelled)).toBeVisible();
  await expect(card.getByRole('button', { name: ti.client.cancel })).toHaveCount(0);

  await page.goto(`/invitacion/${token}`);
  await expect(page.getByRole('status').filter({ hasText: ti.errors.cancelled })).toBeVisible();
});
