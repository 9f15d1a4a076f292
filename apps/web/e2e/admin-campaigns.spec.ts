import { adminConsole } from '@arreglaya/shared/i18n/admin-console';
import { adminCampaigns as t, specialOffersUnsubscribe as u } from '@arreglaya/shared/i18n/campaigns';
import { createConfirmedAccount, type TestAccount } from './support/accounts.ts';
import { API_HEADERS as HEADERS, apiAs } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer, type AppServer } from './support/fixtures.ts';

// "Ofertas especiales" (decision 041) in a browser: the sysadmin writes a campaign, sees it reach
// the one client who opted in, sends it through the confirmation; the client's mail carries the
// unsubscribe link, whose page's button turns the offers off. Axe and 360 px on the page.

const ADMIN = { email: 'ofertas@arreglaya.do', password: 'Ofertas-Especiales-2026' };
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
let server: AppServer;
let client: TestAccount;

test.beforeAll(async ({ ownServer }) => {
  test.setTimeout(120_000);
  server = ownServer;
  client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  const api = await apiAs(server.baseURL, client);
  const saved = await api.put('/api/me/notifications', { data: { immediate: true, newsletter: false, matches: true, specialOffers: true } });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();
});

test('the sysadmin writes and sends a campaign to the client who opted in, who can unsubscribe; no axe violations at 1280 and 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: adminConsole.navLabel }).getByRole('link', { name: adminConsole.nav.campaigns }).click();
  await expect(page).toHaveURL(/\/admin\/campanas$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  const subject = 'Pintura de interiores con 20 % menos';
  await page.getByRole('textbox', { name: t.subject }).fill(subject);
  await page.getByRole('textbox', { name: t.text }).fill('Los pintores de tu zona tienen precios especiales hasta el 31.');
  await expect(page.getByText(t.audience('1 persona'))).toBeVisible();
  await page.getByRole('button', { name: t.saveDraft }).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  const entry = page.getByRole('listitem', { name: subject });
  await expect(entry).toContainText(t.states.draft);

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousAxe(page, `/admin/campanas ${width}px`);
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }

  await entry.getByRole('button', { name: t.sendLabel(subject) }).click();
  const dialog = page.getByRole('alertdialog', { name: t.confirmTitle });
  await expect(dialog).toContainText(t.confirmText(subject, '1 persona'));
  await expectNoSeriousAxe(page, '/admin/campanas confirmation');
  await dialog.getByRole('button', { name: t.confirmSend }).click();
  await expect(page.getByText(t.sending)).toBeVisible();

  const mail = await server.mailbox.waitFor((m) => m.subject === subject && (m.to ?? []).some((a) => a.address === client.email));
  expect(mail.text).toContain(`Hola, ${client.firstName}:`);
  const link = /https?:\/\/\S+\/api\/ofertas\/baja\?token=\S+/.exec(mail.text ?? '')![0];
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('listitem', { name: subject })).toContainText(t.states.sent, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: subject })).toContainText(`${t.mailed}: 1`);

  // The client's link: a page with one button, then the confirmation.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: u.askTitle })).toBeVisible();
  await page.getByRole('button', { name: u.button }).click();
  await expect(page.getByRole('heading', { level: 1, name: u.doneTitle })).toBeVisible();
});
