import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMedia as tm } from '@arreglaya/shared/i18n/whatsapp-media';
import { whatsappMediaDownloads } from '../../db/schema/index.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { oggOpus } from '../../../test/support/voice-files.ts';
import { answers, inboundWebhook, keptFor, mediaPair, messagesOf } from '../../../test/support/whatsapp-media.ts';
import type { HttpTransport } from './messenger.ts';
import { recordInbound } from './sandbox-messaging.repository.ts';
import { MEDIA_TRIES } from './whatsapp-media-retries.ts';
import { WhatsAppMediaClient } from './whatsapp-media.ts';

// A photo or voice note whose download from Meta fails for a reason that may pass is tried again
// by the `whatsapp-media` job (decision 063): the real app on a real PostgreSQL, Meta played by the
// stand-in, which fails as Meta's media download documents it can (a 500; a url already past its
// five minutes) and counts what each media id was asked. Time is moved by the job's `at`.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const media = () => t.app.messaging.standIns.whatsapp!.media!;
const HOUR = 3600_000;
/** The job run as of `hoursLater` from now (every wait between tries is shorter than an hour). */
const retryAt = (hoursLater: number) => runJob(t.app.jobs, 'whatsapp-media', { at: new Date(Date.now() + hoursLater * HOUR).toISOString() });
const waiting = async (messageId: string) => (await t.db.select().from(whatsappMediaDownloads).where(eq(whatsappMediaDownloads.messageId, messageId)))[0];

/** A voice note the client's phone sent on WhatsApp: in Meta's store, and its signed webhook (not posted yet). */
async function voiceNoteFromClient() {
  const pair = await mediaPair(t);
  // The phone wrote: Meta's 24-hour window is open for our answers.
  await recordInbound(t.db, 'whatsapp', pair.client.number, null);
  const file = media().put(oggOpus(4), 'audio/ogg; codecs=opus');
  const webhook = inboundWebhook(t, pair.client.number, 'audio', { id: file.id, mime_type: 'audio/ogg; codecs=opus', sha256: file.sha256, voice: true });
  return { ...pair, file, webhook };
}

describe('a WhatsApp download that fails', () => {
  it('with a 500 from Meta is tried again by the job, and the voice note arrives once, unanswered', async () => {
    const { client, contractor, conversationId, file, webhook } = await voiceNoteFromClient();
    media().failNext(file.id, 'download', 'server_error');
    expect((await webhook.post()).statusCode).toBe(200);
    expect(await messagesOf(t, contractor.cookie, conversationId)).toEqual([]);
    expect(await waiting(webhook.id)).toMatchObject({ attempts: 1, kind: 'audio', lastError: 'media download answered 500' });
    await retryAt(1);
    const seen = await messagesOf(t, contractor.cookie, conversationId);
    expect(seen.map((m) => [m.type, m.voiceNote?.durationMs])).toEqual([['voice', 4000]]);
    expect(await keptFor(t, client.user.id)).toBe(1);
    // Each try asked Meta for the file's url anew; the file itself was served once.
    expect(media().requests(file.id)).toEqual({ lookups: 2, downloads: 1 });
    expect(await waiting(webhook.id)).toBeUndefined();
    expect(await answers(t, client.number)).toEqual([]);
    // Run again: nothing more.
    await retryAt(2);
    expect(await messagesOf(t, contractor.cookie, conversationId)).toHaveLength(1);
  });

  it('because its url expired (five minutes) asks Meta for a fresh one at once and keeps the note', async () => {
    const { contractor, conversationId, file, webhook } = await voiceNoteFromClient();
    media().failNext(file.id, 'lookup', 'stale_url');
    expect((await webhook.post()).statusCode).toBe(200);
    expect((await messagesOf(t, contractor.cookie, conversationId)).map((m) => m.type)).toEqual(['voice']);
    expect(media().requests(file.id)).toEqual({ lookups: 2, downloads: 1 });
    expect(await waiting(webhook.id)).toBeUndefined();
  });

  it(`for good is given up after ${MEDIA_TRIES} tries: a Spanish line in the conversation for its sender, and the same on WhatsApp`, async () => {
    const { client, contractor, conversationId, file, webhook } = await voiceNoteFromClient();
    media().failNext(file.id, 'lookup', 'server_error', 100);
    expect((await webhook.post()).statusCode).toBe(200);
    for (let run = 1; (await waiting(webhook.id)) && run <= 2 * MEDIA_TRIES; run++) await retryAt(run);
    expect(await waiting(webhook.id)).toBeUndefined();
    expect(media().requests(file.id)).toEqual({ lookups: MEDIA_TRIES, downloads: 0 });
    expect(await keptFor(t, client.user.id)).toBe(0);
    const mine = await messagesOf(t, client.cookie, conversationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'notification', text: tm.lost.audio.body });
    // A line for the one who sent it: the other person reads nothing.
    expect(await messagesOf(t, contractor.cookie, conversationId)).toEqual([]);
    expect(await answers(t, client.number)).toEqual([tm.failed.audio]);
    // Given up once: another run asks Meta nothing more and says nothing again.
    await retryAt(2 * MEDIA_TRIES + 1);
    expect(media().requests(file.id).lookups).toBe(MEDIA_TRIES);
    expect(await messagesOf(t, client.cookie, conversationId)).toHaveLength(1);
  });

  it('50 times at once (Meta repeating its webhook) makes one download to try again, and one voice note', async () => {
    const { contractor, conversationId, file, webhook } = await voiceNoteFromClient();
    media().failNext(file.id, 'lookup', 'server_error');
    const res = await Promise.all(Array.from({ length: 50 }, () => webhook.post()));
    expect(res.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await t.db.$count(whatsappMediaDownloads, eq(whatsappMediaDownloads.messageId, webhook.id))).toBe(1);
    await retryAt(1);
    expect((await messagesOf(t, contractor.cookie, conversationId)).map((m) => m.type)).toEqual(['voice']);
    expect(media().requests(file.id)).toEqual({ lookups: 2, downloads: 1 });
  });
});

describe("the download's own time limit", () => {
  it('a Meta that does not answer is a failed try worth another, not a lost file', async () => {
    const silent: HttpTransport = () => new Promise(() => undefined);
    const client = new WhatsAppMediaClient({ apiUrl: 'https://graph.example', version: 'v21.0', accessToken: 'x', timeoutMs: 20 }, silent);
    await expect(client.download('123', { maxBytes: 1000 })).resolves.toMatchObject({ ok: false, reason: 'retry', detail: expect.stringContaining('no answer') });
  });
});
