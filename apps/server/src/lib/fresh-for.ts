import { LRUCache } from 'lru-cache';

/**
 * `read(key)` answered from this instance's memory for `ttlMs` after it last read it, and one
 * read shared by every request that asks while it runs: for figures that sum every listed
 * contractor (the landing's trade tiles, the service-and-city pages), which a visitor may see up
 * to `ttlMs` late (decision 076). With `ttlMs` 0, `read` itself: every call reads.
 */
export function freshFor<V extends object>(ttlMs: number, read: (key: string) => Promise<V>): (key: string) => Promise<V> {
  if (ttlMs <= 0) return read;
  const cache = new LRUCache<string, V>({ max: 16, ttl: ttlMs, fetchMethod: (key) => read(key) });
  return async (key) => {
    const value = await cache.fetch(key);
    // fetchMethod never answers undefined, so neither does fetch; a failed read rejects.
    return value!;
  };
}
