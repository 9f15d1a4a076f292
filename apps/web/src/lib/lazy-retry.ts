import type { RouteObject } from 'react-router';

// A page's code is a chunk downloaded when first visited. The download can fail (a dropped
// connection on a phone, or a deploy that replaced the chunk since this page was loaded): the
// route retries once by itself, then its error page says so with a retry button (spec §8's
// 'Loading chunk failed'; docs/spec-decisions.md).

/** What the browsers say when a module's download fails (Chromium, Safari, Firefox, webpack-style). */
const CHUNK_MESSAGES =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed|Unable to preload CSS/i;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_MESSAGES.test(error.message));
}

/** `load`, tried again once after `delayMs` when its download failed; then a ChunkLoadError. */
export function retryOnce<T>(load: () => Promise<T>, delayMs = 1000): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (first) {
      if (!isChunkLoadError(first)) throw first;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      try {
        return await load();
      } catch (second) {
        if (!isChunkLoadError(second)) throw second;
        throw new ChunkLoadError(second instanceof Error ? second.message : String(second), { cause: second });
      }
    }
  };
}

/** The routes with every `lazy` (children included) retried once. */
export function retryLazyRoutes(routes: RouteObject[], delayMs?: number): RouteObject[] {
  return routes.map((route) => {
    const next = { ...route } as RouteObject;
    if (typeof route.lazy === 'function') next.lazy = retryOnce(route.lazy, delayMs);
    if (route.children) next.children = retryLazyRoutes(route.children, delayMs);
    return next;
  });
}
