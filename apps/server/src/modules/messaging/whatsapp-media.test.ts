import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMedia as tm } from '@arreglaya/shared/i18n/whatsapp-media';
import { createUser, signIn } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { oggOpus } from '../../../test/support/voice-files.ts';
import { answers as answersOf, inboundWebhook, keptFor as keptForOf, mediaPair, messagesOf as messagesOfIn } from '../../../test/support/whatsapp-media.ts';
import { recordInbound } from './sandbox-messaging.repository.ts';
import { MEDIA_URL_TTL_MS, SandboxMediaStore } from './sandbox-whatsapp-media.ts';
import { sameSha256 } from './whatsapp-media.ts';

// Photos and voice notes sent to our WhatsApp number (decision 063): the real app on a real
// PostgreSQL; the stand-in keeps the file in its media store, posts Meta's signed webhook, and our
// side downloads the file through the stand-in's Graph routes (bearer token, short-lived url).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const settled = () => t.app.messaging.standIns.settled();
const wa = () => t.app.messaging.standIns.whatsapp!;

const pair = () => mediaPair(t);
const messagesOf = (cookie: string, conversationId: string) => messagesOfIn(t, cookie, conversationId);
const answers = (number: string) => answersOf(t, number);
const keptFor = (userId: string) => keptForOf(t, userId);

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secreto-del-telefono' } } })
    .toBuffer();

describe('a photo sent on WhatsApp', () => {
  it('is re-encoded and stored as the person’s chat message with its caption; only the conversation’s two people read it', async () => {
    const { client, contractor, conversationId } = await pair();
    const original = await jpeg();
    await wa().receiveMedia(client.number, { kind: 'image', bytes: original, mime: 'image/jpeg', caption: 'Así quedó la llave del baño' });
    await settled();
    const [seen] = await messagesOf(contractor.cookie, conversationId);
    expect(seen).toMatchObject({ type: 'image', text: 'Así quedó la llave del baño', mine: false });
    const url = `/api/conversations/${conversationId}/photos/${seen!.photoId}?size=full`;
    const served = await t.app.inject({ method: 'GET', url, headers: { cookie: contractor.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // Decoded and re-encoded: not the phone's bytes, and no metadata left.
    expect(served.rawPayload.equals(original)).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect((await messagesOf(client.cookie, conversationId))[0]).toMatchObject({ type: 'image', mine: true });
    // A third person, signed in, gets the chat's 404.
    const intruder = await signIn(t, await createUser(t.db, { role: 'contractor' }));
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: intruder } })).statusCode).toBe(404);
    expect(await answers(client.number)).toEqual([]);
  });

  it('that is not an image keeps nothing and is answered in Spanish', async () => {
    const { client, contractor, conversationId } = await pair();
    await wa().receiveMedia(client.number, { kind: 'image', bytes: Buffer.from('%PDF-1.7 no es una foto'), mime: 'image/jpeg' });
    await settled();
    expect(await messagesOf(contractor.cookie, conversationId)).toEqual([]);
    expect(await keptFor(client.user.id)).toBe(0);
    expect(await answers(client.number)).toEqual([tm.notAPhoto]);
  });

  it('whose bytes differ from Meta’s sha256 keeps nothing and is answered', async () => {
    const { client, contractor, conversationId } = await pair();
    const wrong = createHash('sha256').update('otra cosa').digest('base64');
    await wa().receiveMedia(client.number, { kind: 'image', bytes: await jpeg(), mime: 'image/jpeg', sha256: wrong });
    await settled();
    expect(await messagesOf(contractor.cookie, conversationId)).toEqual([]);
    expect(await keptFor(client.user.id)).toBe(0);
    expect(await answers(client.number)).toEqual([tm.failed.image]);
    // Not received, and it will not be: its sender reads so in the conversation too.
    expect((await messagesOf(client.cookie, conversationId)).map((m) => [m.type, m.text])).toEqual([['notification', tm.lost.image.body]]);
  });
});

