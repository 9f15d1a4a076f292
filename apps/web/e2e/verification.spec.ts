import { expect, type Browser, type Page } from '@playwright/test';
import { formatDay } from '@arreglaya/shared/format-dates';
import { verification as t } from '@arreglaya/shared/i18n/verification';
import { addToDay } from '@arreglaya/shared/schemas/verification';
import { completeContractorProfile, createConfirmedAccount } from './support/accounts.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { testWithOwnServer, watchPageErrors, type AppServer } from './support/fixtures.ts';

// Issue 49 part 3's "done when", at 360 px: a contractor uploads a criminal-record certificate from
// their profile page, the sysadmin approves it in the console's queue, and the public profile shows
// the badge with its date and expiry. The document is served to the sysadmin only. Axe on each page.

const ADMIN = { email: 'admin-verificaciones@prueba.do', password: 'Admin-Verifica-2026' };
let server: AppServer;
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
test.beforeAll(({ ownServer }) => {
  server = ownServer;
});

/** A small PDF whose startxref points at its cross-reference table. */
function certificatePdf(): Buffer {
  const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
  return Buffer.from(`${body}xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n${Buffer.byteLength(body)}\n%%EOF\n`, 'latin1');
}

async function openAs(browser: Browser, account: { email: string; password: string } | null): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', timezoneId: 'America/Santo_Domingo', viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  if (account) expect((await page.request.post('/api/auth/sign-in', { data: account, headers: HEADERS })).status()).toBe(200);
  return { page, errors };
}

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a criminal-record certificate is uploaded, approved in the console, and shown on the public profile with its date and expiry', async ({ browser }) => {
  test.setTimeout(180_000);
  const contractor = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  await completeContractorProfile(server.baseURL, contractor);
  const issuedOn = dayFromToday(-20);

  // The contractor asks from the "Verificación" section of their profile page.
  const asContractor = await openAs(browser, contractor);
  const cp = asContractor.page;
  const contractorId = ((await (await cp.request.get('/api/auth/session')).json()) as { user: { id: string } }).user.id;
  await cp.goto('/profile');
  const section = cp.getByRole('region', { name: t.section.title });
  const card = section.getByRole('article', { name: t.kinds.criminal_record });
  await expect(card.getByText(t.section.state(t.statuses.none))).toBeVisible();
  await card.getByRole('button', { name: t.section.request }).click();
  await expect(card.getByText(t.errors.fileMissing)).toBeVisible();
  await card.getByLabel(t.section.fileLabel).setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: certificatePdf() });
  await card.getByLabel(t.section.issuedOnLabel).fill(issuedOn);
  await card.getByRole('button', { name: t.section.request }).click();
  await expect(card.getByText(t.section.state(t.statuses.pending))).toBeVisible();
  await noSideScroll(cp);
  await expectNoSeriousAxe(cp, '/profile (Verificación)');

  // Nothing public before a sysadmin decides.
  const visitor = await openAs(browser, null);
  await visitor.page.goto(`/contractors/${contractorId}`);
  await expect(visitor.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.page.getByRole('list', { name: t.badges.listLabel })).toHaveCount(0);

  // The sysadmin's queue: the document opens for them only; approve.
  const asAdmin = await openAs(browser, ADMIN);
  const ap = asAdmin.page;
  await ap.goto('/admin/verificaciones');
  await expect(ap.getByRole('heading', { level: 1, name: t.admin.title })).toBeVisible();
  const item = ap.getByRole('list', { name: t.admin.listLabel }).getByRole('article').filter({ hasText: t.kinds.criminal_record });
  await expect(item).toHaveCount(1);
  const link = item.getByRole('link', { name: t.admin.viewDocument(t.kinds.criminal_record) });
  const href = (await link.getAttribute('href'))!;
  const asSysadmin = await ap.request.get(href);
  expect(asSysadmin.status()).toBe(200);
  expect(asSysadmin.headers()['content-type']).toBe('application/pdf');
  expect(asSysadmin.headers()['cache-control']).toBe('private, no-store');
  expect((await cp.request.get(href)).status()).toBe(403);
  expect((await visitor.page.request.get(href)).status()).toBeGreaterThanOrEqual(401);
  await noSideScroll(ap);
  await expectNoSeriousAxe(ap, '/admin/verificaciones');
  await item.getByRole('button', { name: t.admin.approve }).click();
  await expect(ap.getByTestId('message-box')).toContainText(t.admin.approved);
  await expect(ap.getByText(t.admin.empty)).toBeVisible();
  // Deleted at the decision.
  expect((await ap.request.get(href)).status()).toBe(404);

  // The public profile shows the badge with the certificate's date and its expiry, 12 months on.
  const badge = t.badges.criminalRecord(formatDay(issuedOn, 'es-DO'), formatDay(addToDay(issuedOn, { months: 12 }), 'es-DO'));
  await expect(async () => {
    await visitor.page.goto(`/contractors/${contractorId}`);
    await expect(visitor.page.getByRole('list', { name: t.badges.listLabel }).getByText(badge)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await noSideScroll(visitor.page);
  await expectNoSeriousAxe(visitor.page, '/contractors/:id (insignias)');

  // The contractor sees it approved.
  await cp.reload();
  await expect(
    cp.getByRole('region', { name: t.section.title }).getByRole('article', { name: t.kinds.criminal_record }).getByText(t.section.state(t.statuses.approved)),
  ).toBeVisible();
  for (const { errors } of [asContractor, visitor, asAdmin]) expect(errors).toEqual([]);
});
