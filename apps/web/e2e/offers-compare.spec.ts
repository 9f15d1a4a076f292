import { chat } from '@arreglaya/shared/i18n/chat';
import { compareOffers as tc, offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { completeContractorProfile, createConfirmedAccount, signIn } from './support/accounts.ts';
import { apiAs } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { expect, test } from './support/fixtures.ts';

// 'Comparar ofertas' on a phone (decision 043): the offers as swipeable cards with their terms,
// sorted on the page, no page-level horizontal scroll, and 'Escribir' opening the chat with that contractor.

test('a client compares offers at 360 px, sorts them by start date and writes to a contractor', async ({ page, server }) => {
  test.setTimeout(120_000);
  const client = await createConfirmedAccount(server.baseURL, server.mailbox, 'client');
  const early = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  const cheap = await createConfirmedAccount(server.baseURL, server.mailbox, 'contractor');
  for (const c of [early, cheap]) await completeContractorProfile(server.baseURL, c);
  const clientApi = await apiAs(server.baseURL, client);
  const created = await clientApi.post('/api/projects', {
    data: {
      services: ['plomeria'],
      title: 'Cambiar calentador',
      propertyType: 'casa',
      description: 'El calentador gotea.',
      startDate: dayFromToday(7),
      city: 'santo-domingo',
      street: 'Calle El Conde 105',
    },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { project: { id: string } }).project.id;
  const offer = async (who: typeof early, priceMinor: number, startDate: string, warrantyDays: number) => {
    const res = await (
      await apiAs(server.baseURL, who)
    ).post(`/api/projects/${projectId}/quotes`, {
      data: { priceMinor, description: 'Calentador nuevo instalado y probado.', startDate, durationDays: 2, warrantyDays, materialsIncluded: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await offer(early, 900_000, dayFromToday(1), 365);
  await offer(cheap, 600_000, dayFromToday(20), 30);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, client);
  await page.goto(`/proyectos/${projectId}`);
  const list = page.getByRole('main').getByRole('list', { name: t.offers.listLabel });
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(2);
  // The phone gets the deciding terms side by side and the cards, not the wide table; the cards scroll inside their list, never the page.
  await expect(page.getByRole('table', { name: tc.title })).toBeHidden();
  await expect(page.getByRole('table', { name: tc.compactTitle })).toBeVisible();
  await expect(page.getByText(tc.swipeHint)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // By price first: the cheaper one; its terms are on the card.
  await expect(cards.first()).toContainText('RD$6,000.00');
  await expect(cards.first()).toContainText(tt.warranty);
  await expect(cards.first()).toContainText('30 días');
  await page.getByRole('main').getByLabel(tc.sortBy).selectOption('start');
  await expect(cards.first()).toContainText('RD$9,000.00');
  await expect(cards.first()).toContainText('365 días');
  await expectNoSeriousAxe(page, '/proyectos/:id (comparar, 360 px)');

  // 'Escribir' on the first card opens the chat with that contractor.
  const name = `${early.firstName} ${early.lastName}`;
  await cards
    .first()
    .getByRole('link', { name: tc.writeTo(name) })
    .click();
  await expect(page).toHaveURL(/\/perfil\/mensajes\?conversation=/);
  await expect(page.getByRole('log', { name: chat.page.logLabel(name) })).toBeVisible();
});
