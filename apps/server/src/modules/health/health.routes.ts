import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './health.repository.ts';

/** A successful database check is trusted this long (ms). */
export const HEALTH_CHECK_TTL_MS = 1000;

/**
 * Asks the database at most once per `ttlMs` while it answers: a load balancer polling
 * every second, or a flood of requests, costs one `SELECT 1` a second, not one each.
 * Concurrent callers share the check in flight; a failed check is not remembered, so
 * the next call asks again.
 */
export function databaseCheck(db: Db, ttlMs = HEALTH_CHECK_TTL_MS, now: () => number = Date.now): () => Promise<void> {
  let okUntil = 0;
  let inFlight: Promise<void> | null = null;
  return () => {
    if (now() < okUntil) return Promise.resolve();
    inFlight ??= pingDatabase(db)
      .then(() => {
        okUntil = now() + ttlMs;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

export function healthRoutes(db: Db, ttlMs = HEALTH_CHECK_TTL_MS): FastifyPluginAsyncZod {
  const check = databaseCheck(db, ttlMs);
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: { tags: ['sistema'], summary: 'Estado del servicio', response: { 200: z.object({ status: z.literal('ok') }) } },
      },
      async () => {
        try {
          await check();
        } catch {
          throw new AppError('UNAVAILABLE');
        }
        return { status: 'ok' as const };
      },
    );
  };
}
