import crypto from 'node:crypto';
import zlib from 'node:zlib';

type OneShot = (input: Buffer, options?: object) => Buffer;

/**
 * The `zlib` given to @fastify/compress: its one-shot compressors (the ones the plugin uses
 * for buffered answers up to a few KiB) remember their recent results. The directory serves
 * the same cached search pages and contractor pages thousands of times a second, and brotli
 * of a 5 KB search page costs about 0.1 ms every time; a SHA-256 of it costs 4 µs.
 *
 * Keyed by the encoding and the input's SHA-256; at most `maxBytes` of compressed output is
 * kept, the least recently used going first. The output depends on nothing but the input,
 * so an answer is never served to anyone who could not have had the same input compressed.
 * Streams (larger answers, files) are compressed as usual.
 */
export function memoizedZlib(maxBytes = 16 * 1024 * 1024) {
  const memo = new Map<string, Buffer>();
  let bytes = 0;
  const remember =
    (encoding: string, compress: OneShot): OneShot =>
    (input, options) => {
      const key = encoding + crypto.hash('sha256', input, 'base64');
      const hit = memo.get(key);
      if (hit) {
        // Most recently used last: Maps iterate in insertion order.
        memo.delete(key);
        memo.set(key, hit);
        return hit;
      }
      const output = compress(input, options);
      // One answer never takes more than a quarter of the memory.
      if (output.length > maxBytes / 4) return output;
      memo.set(key, output);
      bytes += output.length;
      for (const [oldKey, old] of memo) {
        if (bytes <= maxBytes) break;
        memo.delete(oldKey);
        bytes -= old.length;
      }
      return output;
    };
  return {
    createBrotliCompress: zlib.createBrotliCompress,
    createGzip: zlib.createGzip,
    createDeflate: zlib.createDeflate,
    createBrotliDecompress: zlib.createBrotliDecompress,
    createGunzip: zlib.createGunzip,
    createInflate: zlib.createInflate,
    brotliCompressSync: remember('br:', (input, options) => zlib.brotliCompressSync(input, options)),
    gzipSync: remember('gzip:', (input, options) => zlib.gzipSync(input, options)),
    deflateSync: remember('deflate:', (input, options) => zlib.deflateSync(input, options)),
    /** Entries and bytes kept (tests). */
    get size() {
      return { entries: memo.size, bytes };
    },
  };
}
