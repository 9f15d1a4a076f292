import path from 'node:path';
import sharp from 'sharp';
import { validation } from '@arreglaya/shared/i18n/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/index.ts';
import { CARDS, fund, post, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, uploadPhoto, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { processPhoto } from './image-processing.ts';
import { DiskPhotoStorage, PHOTO_WIDTHS, photoFileKeys, photoVariantKey } from './photo-storage.ts';

// Decision 073: every photo also in WebP at 160, 320, 640 and 1280 px wide, served at
// /api/photos/:id?w=, under the same rules as its JPEG sizes.

/**
 * A 4000 × 3000 camera-like JPEG: many shapes with edges and colours, and sensor-like noise over
 * them, so the encoder has real detail to keep (a flat colour would prove nothing about weight).
 */
async function cameraPhoto(width = 4000, height = 3000): Promise<Buffer> {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const shapes = Array.from({ length: 400 }, () => {
    const [x, y, r] = [rnd() * width, rnd() * height, 20 + rnd() * 300];
    const colour = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    return rnd() < 0.5 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>` : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" fill="${colour}"/>`;
  });
  const scene = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#8a7f70"/>${shapes.join('')}</svg>`),
  )
    .png()
    .toBuffer();
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .withMetadata({ exif: { IFD0: { Make: 'Camara', Model: 'Telefono' } } })
    .toBuffer();
}

describe('the WebP widths of an upload', { timeout: 120_000 }, () => {
  it('are WebP at 160, 320, 640 and 1280 px wide, the aspect ratio kept, with no metadata, and the list thumbnails weigh under 30 KB', async () => {
    const input = await cameraPhoto();
    expect(input.length).toBeGreaterThan(1_000_000);
    const processed = await processPhoto(input);
    const seen: Record<number, { bytes: number; width: number; height: number }> = {};
    for (const width of PHOTO_WIDTHS) {
      const variant = processed.variants[width]!;
      const meta = await sharp(variant.data).metadata();
      expect(meta.format, `${width}`).toBe('webp');
      expect([meta.width, meta.height], `${width}`).toEqual([width, (width * 3) / 4]);
      expect(meta.exif, `${width}`).toBeUndefined();
      expect(meta.icc, `${width}`).toBeUndefined();
      seen[width] = { bytes: variant.data.length, width: meta.width!, height: meta.height! };
    }
    // A card's thumbnail (160 at 1×, 320 at 2×) under 30 KB; each width lighter than the next.
    expect(seen[160]!.bytes).toBeLessThan(30_000);
    expect(seen[320]!.bytes).toBeLessThan(30_000);
    expect(seen[160]!.bytes).toBeLessThan(seen[320]!.bytes);
    expect(seen[320]!.bytes).toBeLessThan(seen[640]!.bytes);
    expect(seen[640]!.bytes).toBeLessThan(seen[1280]!.bytes);
    // Lighter than the JPEG of about the same width the pages showed before.
    expect(seen[320]!.bytes).toBeLessThan(processed.md.data.length);
  });

  it('never enlarge a small photo: a 500 px wide one is 500 px wide at 640 and 1280', async () => {
    const processed = await processPhoto(await cameraPhoto(500, 400));
    expect([processed.variants[320]!.width, processed.variants[320]!.height]).toEqual([320, 256]);
    expect([processed.variants[640]!.width, processed.variants[1280]!.width]).toEqual([500, 500]);
  });
});

