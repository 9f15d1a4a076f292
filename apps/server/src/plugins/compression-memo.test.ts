import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { memoizedZlib } from './compression-memo.ts';

/** A search page's JSON (about 3 KB, over the 1 KiB threshold). */
const page = (n: number) =>
  JSON.stringify({ items: Array.from({ length: 12 }, (_, i) => ({ id: i, name: `Contratista ${n}-${i}`, companyName: `Plomería Hermanos ${i}`, city: 'santo-domingo', services: ['plomeria'] })), page: n });

describe('memoizedZlib', () => {
  it('compresses an input once and answers the same bytes again, per encoding', () => {
    const z = memoizedZlib();
    const input = Buffer.from(page(1));
    const br = z.brotliCompressSync(input, {});
    expect(z.brotliCompressSync(Buffer.from(page(1)), {})).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(page(1));
    const gz = z.gzipSync(input, {});
    expect(zlib.gunzipSync(gz).toString()).toBe(page(1));
    expect(z.size.entries).toBe(2);
    // Another input is another entry.
    expect(zlib.brotliDecompressSync(z.brotliCompressSync(Buffer.from(page(2)), {})).toString()).toBe(page(2));
    expect(z.size.entries).toBe(3);
  });

  it('keeps at most its budget, dropping the least recently used', () => {
    const one = zlib.gzipSync(Buffer.from(page(0))).length;
    const z = memoizedZlib(one * 4.5);
    const a = z.gzipSync(Buffer.from(page(0)));
    const b = z.gzipSync(Buffer.from(page(1)));
    z.gzipSync(Buffer.from(page(2)));
    z.gzipSync(Buffer.from(page(3)));
    expect(z.gzipSync(Buffer.from(page(0)))).toBe(a); // used again: now the most recent
    z.gzipSync(Buffer.from(page(4))); // over budget: page 1, the least recently used, goes
    expect(z.size.entries).toBe(4);
    expect(z.size.bytes).toBeLessThanOrEqual(one * 4.5);
    expect(z.gzipSync(Buffer.from(page(0)))).toBe(a);
    expect(z.gzipSync(Buffer.from(page(1)))).not.toBe(b);
  });
});

describe('@fastify/compress with the memo', () => {
  it('sends the same cached answer compressed identically and correctly, brotli or gzip', async () => {
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], zlib: memoizedZlib() });
    let n = 1;
    app.get('/page', (_req, reply) => reply.type('application/json; charset=utf-8').send(page(n)));
    try {
      const a = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const b = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(a.headers['content-encoding']).toBe('br');
      expect(String(a.headers.vary)).toMatch(/accept-encoding/i);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(zlib.brotliDecompressSync(b.rawPayload).toString()).toBe(page(1));
      const gz = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page(1));
      n = 2;
      const c = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
      expect(zlib.brotliDecompressSync(c.rawPayload).toString()).toBe(page(2));
      const plain = await app.inject({ url: '/page' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(page(2));
    } finally {
      await app.close();
    }
  });
});
