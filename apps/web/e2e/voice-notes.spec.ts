import type { Browser, Page } from '@playwright/test';
import { chat } from '@arreglaya/shared/i18n/chat';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer, waitForAppOnNavigation } from './support/fixtures.ts';
import { longConversation } from './support/long-conversation.ts';

// Issue 50 item 4 (decision 060): a voice note recorded on a 360 px phone with Chromium's fake
// microphone (a steady tone), sent, and played in the other person's chat.

const test = testWithOwnServer();
const PHONE = { width: 360, height: 740 };
// Only this spec gets the fake microphone (the shared config's flags, plus the two media flags).
test.use({
  viewport: PHONE,
  permissions: ['microphone'],
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const composer = (page: Page) => page.getByRole('textbox', { name: chat.page.composerLabel });

async function phoneOf(browser: Browser, baseURL: string, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'es-DO', timezoneId: 'America/Santo_Domingo', viewport: PHONE, permissions: ['microphone'] });
  const page = waitForAppOnNavigation(await context.newPage());
  await signIn(page, account);
  return page;
}

test('a voice note recorded on a phone is sent and plays on the other side, with its length', async ({ page, browser, ownServer }) => {
  const conversation = await longConversation(ownServer.baseURL, ownServer.mailbox);
  await signIn(page, conversation.client);
  await page.goto(`/perfil/mensajes?conversation=${conversation.conversationId}`);
  await expect(composer(page)).toBeVisible();

  // Record: the timer runs, the text box gives its row to it; then cancel keeps nothing.
  await page.getByRole('button', { name: tv.record }).click();
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  await expect(page.getByRole('button', { name: tv.send })).toBeFocused();
  await expect(page.getByTestId('voice-timer')).toHaveText('0:01');
  await expect(composer(page)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await expectNoSeriousAxe(page, 'recording');
  await page.getByRole('button', { name: tv.cancel }).click();
  await expect(timer).toBeHidden();
  await expect(composer(page)).toBeVisible();
  await expect(page.getByRole('button', { name: tv.record })).toBeFocused();
  await expect(page.getByRole('log').getByTestId('voice-note')).toHaveCount(0);

  // Record about two seconds and send.
  await page.getByRole('button', { name: tv.record }).click();
  await expect(page.getByTestId('voice-timer')).toHaveText('0:02');
  await page.getByRole('button', { name: tv.send }).click();
  const mine = page.getByRole('log').getByTestId('voice-note');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('voice-duration')).toHaveText(/^0:0[2-4]$/);
  await expect(page.getByRole('button', { name: tv.record })).toBeFocused();

  // The other person's phone: the note is there with its length, and it plays.
  const other = await phoneOf(browser, ownServer.baseURL, conversation.contractor);
  await other.goto(`/perfil/mensajes?conversation=${conversation.conversationId}`);
  const theirs = other.getByRole('log').getByTestId('voice-note');
  await expect(theirs).toHaveCount(1);
  await expect(theirs.getByTestId('voice-duration')).toHaveText(/^0:0[2-4]$/);
  const audio = theirs.locator('audio');
  await expect(audio).toHaveAccessibleName(/^Nota de voz de \d+ segundos$/);
  const played = await audio.evaluate(async (el: HTMLAudioElement) => {
    await el.play();
    await new Promise<void>((resolve) => el.addEventListener('timeupdate', () => el.currentTime > 0.2 && resolve()));
    el.pause();
    return { duration: el.duration, currentTime: el.currentTime, error: el.error };
  });
  expect(played.error).toBeNull();
  expect(played.duration).toBeGreaterThan(0);
  expect(played.currentTime).toBeGreaterThan(0.2);
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  await expectNoSeriousAxe(other, 'voice note received');
  await other.context().close();
});