describe('GET /api/photos/:id?w=', { timeout: 120_000 }, () => {
  let t: TestApp;
  let storage: DiskPhotoStorage;
  beforeAll(async () => {
    t = await createTestApp();
    storage = new DiskPhotoStorage(path.join(t.config.dataDir, 'media'));
  });
  afterAll(() => t.close());

  const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
  const photoIdOf = (res: { json<T>(): T }) => res.json<{ photos: { id: string }[] }>().photos[0]!.id;

  it("serves an avatar's widths as WebP, cached for a year, and refuses a width it does not make in Spanish", async () => {
    const contractor = await person(t, 'contractor', 'Ramón');
    const res = await uploadPhoto(t, contractor, '/api/me/photo', await cameraPhoto(1600, 1200));
    expect(res.statusCode).toBe(201);
    const photoId = res.json<{ avatarPhotoId: string }>().avatarPhotoId;
    for (const width of PHOTO_WIDTHS) {
      const served = await get(null, `/api/photos/${photoId}?w=${width}`);
      expect(served.statusCode, `${width}`).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
    const wrong = await get(null, `/api/photos/${photoId}?w=999`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { code: string; fields?: Record<string, string> } }>().error).toMatchObject({ code: 'VALIDATION', fields: { w: validation.invalidOption } });
    // A new photo replaces the old one's files, every width included.
    const again = await uploadPhoto(t, contractor, '/api/me/photo', await cameraPhoto(800, 600));
    expect(again.statusCode).toBe(201);
    expect((await get(null, `/api/photos/${photoId}?w=320`)).statusCode).toBe(404);
    for (const key of photoFileKeys(`photos/${photoId}`)) expect(await storage.get(key), key).toBeNull();
  });

  it("a hired project's photo: another contractor cannot read any of its widths; its client and contractor can, privately", async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const other = await person(t, 'contractor', 'Pedro');
    const projectId = await postProject(t, client);
    const added = await uploadPhoto(t, client, `/api/projects/${projectId}/photos`, await cameraPhoto(1200, 900));
    expect(added.statusCode).toBe(201);
    const photoId = photoIdOf(added);
    // Open: public, revalidated after ten minutes (decision 019), the same for every width.
    expect((await get(null, `/api/photos/${photoId}?w=320`)).headers['cache-control']).toBe('public, max-age=600');

    const quoteId = await postQuote(t, contractor, projectId);
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);

    for (const width of PHOTO_WIDTHS) {
      for (const who of [null, other]) {
        const res = await get(who, `/api/photos/${photoId}?w=${width}`);
        expect(res.statusCode, `${width} ${who ? 'another contractor' : 'no session'}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/json/);
      }
      for (const who of [client, contractor]) {
        const res = await get(who, `/api/photos/${photoId}?w=${width}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, max-age=86400');
      }
    }
  });

  it('a photo stored before the widths existed gets each on its first request, from its own JPEG, and keeps it', async () => {
    const contractor = await person(t, 'contractor', 'Ramón');
    const res = await uploadPhoto(t, contractor, '/api/me/photo', await cameraPhoto(2000, 1500));
    const photoId = res.json<{ avatarPhotoId: string }>().avatarPhotoId;
    const base = `photos/${photoId}`;
    for (const width of PHOTO_WIDTHS) await storage.delete(photoVariantKey(base, width));
    expect(await storage.get(photoVariantKey(base, 640))).toBeNull();

    const served = await get(null, `/api/photos/${photoId}?w=640`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    const kept = await storage.get(photoVariantKey(base, 640));
    expect(kept?.contentType).toBe('image/webp');
    expect(kept?.data.equals(served.rawPayload)).toBe(true);
    // The lg JPEG is 960 px wide: the full view of an old photo is that, never enlarged.
    expect((await sharp((await get(null, `/api/photos/${photoId}?w=1280`)).rawPayload).metadata()).width).toBe(960);
  });

  it('a chat photo: only the two people of the conversation read its widths', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const stranger = await person(t, 'client', 'Lucía');
    const [row] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id }).returning({ id: conversations.id });
    const conversationId = row!.id;
    const sent = await uploadPhoto(t, client, `/api/conversations/${conversationId}/photos`, await cameraPhoto(1200, 900));
    expect(sent.statusCode, sent.body).toBe(201);
    const photoId = sent.json<{ message: { photoId: string } }>().message.photoId;
    const url = `/api/conversations/${conversationId}/photos/${photoId}?w=320`;
    for (const who of [client, contractor]) {
      const res = await get(who, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    expect((await get(stranger, url)).statusCode).toBe(404);
    expect((await get(null, `/api/photos/${photoId}?w=320`)).statusCode).toBe(404);
  });
});
