import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { rateLimitKey, type RateLimitRule } from '../lib/route-config.ts';
import { RateLimiter } from '../modules/rate-limits/rate-limits.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false turns the default write limit off for a route. */
    rateLimit?: RateLimitRule | readonly RateLimitRule[] | false;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const DEFAULT_WRITE_LIMIT: RateLimitRule = { max: 60, windowMs: 60_000 };

/**
 * A hook counting one rule's hits in the bucket `route` (several routes may share one, as the
 * sysadmin console's per-person limit does: plugins/sysadmin-console.ts).
 */
export function applyRule(limiter: RateLimiter, route: string, rule: RateLimitRule) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const subject = rule.key ? rule.key(req) : req.ip;
    if (subject === undefined) return;
    const { hits, resetAt } = await limiter.hit(rateLimitKey(route, rule, subject), rule.max, rule.windowMs);
    const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    void reply.header('RateLimit-Limit', rule.max);
    void reply.header('RateLimit-Remaining', Math.max(0, rule.max - hits));
    void reply.header('RateLimit-Reset', retryAfter);
    if (hits > rule.max) {
      void reply.header('Retry-After', retryAfter);
      throw new AppError('RATE_LIMITED');
    }
  };
}

/**
 * The instance's counters (decision 004): counted in memory, sent to the `rate_limits` table
 * every 200 ms and on close. PostgreSQL out of reach is logged at most once a minute.
 */
export function createRateLimiter(app: FastifyInstance, db: Db): RateLimiter {
  let lastWarned = 0;
  const limiter = new RateLimiter(db, {
    onError: (err) => {
      if (Date.now() - lastWarned < 60_000) return;
      lastWarned = Date.now();
      app.log.warn({ err }, 'rate limits: PostgreSQL out of reach, counting in this instance meanwhile');
    },
  });
  app.addHook('onClose', () => limiter.stop());
  return limiter;
}

/** Every write route gets the default limit unless it declares its own (or false). */
export function registerRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const configured = route.config?.rateLimit;
    if (configured === false) return;
    const rules: readonly RateLimitRule[] =
      configured === undefined ? (methods.some((m) => WRITE_METHODS.has(m)) ? [DEFAULT_WRITE_LIMIT] : []) : Array.isArray(configured) ? configured : [configured as RateLimitRule];
    if (rules.length === 0) return;
    const name = `${methods.join(',')} ${route.url}`;
    // Per-IP rules count every attempt, valid or not: preValidation, before the body is judged.
    const early = rules.filter((r) => r.key === undefined).map((rule) => applyRule(limiter, name, rule));
    // Keyed rules count what the handler will act on: preHandler, after the schema has
    // replaced req.body with its parsed, normalised value.
    const late = rules.filter((r) => r.key !== undefined).map((rule) => applyRule(limiter, name, rule));
    if (early.length > 0) route.preValidation = [...early, ...asList(route.preValidation)];
    if (late.length > 0) route.preHandler = [...late, ...asList(route.preHandler)];
  });
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

export { purgeExpiredRateLimits, type RateLimiter } from '../modules/rate-limits/rate-limits.service.ts';
