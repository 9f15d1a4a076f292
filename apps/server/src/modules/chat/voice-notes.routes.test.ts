import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceNotes as tv } from '@arreglaya/shared/i18n/voice-notes';
import { conversations, messages, voiceNotes } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, TEST_PASSWORD, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { m4aAac, oggOpus, webmOpus } from '../../../test/support/voice-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  user: TestUser;
  headers: Record<string, string>;
}

async function person(role: 'client' | 'contractor', firstName: string): Promise<Person> {
  const user = await createUser(t.db, { role, firstName });
  return { user, headers: asBrowser(await signIn(t, user)) };
}

async function pair() {
  const client = await person('client', 'Yolanda');
  const contractor = await person('contractor', 'Ramón');
  const [row] = await t.db.insert(conversations).values({ clientId: client.user.id, contractorId: contractor.user.id }).returning({ id: conversations.id });
  return { client, contractor, id: row!.id };
}

/** A multipart upload declaring `declared` as its type: the server must not believe it. */
function upload(p: Person | null, id: string, data: Buffer, declared = 'audio/webm') {
  const boundary = '----voz' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="voiceNote"; filename="nota.webm"\r\nContent-Type: ${declared}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/voice-notes`,
    headers: { ...(p ? p.headers : { 'x-requested-with': 'arreglaya' }), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}
const get = (p: Person | null, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(p ? p.headers : {}), ...headers } });

/** Every voice-note file on disk (the photo storage's `voice/` folder). */
const filesOnDisk = () => {
  const dir = path.join(t.config.dataDir, 'media', 'voice');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.content-type')) : [];
};

describe('POST /api/conversations/:id/voice-notes', () => {
  it('stores a recorder’s WebM/Opus note with the length read from the file and serves it to both people', async () => {
    const { client, contractor, id } = await pair();
    const file = webmOpus(3);
    const res = await upload(client, id, file, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().message;
    expect(sent).toMatchObject({ type: 'voice', mine: true, voiceNote: { mime: 'audio/webm', durationMs: 2980 } });

    const [row] = await t.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ type: 'voice', voiceMime: 'audio/webm', voiceDurationMs: 2980 });
    const seen = (await get(contractor, `/api/conversations/${id}/messages`)).json().messages;
    expect(seen.at(-1)).toMatchObject({ id: sent.id, mine: false, voiceNote: { id: sent.voiceNote.id, durationMs: 2980 } });

    for (const p of [client, contractor]) {
      const whole = await get(p, `/api/conversations/${id}/voice-notes/${sent.voiceNote.id}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/webm');
      expect(whole.headers['cache-control']).toContain('private');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(whole.rawPayload, file)).toBe(0);
    }
    // The audio element seeks with ranges.
    const part = await get(client, `/api/conversations/${id}/voice-notes/${sent.voiceNote.id}`, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(Buffer.compare(part.rawPayload, file.subarray(100, 200))).toBe(0);
    const tail = await get(client, `/api/conversations/${id}/voice-notes/${sent.voiceNote.id}`, { range: 'bytes=-10' });
    expect(Buffer.compare(tail.rawPayload, file.subarray(file.length - 10))).toBe(0);
    const beyond = await get(client, `/api/conversations/${id}/voice-notes/${sent.voiceNote.id}`, { range: `bytes=${file.length}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('takes WhatsApp’s Ogg/Opus and Safari’s AAC in MP4, whatever type the browser declared', async () => {
    const { client, id } = await pair();
    const ogg = await upload(client, id, oggOpus(4), 'video/mp4');
    expect(ogg.statusCode, ogg.body).toBe(201);
    expect(ogg.json().message.voiceNote).toMatchObject({ mime: 'audio/ogg', durationMs: 4000 });
    const m4a = await upload(client, id, m4aAac(5, { fragmented: true }), 'audio/webm');
    expect(m4a.statusCode, m4a.body).toBe(201);
    expect(m4a.json().message.voiceNote.mime).toBe('audio/mp4');
    const served = await get(client, `/api/conversations/${id}/voice-notes/${ogg.json().message.voiceNote.id}`);
    expect(served.headers['content-type']).toBe('audio/ogg');
  });

  it('refuses a file that is not audio (415), one longer than 2 minutes or over 1 MB (413), in Spanish, and keeps nothing', async () => {
    const { client, id } = await pair();
    const before = { files: filesOnDisk().length, notes: await t.db.$count(voiceNotes) };
    const cases: [Buffer, number, string][] = [
      [Buffer.from('%PDF-1.7 esto no es audio'), 415, tv.notAudio],
      [webmOpus(2, { codec: 'V_VP8', trackType: 1 }), 415, tv.unreadable],
      [webmOpus(3).subarray(0, 500), 415, tv.unreadable],
      [webmOpus(125), 413, tv.tooLong],
      [webmOpus(125, { statedSeconds: 60 }), 413, tv.tooLong],
      [oggOpus(130), 413, tv.tooLong],
      [m4aAac(125), 413, tv.tooLong],
      [Buffer.concat([webmOpus(1), Buffer.alloc(1024 * 1024)]), 413, tv.tooLarge],
    ];
    for (const [data, status, message] of cases) {
      const res = await upload(client, id, data);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await t.db.$count(messages, eq(messages.conversationId, id))).toBe(0);
    expect(await t.db.$count(voiceNotes)).toBe(before.notes);
    expect(filesOnDisk()).toHaveLength(before.files);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/voice-notes`,
      headers: { ...client.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('only the conversation’s two people send or hear its notes: a third person, another conversation’s people and a visitor are refused', async () => {
    const { client, id } = await pair();
    const noteId = (await upload(client, id, webmOpus(1))).json().message.voiceNote.id as string;
    const other = await pair();
    const intruder = await person('contractor', 'Intruso');
    const url = `/api/conversations/${id}/voice-notes/${noteId}`;
    for (const p of [intruder, other.client, other.contractor]) {
      expect((await get(p, url)).statusCode).toBe(404);
      expect((await upload(p, id, webmOpus(1))).statusCode).toBe(404);
      // Asked through their own conversation, the note is not theirs either.
      expect((await get(p, `/api/conversations/${other.id}/voice-notes/${noteId}`)).statusCode).toBe(404);
    }
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await upload(null, id, webmOpus(1))).statusCode).toBe(401);
  });

  it('deleting the sender’s account deletes the file; the message stays without it', async () => {
    const { client, contractor, id } = await pair();
    const sent = (await upload(contractor, id, webmOpus(1))).json().message;
    const key = `voice/${sent.voiceNote.id}`;
    expect(filesOnDisk()).toContain(sent.voiceNote.id);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: contractor.headers, payload: { password: TEST_PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(filesOnDisk()).not.toContain(key.slice('voice/'.length));
    const seen = (await get(client, `/api/conversations/${id}/messages`)).json().messages;
    expect(seen.at(-1)).toMatchObject({ id: sent.id, type: 'voice', voiceNote: null });
    expect((await get(client, `/api/conversations/${id}/voice-notes/${sent.voiceNote.id}`)).statusCode).toBe(404);
  });
});
