import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './health.repository.ts';
import { Readiness } from './readiness.ts';

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

/** `/api/ready` calls the database away when its check takes longer than this (ms). */
export const READY_DB_TIMEOUT_MS = 2000;

/** Rejects when `work` has not settled within `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface HealthOptions {
  /** A successful database check is trusted this long (ms). */
  ttlMs?: number;
  /** This instance's readiness (server.ts drains it on SIGTERM). */
  readiness?: Readiness;
  /** How long `/api/ready` waits for the database (ms). */
  readyTimeoutMs?: number;
}

/**
 * `/api/health`: up while the database answers (monitoring). `/api/ready`: this instance accepts
 * work, for a load balancer's health check (decision 034): 503 while it drains on SIGTERM, or
 * when its database does not answer within READY_DB_TIMEOUT_MS.
 */
export function healthRoutes(db: Db, opts: HealthOptions = {}): FastifyPluginAsyncZod {
  const check = databaseCheck(db, opts.ttlMs ?? HEALTH_CHECK_TTL_MS);
  const readiness = opts.readiness ?? new Readiness();
  const readyTimeoutMs = opts.readyTimeoutMs ?? READY_DB_TIMEOUT_MS;
  return async (app) => {
    app.get(
      '/api/ready',
      {
        config: { access: 'public' },
        schema: { tags: ['sistema'], summary: 'Lista para recibir tráfico', response: { 200: z.object({ status: z.literal('ready') }) } },
      },
      async () => {
        if (readiness.draining) throw new AppError('UNAVAILABLE');
        try {
          await within(check(), readyTimeoutMs);
        } catch {
          throw new AppError('UNAVAILABLE');
        }
        return { status: 'ready' as const };
      },
    );
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
