import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { RateLimitRule } from '../lib/route-config.ts';
import { recordLogEntry } from '../modules/log-trail/log-trail.service.ts';
import type { Access } from './access.ts';
import { applyRule, type RateLimiter } from './rate-limit.ts';

// Every sysadmin-only route gets three things here, in one place, so each console page's routes
// have them without asking (docs/decisions/025-sysadmin-console.md):
// 1. a session younger than 12 hours (an old stolen cookie cannot run the console);
// 2. a rate limit per sysadmin, shared by every console route;
// 3. every write audited in the log trail: who, which route, which record, the result.

declare module 'fastify' {
  interface FastifyRequest {
    /** What a console route adds to its audit line (e.g. a ban's reason); set in the handler. */
    auditDetails: Record<string, unknown> | null;
  }
}

export const SYSADMIN_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Per sysadmin and minute, across every console route. */
export const SYSADMIN_READ_LIMIT: RateLimitRule = { name: 'sysadmin-read', max: 300, windowMs: 60_000, key: (req) => req.user?.id };
export const SYSADMIN_WRITE_LIMIT: RateLimitRule = { name: 'sysadmin-write', max: 30, windowMs: 60_000, key: (req) => req.user?.id };
/** The action of an audit line in the log trail (log_trail.action). */
export const AUDIT_ACTION = 'admin';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Access that only a sysadmin has: `['sysadmin']`. */
export function isSysadminOnly(access: Access | undefined): boolean {
  return Array.isArray(access) && access.length === 1 && access[0] === 'sysadmin';
}

/**
 * A value the caller sent (a route's `:id`), as the audit line records it: control characters and
 * lone surrogates written as `\uXXXX` text (PostgreSQL's jsonb refuses `\u0000` and lone
 * surrogates, 22P05, and the line was lost), and at most 200 characters. A refused attempt is
 * recorded with what it tried.
 */
export function auditValue(value: string): string {
  const escaped = value.replace(
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const chars = [...escaped];
  return chars.length > 200 ? `${chars.slice(0, 200).join('')}…` : escaped;
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/** Registered after the access control: its own guard (role) runs first on each route. */
export function registerSysadminConsole(app: FastifyInstance, db: Db, limiter: RateLimiter): void {
  app.decorateRequest('auditDetails', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || !isSysadminOnly(route.config?.access)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const write = methods.some((m) => WRITE_METHODS.has(m));
    const recentSession = async (req: FastifyRequest) => {
      if (req.user && Date.now() - req.user.sessionCreatedAt.getTime() > SYSADMIN_SESSION_MAX_AGE_MS) throw new AppError('REAUTH_REQUIRED');
    };
    const limit = applyRule(limiter, 'sysadmin-console', write ? SYSADMIN_WRITE_LIMIT : SYSADMIN_READ_LIMIT);
    route.preValidation = [...asList(route.preValidation), recentSession, limit];
    if (!write) return;
    const routeName = `${methods.join(',')} ${route.url}`;
    // onSend, not onResponse: the line is written before the answer leaves, so whoever reads
    // the log trail after an answer finds it. Refused and failed writes are audited too.
    const audit = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const user = req.user;
      if (user?.role !== 'sysadmin') return payload;
      const target = (req.params as { id?: unknown } | undefined)?.id;
      try {
        await recordLogEntry(db, {
          userId: user.id,
          sessionId: user.sessionId,
          action: AUDIT_ACTION,
          location: routeName.slice(0, 200),
          details: {
            route: routeName,
            target: typeof target === 'string' ? auditValue(target) : null,
            status: reply.statusCode,
            result: reply.statusCode < 400 ? 'ok' : 'refused',
            ...req.auditDetails,
          },
        });
      } catch (err) {
        req.log.error({ err }, 'could not write the sysadmin audit line');
      }
      return payload;
    };
    route.onSend = [...asList(route.onSend), audit];
  });
}
