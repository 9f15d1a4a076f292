import type { Page } from '@playwright/test';
import { auth } from '@arreglaya/shared/i18n/auth';
import { chat } from '@arreglaya/shared/i18n/chat';
import { shell } from '@arreglaya/shared/i18n/shell';
import { signIn } from './support/accounts.ts';
import { apiAs } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';
import { lengthenLongMessage, LONG_MESSAGE_LENGTH, LONG_NAME, longConversation } from './support/long-conversation.ts';

// Issue 31: the messages on a 360 x 740 phone (two screens, the composer at the bottom, nothing
// wider than the screen) and the unread count on the closed header.

const test = testWithOwnServer();
const t = chat.page;
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

const list = (page: Page) => page.getByRole('list', { name: t.listLabel });
const composer = (page: Page) => page.getByRole('textbox', { name: t.composerLabel });
const sendButton = (page: Page) => page.getByRole('button', { name: t.sendLabel, exact: true });
/** "Abrir menú" or "Mensajes", then ", N mensajes sin leer" (the visible digits are hidden from screen readers). */
const withCount = (label: string, n: number) => new RegExp(`^${label}\\s*,\\s*${shell.nav.unreadCount(n)}$`);
const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

test('on a phone the list and the conversation are two screens, the composer at the bottom, the long message wrapped', async ({ page, ownServer }) => {
  const conversation = await longConversation(ownServer.baseURL, ownServer.mailbox);
  await lengthenLongMessage(page, conversation);
  await signIn(page, conversation.client);

  // The list first, at the top: no account card and menu above it, no footer.
  await page.goto('/perfil/mensajes');
  await expect(page.getByRole('heading', { level: 1, name: chat.title })).toBeInViewport();
  await expect(list(page)).toBeInViewport();
  await expect(page.getByRole('navigation', { name: auth.accountArea.menuLabel })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  // The 104-character name and the preview of the long link are cut to the screen's width.
  const entry = list(page).getByRole('link').first();
  await expect(entry.getByTestId('conversation-name')).toHaveText(LONG_NAME);
  expect((await entry.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  expect((await page.getByRole('searchbox', { name: t.search }).boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await pageWidth(page)).toEqual({ scroll: PHONE.width, inner: PHONE.width });
  await expectNoSeriousAxe(page, 'phone list');

  // The conversation: its own screen, in the URL, focus on the person's name.
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`conversation=${conversation.conversationId}`));
  await expect(list(page)).toBeHidden();
  const name = page.getByRole('heading', { level: 2, name: LONG_NAME });
  await expect(name).toBeFocused();
  await expect(page.getByRole('log').getByText('a'.repeat(LONG_MESSAGE_LENGTH), { exact: true })).toBeVisible();
  expect(await pageWidth(page)).toEqual({ scroll: PHONE.width, inner: PHONE.width });
  // The composer ends at the bottom of the 740 px screen, the send button (shown once there is text) whole within it.
  await expect(composer(page)).toBeInViewport();
  await composer(page).fill('¿Puede venir el lunes?');
  const send = (await sendButton(page).boundingBox())!;
  expect(send.x + send.width).toBeLessThanOrEqual(PHONE.width);
  expect(send.y + send.height).toBeLessThanOrEqual(PHONE.height);
  expect(send.y + send.height).toBeGreaterThan(PHONE.height - 60);
  // Nothing below to scroll to: the page is the screen's height.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(PHONE.height);
  await expectNoSeriousAxe(page, 'phone conversation');

  // Sending from there keeps the composer in place.
  await composer(page).fill('¿Puede venir el lunes?');
  await composer(page).press('Enter');
  await expect(page.getByRole('log').getByText('¿Puede venir el lunes?', { exact: true })).toBeVisible();
  await expect(composer(page)).toBeInViewport();
  // Its screen-reader-only state ("Enviado"), far down the history, stays inside the history: the page is still one screen.
  await expect(page.getByRole('log').getByText(t.status.sent).last()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(PHONE.height);

  // The back arrow (a link named in Spanish) returns to the list, focus on the conversation left.
  await page.getByRole('link', { name: t.back }).click();
  await expect(page).not.toHaveURL(/conversation=/);
  await expect(list(page)).toBeVisible();
  await expect(list(page).getByRole('link').first()).toBeFocused();

  // So does the browser's back button.
  await list(page).getByRole('link').first().click();
  await expect(composer(page)).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/conversation=/);
  await expect(list(page)).toBeVisible();
  await expect(composer(page)).toBeHidden();

  // A desktop keeps both panes side by side, with the account menu.
  await page.setViewportSize({ width: 1280, height: 900 });
  await list(page).getByRole('link').first().click();
  await expect(list(page)).toBeVisible();
  await expect(composer(page)).toBeVisible();
  await expect(page.getByRole('navigation', { name: auth.accountArea.menuLabel })).toBeVisible();
  await expect(page.getByRole('link', { name: t.back })).toBeHidden();
});

test('the closed menu button and the menu’s Mensajes entry show the unread count, live', async ({ page, ownServer }) => {
  const conversation = await longConversation(ownServer.baseURL, ownServer.mailbox);
  await signIn(page, conversation.client);
  await page.goto('/ayuda');
  // The contractor's two messages are unread.
  const menuButton = page.getByRole('button', { name: withCount(shell.nav.openMenu, 2) });
  await expect(menuButton).toBeVisible();
  await expect(menuButton.getByTestId('unread-pill')).toBeVisible();

  // A new message arrives: the count follows without a reload.
  const contractorApi = await apiAs(ownServer.baseURL, conversation.contractor);
  const sent = await contractorApi.post(`/api/conversations/${conversation.conversationId}/messages`, { data: { text: 'Llego a las nueve.' } });
  expect(sent.status()).toBe(201);
  await contractorApi.dispose();
  await expect(page.getByRole('button', { name: withCount(shell.nav.openMenu, 3) })).toBeVisible();

  // The open menu has "Mensajes" with the count; it leads to the messages.
  await page.getByRole('button', { name: new RegExp(shell.nav.openMenu) }).click();
  const messages = page.getByRole('navigation', { name: shell.nav.label }).getByRole('link', { name: withCount(shell.nav.messages, 3) });
  await expect(messages).toBeVisible();
  await expectNoSeriousAxe(page, 'open phone menu');
  await messages.click();
  await expect(page.getByRole('heading', { level: 1, name: chat.title })).toBeVisible();

  // Read: the count goes.
  await list(page).getByRole('link').first().click();
  await expect(page.getByRole('button', { name: shell.nav.openMenu, exact: true })).toBeVisible();
});

test('on a phone the message box has the room: the send button is an icon named “Enviar mensaje”', async ({ page, ownServer }) => {
  const conversation = await longConversation(ownServer.baseURL, ownServer.mailbox);
  await signIn(page, conversation.client);
  await page.goto(`/perfil/mensajes?conversation=${conversation.conversationId}`);
  await expect(composer(page)).toBeVisible();
  // Issue 55: with the word "Enviar" the box was 183 px wide at 360 px.
  expect((await composer(page).boundingBox())!.width).toBeGreaterThanOrEqual(240);
  await composer(page).fill('Hola');
  const send = sendButton(page);
  await expect(send).toBeEnabled();
  expect((await send.boundingBox())!.width).toBeLessThanOrEqual(48);
  await send.click();
  await expect(page.getByRole('log').getByText('Hola', { exact: true })).toBeVisible();
});
