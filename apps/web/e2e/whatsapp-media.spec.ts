import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { chat } from '@arreglaya/shared/i18n/chat';
import { oggOpus } from '../../server/test/support/voice-files.ts';
import { signIn } from './support/accounts.ts';
import { apiAs } from './support/api.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, testWithOwnServer } from './support/fixtures.ts';
import { longConversation } from './support/long-conversation.ts';

// Issue 50 (decision 063): the contractor answers from WhatsApp with a voice note and a photo; the
// client, with the chat open on a 360 px phone, sees both arrive, the note plays with its length.
// The contractor's WhatsApp is the built-in stand-in: a notice it delivered names the conversation
// (the away notice of the client's message, after CHAT_AWAY_AFTER_MS), and /dev/messages/inbound-media
// sends the files as the phone (Meta's signed webhook; our side downloads them from the stand-in).

const test = testWithOwnServer({ CHAT_AWAY_AFTER_MS: '1000' });
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

test('a voice note and a photo from the contractor’s WhatsApp phone appear in the client’s open chat, and the note plays', async ({ page, ownServer }) => {
  test.setTimeout(150_000);
  const conversation = await longConversation(ownServer.baseURL, ownServer.mailbox);
  const { conversationId } = conversation;
  const contractorApi = await apiAs(ownServer.baseURL, conversation.contractor);
  const clientApi = await apiAs(ownServer.baseURL, conversation.client);
  const number = `+1829${randomInt(2_000_000, 9_999_999)}`;
  const outbox = async () => (await (await page.request.get(`/dev/messages.json?to=${encodeURIComponent(number)}`)).json()) as { body: string; template: string | null }[];
  try {
    // The contractor confirms the number on WhatsApp and wants the away notice there.
    expect((await contractorApi.post('/api/me/phone', { data: { number, channel: 'whatsapp' } })).status()).toBe(200);
    const code = /\b(\d{6})\b/.exec((await outbox())[0]!.body)![1];
    expect((await contractorApi.post('/api/me/phone/verify', { data: { code } })).status()).toBe(200);
    const channels = await contractorApi.put('/api/me/notification-channels', {
      data: { choices: { messageWhileAway: { push: false, whatsapp: true, sms: false } }, quietHours: false },
    });
    expect(channels.status(), await channels.text()).toBe(200);

    // The client writes while the contractor is away: the away notice reaches the contractor's WhatsApp.
    expect((await clientApi.post(`/api/conversations/${conversationId}/messages`, { data: { text: '¿Me manda el precio por nota de voz?' } })).status()).toBe(201);
    await expect.poll(async () => (await outbox()).filter((m) => m.template !== null).length, { timeout: 60_000 }).toBeGreaterThan(0);

    await signIn(page, conversation.client);
    await page.goto(`/perfil/mensajes?conversation=${conversationId}`);
    await expect(page.getByRole('textbox', { name: chat.page.composerLabel })).toBeVisible();

    // The phone sends a 3-second Ogg/Opus voice note, then a photo with a caption.
    const note = await page.request.post('/dev/messages/inbound-media', {
      data: { from: number, kind: 'audio', data: oggOpus(3).toString('base64'), mime: 'audio/ogg; codecs=opus' },
    });
    expect(note.status(), await note.text()).toBe(201);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e76f51' } })
      .png()
      .toBuffer();
    const photo = await page.request.post('/dev/messages/inbound-media', {
      data: { from: number, kind: 'image', data: png.toString('base64'), mime: 'image/png', caption: 'Así quedó la tubería' },
    });
    expect(photo.status(), await photo.text()).toBe(201);

    // Both arrive live in the open chat: the note with its length, the photo with its caption.
    const log = page.getByRole('log');
    const received = log.getByTestId('voice-note');
    await expect(received).toHaveCount(1);
    await expect(received.getByTestId('voice-duration')).toHaveText('0:03');
    const audio = received.locator('audio');
    await expect(audio).toHaveAccessibleName('Nota de voz de 3 segundos');
    const image = log.getByRole('img', { name: /^Foto enviada por / });
    await expect(image).toHaveCount(1);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(log.getByText('Así quedó la tubería')).toBeVisible();

    // It plays: the browser decodes the Ogg/Opus and its clock moves.
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      el.muted = true;
      await el.play();
      await new Promise<void>((resolve) => el.addEventListener('timeupdate', () => el.currentTime > 0.2 && resolve()));
      el.pause();
      return { duration: el.duration, currentTime: el.currentTime, error: el.error };
    });
    expect(played.error).toBeNull();
    expect(played.duration).toBeGreaterThan(2.5);
    expect(played.currentTime).toBeGreaterThan(0.2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await expectNoSeriousAxe(page, 'WhatsApp voice note and photo received');
  } finally {
    await contractorApi.dispose();
    await clientApi.dispose();
  }
});
