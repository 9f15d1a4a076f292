import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, PreparedJson, sendPreparedJson } from './prepared-json.ts';

const page = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Contratista ${i}`, city: 'Santo Domingo' })) });

describe('acceptsGzip', () => {
  it('reads the header as browsers and proxies write it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, *;q=0')).toBe(false);
  });

  it('answers a header it has read before the same way (each distinct header is read once)', () => {
    for (let i = 0; i < 3; i++) {
      expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
      expect(acceptsGzip('gzip;q=0, br')).toBe(false);
      expect(acceptsGzip('identity')).toBe(false);
    }
    // Past the kept answers, headers are still read right.
    for (let i = 0; i < 400; i++) expect(acceptsGzip(`x-${i}, ${i % 2 ? 'gzip' : 'br'}`)).toBe(i % 2 === 1);
  });
});

describe('sendPreparedJson', () => {
  it('sends the stored gzip bytes to a browser, and the same JSON uncompressed to a client without gzip', async () => {
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    const prepared = new PreparedJson(page);
    expect(prepared.bytes).toBeLessThan(page.length / 3);
    // It holds its own bytes, not a view into zlib's 16 KiB work buffer (the cache counts `bytes`).
    expect(prepared.gzipped.buffer.byteLength).toBe(prepared.bytes);
    app.get('/page', (req, reply) => sendPreparedJson(req, reply, prepared));
    try {
      const browser = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(browser.statusCode).toBe(200);
      expect(browser.headers['content-encoding']).toBe('gzip');
      expect(browser.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(String(browser.headers.vary)).toMatch(/accept-encoding/i);
      // Not compressed a second time by @fastify/compress: the stored bytes themselves.
      expect(browser.rawPayload.equals(prepared.gzipped)).toBe(true);
      expect(zlib.gunzipSync(browser.rawPayload).toString()).toBe(page);

      const plain = await app.inject({ url: '/page', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(JSON.parse(page));

      // A client that takes only brotli still gets a compressed answer, from @fastify/compress.
      const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page);
    } finally {
      await app.close();
    }
  });
});
