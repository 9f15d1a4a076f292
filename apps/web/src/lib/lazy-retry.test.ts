import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, retryLazyRoutes, retryOnce } from './lazy-retry.ts';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/page-abc.js');

describe('retryOnce', () => {
  it('loads a page module on the second try when the first download fails', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({ Component: 'page' });
    await expect(retryOnce(load, 0)()).resolves.toEqual({ Component: 'page' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up after one retry with an error the error page recognises', async () => {
    const load = vi.fn().mockRejectedValue(chunkError());
    const error = await retryOnce(load, 0)().catch((e: unknown) => e);
    expect(load).toHaveBeenCalledTimes(2);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('does not retry an error of the page code itself', async () => {
    const load = vi.fn().mockRejectedValue(new RangeError('boom'));
    await expect(retryOnce(load, 0)()).rejects.toThrow('boom');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it('knows the browsers’ messages for a failed module download', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('x')).toBe(false);
  });
});

describe('retryLazyRoutes', () => {
  it('wraps every lazy route, children included', async () => {
    const inner = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce({});
    const [route] = retryLazyRoutes([{ path: 'a', children: [{ path: 'b', lazy: inner }] }], 0);
    await (route!.children![0]!.lazy as () => Promise<unknown>)();
    expect(inner).toHaveBeenCalledTimes(2);
  });
});
