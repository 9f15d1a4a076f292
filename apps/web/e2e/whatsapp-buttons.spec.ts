import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { chat } from '@arreglaya/shared/i18n/chat';
import { paymentsWeb } from '@arreglaya/shared/i18n/payments';
import { signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { testWithOwnServer } from './support/fixtures.ts';
import { openProject } from './support/hired-project.ts';
import { offerTerms } from './support/offer-terms.ts';

// Issue 50 item 2 (decision 062) in a real browser at 360 px, the stand-in's phone driven over its
// dev routes (/dev/messages.json to read what it received, /dev/messages/press and
// /dev/messages/inbound to press a button and write as that phone).

const test = testWithOwnServer();
test.use({ viewport: { width: 360, height: 740 } });

interface PhoneMessage {
  id: string;
  body: string;
  buttons: string[];
}

let nextNumber = 0;
/** A fresh Dominican number for this run (never one of the stand-in's test numbers). */
const freshNumber = () => `+1829${String(3_000_000 + ((Date.now() + nextNumber++ * 7919) % 6_000_000)).padStart(7, '0')}`;

/** Confirms WhatsApp for the person with the code the stand-in's phone received, and turns quiet hours off (the test runs at any hour). */
async function confirmWhatsApp(api: APIRequestContext, number: string): Promise<void> {
  const channels = await api.get('/api/me/notification-channels');
  const choices = ((await channels.json()) as { choices: unknown }).choices;
  expect((await api.put('/api/me/notification-channels', { data: { choices, quietHours: false } })).status()).toBe(200);
  expect((await api.post('/api/me/phone', { data: { number, channel: 'whatsapp' } })).status()).toBe(200);
  const [sent] = (await (await api.get(`/dev/messages.json?to=${encodeURIComponent(number)}`)).json()) as PhoneMessage[];
  const verified = await api.post('/api/me/phone/verify', { data: { code: /\d{6}/.exec(sent!.body)![0] } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The stand-in's phone waits for our WhatsApp message with this button. */
async function messageWithButton(api: APIRequestContext, number: string, button: string): Promise<PhoneMessage> {
  let found: PhoneMessage | undefined;
  await expect
    .poll(async () => {
      const received = (await (await api.get(`/dev/messages.json?to=${encodeURIComponent(number)}`)).json()) as PhoneMessage[];
      found = received.find((m) => m.buttons.includes(button));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

async function press(api: APIRequestContext, messageId: string, button: string): Promise<void> {
  const res = await api.post('/dev/messages/press', { data: { messageId, button } });
  expect(res.status(), await res.text()).toBe(201);
}

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a reply from the contractor’s phone (Responder, then a text) appears live in the client’s open chat', async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const { client, clientApi, contractorApi, projectId } = await openProject(ownServer.baseURL, ownServer.mailbox, {
    title: 'Cambiar la llave del lavamanos',
    description: 'La llave del lavamanos gotea día y noche y hay que cambiarla.',
  });
  const number = freshNumber();
  await confirmWhatsApp(contractorApi, number);
  expect(
    (await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor: 800_000, description: 'Cambio de llave con materiales.' } })).status(),
  ).toBe(201);
  const offers = (await (await clientApi.get(`/api/projects/${projectId}/quotes`)).json()) as { items: { id: string }[] };
  expect((await clientApi.post(`/api/quotes/${offers.items[0]!.id}/accept`, { data: {} })).status()).toBe(200);
  // The contractor's hire notice reaches the phone with its buttons.
  const notice = await messageWithButton(contractorApi, number, 'Responder');
  expect(notice.buttons).toEqual(['Voy en camino', 'Llegué', 'Responder']);

  const list = (await (await clientApi.get('/api/conversations')).json()) as { conversations: { id: string; projectId: string | null }[] };
  const conversationId = list.conversations.find((c) => c.projectId === projectId)!.id;
  await signIn(page, client);
  await page.goto(`/perfil/mensajes?conversation=${conversationId}`);
  const log = page.getByRole('log');
  await expect(log).toBeVisible();

  await press(contractorApi, notice.id, 'Responder');
  const sent = await contractorApi.post('/dev/messages/inbound', { data: { channel: 'whatsapp', from: number, text: 'Llego mañana a las 9 con la llave nueva.' } });
  expect(sent.status()).toBe(201);
  // Live: no reload.
  await expect(log.getByText('Llego mañana a las 9 con la llave nueva.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: chat.page.composerLabel })).toBeVisible();
  await noSideScroll(page);
  await expectNoSeriousAxe(page, '/perfil/mensajes with a WhatsApp reply, 360 px');
});

test('an offer accepted with the Aceptar button on the client’s phone: the project page shows the hire and its funding step', async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const { client, clientApi, contractorApi, projectId } = await openProject(ownServer.baseURL, ownServer.mailbox, {
    title: 'Reparar la bomba de agua',
    description: 'La bomba de agua de la cisterna no arranca desde ayer en la tarde.',
  });
  const number = freshNumber();
  await confirmWhatsApp(clientApi, number);
  expect(
    (await contractorApi.post(`/api/projects/${projectId}/quotes`, { data: { ...offerTerms(), priceMinor: 950_000, description: 'Revisión y reparación de la bomba.' } })).status(),
  ).toBe(201);
  const notice = await messageWithButton(clientApi, number, 'Aceptar');
  expect(notice.buttons).toEqual(['Aceptar', 'Rechazar', 'Responder']);

  await signIn(page, client);
  await page.goto(`/proyectos/${projectId}`);
  await expect(page.getByRole('region', { name: paymentsWeb.fund.title })).toHaveCount(0);

  await press(clientApi, notice.id, 'Aceptar');
  await page.reload();
  const fund = page.getByRole('region', { name: paymentsWeb.fund.title });
  await expect(fund).toBeVisible();
  await expect(fund).toContainText('RD$9,500.00');
  await noSideScroll(page);
  await expectNoSeriousAxe(page, '/proyectos/:id hired by a WhatsApp button, 360 px');
  // The phone is told, once, what comes next.
  const received = (await (await clientApi.get(`/dev/messages.json?to=${encodeURIComponent(number)}`)).json()) as PhoneMessage[];
  expect(received.filter((m) => m.body.startsWith('ArreglaYa: aceptaste la oferta.'))).toHaveLength(1);
});