describe('a voice note sent on WhatsApp', () => {
  it('(Ogg/Opus) is stored with its length and plays for the other person', async () => {
    const { client, contractor, conversationId } = await pair();
    const note = oggOpus(7);
    await wa().receiveMedia(client.number, { kind: 'audio', bytes: note, mime: 'audio/ogg; codecs=opus' });
    await settled();
    const [seen] = await messagesOf(contractor.cookie, conversationId);
    expect(seen).toMatchObject({ type: 'voice', mine: false, voiceNote: { mime: 'audio/ogg', durationMs: 7000 } });
    const served = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/voice-notes/${seen!.voiceNote!.id}`, headers: { cookie: contractor.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/ogg');
    expect(served.rawPayload.equals(note)).toBe(true);
    const intruder = await signIn(t, await createUser(t.db, { role: 'client' }));
    expect((await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/voice-notes/${seen!.voiceNote!.id}`, headers: { cookie: intruder } })).statusCode).toBe(
      404,
    );
  });

  it('that is not audio, lasts over 2 minutes or weighs over 1 MB keeps nothing, each answered in Spanish', async () => {
    const { client, contractor, conversationId } = await pair();
    await wa().receiveMedia(client.number, { kind: 'audio', bytes: await jpeg(), mime: 'audio/ogg; codecs=opus' });
    await wa().receiveMedia(client.number, { kind: 'audio', bytes: oggOpus(125), mime: 'audio/ogg; codecs=opus' });
    // A real note padded past 1 MB (Meta's file_size says so: it is not even downloaded).
    await wa().receiveMedia(client.number, { kind: 'audio', bytes: Buffer.concat([oggOpus(3), Buffer.alloc(1024 * 1024)]), mime: 'audio/ogg; codecs=opus' });
    await settled();
    expect(await messagesOf(contractor.cookie, conversationId)).toEqual([]);
    expect(await keptFor(client.user.id)).toBe(0);
    expect((await answers(client.number)).sort()).toEqual([tm.notAudio, tm.tooLong, tm.tooLarge].sort());
  });

  it('with the same message id 20 times at once (Meta’s retries) is stored once', async () => {
    const { client, contractor, conversationId } = await pair();
    const file = wa().media!.put(oggOpus(4), 'audio/ogg; codecs=opus');
    const webhook = inboundWebhook(t, client.number, 'audio', { id: file.id, mime_type: 'audio/ogg; codecs=opus', sha256: file.sha256, voice: true });
    const res = await Promise.all(Array.from({ length: 20 }, () => webhook.post()));
    expect(res.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const seen = await messagesOf(contractor.cookie, conversationId);
    expect(seen.map((m) => m.type)).toEqual(['voice']);
    expect(await keptFor(client.user.id)).toBe(1);
  });

  it('other kinds (a document) keep nothing and are answered that only text, photos and voice notes are kept', async () => {
    const { client, contractor, conversationId } = await pair();
    // The stand-in's phone wrote (what its own receive records): Meta's 24-hour window is open for our answer.
    await recordInbound(t.db, 'whatsapp', client.number, null);
    const webhook = inboundWebhook(t, client.number, 'document', { id: '123', mime_type: 'application/pdf', filename: 'presupuesto.pdf' });
    expect((await webhook.post()).statusCode).toBe(200);
    await settled();
    expect(await messagesOf(contractor.cookie, conversationId)).toEqual([]);
    expect(await answers(client.number)).toEqual([tm.unsupported]);
  });
});

describe('the stand-in’s media routes', () => {
  it('need the bearer token, answer 404 for an unknown id, and give a url that works once and expires', async () => {
    const media = wa().media!;
    const bytes = oggOpus(2);
    const { id } = media.put(bytes, 'audio/ogg; codecs=opus');
    const auth = { authorization: `Bearer ${media.settings.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-whatsapp/v21.0/${id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-whatsapp/v21.0/999', headers: auth })).statusCode).toBe(404);
    const lookup = await t.app.inject({ method: 'GET', url: `/sandbox-whatsapp/v21.0/${id}`, headers: auth });
    expect(lookup.statusCode).toBe(200);
    const info = lookup.json();
    expect(info).toMatchObject({ messaging_product: 'whatsapp', id, mime_type: 'audio/ogg; codecs=opus', file_size: bytes.length });
    expect(sameSha256(bytes, info.sha256)).toBe(true);
    const path = new URL(info.url).pathname + new URL(info.url).search;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const file = await t.app.inject({ method: 'GET', url: path, headers: auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: path.replace(/hash=[^&]+/, 'hash=x'), headers: auth })).statusCode).toBe(404);

    // A store whose clock moved past the url's five minutes refuses it.
    let now = Date.now();
    const store = new SandboxMediaStore({ ...media.settings, now: () => now });
    const other = store.put(bytes, 'audio/ogg');
    const q = Object.fromEntries(new URL((store.lookup(other.id).body as { url: string }).url).searchParams);
    expect(store.download(q)?.bytes.equals(bytes)).toBe(true);
    now += MEDIA_URL_TTL_MS + 1000;
    expect(store.download(q)).toBeUndefined();
  });
});
