import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let cookie: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'client' });
  userId = user.id;
  cookie = await signIn(t, user);
});
afterAll(() => t.close());

interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(...files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----arreglaya${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(as: string | null, ...files: FilePart[]) {
  const body = multipart(...files);
  return t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { ...(as ? asBrowser(as) : { 'x-requested-with': 'arreglaya' }), ...body.headers }, payload: body.payload });
}

/**
 * The tags of an EXIF block's first directory (IFD0). Tag 0x8825 is the pointer to the GPS
 * directory: a photo has a GPS position exactly when IFD0 carries it.
 */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}
const GPS_IFD_POINTER = 0x8825;
const GPS_MARKER = 'GPS-CASA-DE-LUCIA';

/** A phone photo: 400×300 pixels stored sideways (EXIF orientation 6), with where it was taken. */
async function phonePhotoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'Telefono', Model: 'Modelo 7' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 28/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '69/1 55/1 5200/100', GPSMapDatum: GPS_MARKER },
      },
    })
    .toBuffer();
}

async function photoRow(id: string) {
  return t.db.query.photos.findFirst({ where: eq(photos.id, id) });
}

describe('POST /api/me/photo', () => {
  it('serves a photo uploaded with GPS EXIF data without any of it, upright, in every size', async () => {
    const input = await phonePhotoWithGps();
    // The input really carries a position and an orientation.
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(ifd0Tags(before.exif!)).toContain(GPS_IFD_POINTER);
    expect(input.includes(GPS_MARKER)).toBe(true);

    const res = await upload(cookie, { filename: 'IMG_2041.jpg', type: 'image/jpeg', data: input });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; avatarPhotoId: string; avatarUrl: string }>();
    expect(body.message).toBe('Foto actualizada con éxito.');
    expect(body.avatarUrl).toBe(`/api/photos/${body.avatarPhotoId}/md`);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.avatarPhotoId).toBe(body.avatarPhotoId);

    const expected = { sm: [96, 96], md: [320, 320], lg: [300, 400] } as const;
    for (const [size, [width, height]] of Object.entries(expected)) {
      const served = await t.app.inject({ method: 'GET', url: `/api/photos/${body.avatarPhotoId}/${size}` });
      expect(served.statusCode, size).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height], size).toEqual([width, height]);
      expect(meta.exif, size).toBeUndefined();
      expect(meta.orientation, size).toBeUndefined();
      expect(meta.icc, size).toBeUndefined();
      expect(meta.xmp, size).toBeUndefined();
      expect(bytes.includes('GPS'), size).toBe(false);
      expect(bytes.includes('Exif'), size).toBe(false);
      expect(bytes.includes('Telefono'), size).toBe(false);
    }
  });

  it('accepts a PNG (transparency on white), replaces the previous photo and deletes its files and row', async () => {
    const first = (await upload(cookie, { filename: 'a.jpg', type: 'image/jpeg', data: await phonePhotoWithGps() })).json<{ avatarPhotoId: string }>();
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const res = await upload(cookie, { filename: 'logo.png', type: 'image/png', data: png });
    expect(res.statusCode).toBe(201);
    const second = res.json<{ avatarPhotoId: string }>();
    expect(second.avatarPhotoId).not.toBe(first.avatarPhotoId);

    const lg = await t.app.inject({ method: 'GET', url: `/api/photos/${second.avatarPhotoId}/lg` });
    const meta = await sharp(lg.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 640, 480, false]);

    expect(await photoRow(first.avatarPhotoId)).toBeUndefined();
    for (const size of ['sm', 'md', 'lg']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/photos/${first.avatarPhotoId}/${size}` })).statusCode).toBe(404);
    }
    expect(await t.db.$count(photos, eq(photos.ownerId, userId))).toBe(1);
  });

  it('refuses a text file named foto.jpg with a clear message, and keeps the current photo', async () => {
    const current = (await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.avatarPhotoId;
    const res = await upload(cookie, { filename: 'foto.jpg', type: 'image/jpeg', data: Buffer.from('Esto no es una foto, es un texto.\n') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'El archivo no es una foto válida (está dañado o no es una imagen). Elige una foto JPG, PNG o WebP.' });
    expect((await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.avatarPhotoId).toBe(current);
  });

  it('refuses a truncated JPEG (it starts like one but does not decode)', async () => {
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const res = await upload(cookie, { filename: 'cortada.jpg', type: 'image/jpeg', data: whole.subarray(0, Math.floor(whole.length / 2)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/no es una foto válida/);
  });

  it('refuses other image formats (GIF) as not JPG, PNG or WebP', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const res = await upload(cookie, { filename: 'animada.jpg', type: 'image/jpeg', data: gif });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Solo se aceptan fotos JPG, PNG o WebP.');
  });

  it('accepts a WebP photo from a phone and stores it re-encoded as JPEG, without its metadata', async () => {
    const webp = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7' } })
      .withExif({ IFD0: { Make: 'Telefono', Model: 'Serie-123' } })
      .webp({ quality: 80 })
      .toBuffer();
    const res = await upload(cookie, { filename: 'desde-el-telefono.webp', type: 'image/webp', data: webp });
    expect(res.statusCode).toBe(201);
    const { avatarPhotoId } = res.json<{ avatarPhotoId: string }>();
    const lg = await t.app.inject({ method: 'GET', url: `/api/photos/${avatarPhotoId}/lg` });
    expect(lg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(lg.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 960, 720, undefined]);
    expect(lg.rawPayload.includes(Buffer.from('Serie-123'))).toBe(false);
  });

  it('refuses a text file dressed as a WebP (RIFF header, no image) with a Spanish 400', async () => {
    const fake = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.from('no es una foto')]);
    const res = await upload(cookie, { filename: 'foto.webp', type: 'image/webp', data: fake });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/no es una foto válida/);
  });

  it('refuses a decompression bomb (a small PNG of 100 megapixels) without decoding it', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(cookie, { filename: 'bomba.png', type: 'image/png', data: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('La foto tiene demasiados píxeles (más de 50 megapíxeles). Elige una más pequeña.');
  });

  it('refuses a file over 8 MB with 413 and a Spanish message', async () => {
    // Just over the limit (the multipart reader stops it) and far over it (refused from Content-Length).
    for (const size of [8 * 1024 * 1024 + 1024, 9 * 1024 * 1024]) {
      const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(size - 4)]);
      const res = await upload(cookie, { filename: 'grande.jpg', type: 'image/jpeg', data });
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'La foto pesa más de 8 MB. Elige una más liviana.' });
    }
  });

  it('takes one file at a time', async () => {
    const jpeg = await phonePhotoWithGps();
    const before = (await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.avatarPhotoId;
    const res = await upload(cookie, { filename: 'a.jpg', type: 'image/jpeg', data: jpeg }, { filename: 'b.jpg', type: 'image/jpeg', data: jpeg });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Sube una sola foto a la vez.');
    expect((await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.avatarPhotoId).toBe(before);
    expect(await t.db.$count(photos, eq(photos.ownerId, userId))).toBe(1);
  });

  it('refuses a request that is not a file upload, and an empty form', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: asBrowser(cookie), payload: { photo: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe('Envía la foto como archivo de un formulario.');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/me/photo',
      headers: { ...asBrowser(cookie), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz--\r\n',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Elige una foto para subir.');
  });

  it('refuses a visitor', async () => {
    const res = await upload(null, { filename: 'a.jpg', type: 'image/jpeg', data: await phonePhotoWithGps() });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it("changes only the uploader's own photo", async () => {
    const other = await createUser(t.db, { role: 'contractor' });
    const res = await upload(await signIn(t, other), { filename: 'yo.jpg', type: 'image/jpeg', data: await phonePhotoWithGps() });
    const { avatarPhotoId } = res.json<{ avatarPhotoId: string }>();
    expect((await t.db.query.users.findFirst({ where: eq(users.id, other.id) }))!.avatarPhotoId).toBe(avatarPhotoId);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, userId) }))!.avatarPhotoId).not.toBe(avatarPhotoId);
    expect((await photoRow(avatarPhotoId))!.ownerId).toBe(other.id);
  });
});

describe('DELETE /api/me/photo', () => {
  it('goes back to the default avatar and deletes the photo', async () => {
    const user = await createUser(t.db);
    const session = await signIn(t, user);
    const { avatarPhotoId } = (await upload(session, { filename: 'a.jpg', type: 'image/jpeg', data: await phonePhotoWithGps() })).json<{ avatarPhotoId: string }>();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me/photo', headers: asBrowser(session) });
    expect(res.statusCode).toBe(200);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, user.id) }))!.avatarPhotoId).toBeNull();
    expect(await photoRow(avatarPhotoId)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/photos/${avatarPhotoId}/sm` })).statusCode).toBe(404);
    const session2 = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: session } });
    expect(session2.json().user.avatarUrl).toBeNull();
  });
});
