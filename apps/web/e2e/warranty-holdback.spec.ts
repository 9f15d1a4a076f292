import { offerForm } from '@arreglaya/shared/i18n/quotes-web';
import { offerPanel } from '@arreglaya/shared/i18n/quotes-web';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import type { WarrantyHoldback } from '@arreglaya/shared/schemas/warranty';
import { formatDate } from '../src/lib/format.ts';
import { signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { fundHire, openProject } from './support/hired-project.ts';
import { fillOfferTerms } from './support/offer-terms.ts';

// The warranty holdback (decision 055) on a phone: the contractor offers with a 5 % holdback in the
// offer form; after the client's approval the client's project page shows the amount kept, the day
// it is released, its state and 'Abrir reclamo de garantía'; no horizontal scroll, no serious axe finding.

test('a contractor offers with a holdback and the client sees it on the project page after approval, at 360 px', async ({ page, server, browser }) => {
  test.setTimeout(150_000);
  const open = await openProject(server.baseURL, server.mailbox, { title: 'Filtración en el baño', description: 'Gotea la tubería bajo el lavamanos.' });
  const { client, contractor, clientApi, contractorApi, projectId } = open;

  // The contractor offers from the project page, with a 5 % holdback.
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, contractor);
  await page.goto(`/proyectos/${projectId}`);
  const panel = page.getByRole('region', { name: offerPanel.title });
  await panel.getByRole('button', { name: offerPanel.make }).click();
  const dialog = page.getByRole('dialog', { name: offerForm.title });
  await dialog.getByLabel(offerForm.priceLabel('DOP')).fill('15,000');
  await dialog.getByLabel(offerForm.description).fill('Cambio de la tubería del baño con materiales.');
  await fillOfferTerms(dialog);
  await dialog.getByLabel(tw.percentLabel).fill('5');
  await dialog.getByRole('button', { name: offerForm.submit }).click();
  await expect(page.getByTestId('message-box')).toContainText(tq.sent);

  // The client reads it on the offer; hires, pays, and the work is delivered (through the API, as other specs do).
  const offers = (await (await clientApi.get(`/api/projects/${projectId}/quotes`)).json()) as { items: Offer[] };
  expect(offers.items[0]).toMatchObject({ holdbackPercent: 5, warrantyDays: 90 });
  expect((await clientApi.post(`/api/quotes/${offers.items[0]!.id}/accept`, { data: {} })).status()).toBe(200);
  await fundHire(clientApi, projectId, 'holdback');
  for (const status of ['in_progress', 'delivered']) expect((await contractorApi.post(`/api/projects/${projectId}/status`, { data: { status } })).status()).toBe(200);
  expect((await clientApi.post(`/api/projects/${projectId}/status`, { data: { status: 'completado' } })).status()).toBe(200);
  const { holdback } = (await (await clientApi.get(`/api/projects/${projectId}/warranty`)).json()) as { holdback: WarrantyHoldback };

  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-DO', timezoneId: 'America/Santo_Domingo', viewport: { width: 360, height: 740 } });
  const cpage = await context.newPage();
  await signIn(cpage, client);
  await cpage.goto(`/proyectos/${projectId}`);
  const section = cpage.getByRole('region', { name: tw.section });
  await expect(section).toBeVisible();
  await expect(section.getByText('RD$750.00').first()).toBeVisible();
  await expect(section.getByText(formatDate(holdback.releaseAt, 'es-DO', 'America/Santo_Domingo')).first()).toBeVisible();
  await expect(section.getByText(tw.states.held)).toBeVisible();
  await expect(section.getByRole('button', { name: tw.open })).toBeVisible();
  expect(await cpage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousAxe(cpage, 'warranty holdback 360px');
  await context.close();
});
