import type { Role } from '@arreglaya/shared/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Who may call a route. Every /api route declares it in `config.access`; the app refuses
 * to start if one does not, and the OpenAPI document's `security` is derived from it.
 */
export type Access = 'public' | 'user' | readonly Role[];

export interface SessionUser {
  id: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const SESSION_SECURITY: { [scheme: string]: string[] }[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

/** Routes served by the OpenAPI plugins themselves. */
const DOC_ROUTE = /^\/api\/(docs|openapi\.json)/;

/**
 * Resolves the session (the accounts module plugs its resolver in) and enforces each
 * route's declared access before the handler runs.
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveUser: (req: FastifyRequest) => Promise<SessionUser | null>,
): void {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || DOC_ROUTE.test(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    route.schema = { ...route.schema, security: access === 'public' ? [] : SESSION_SECURITY };
    // The user is resolved on every API route (public ones may still use it, e.g. to
    // prefill a form or sign a log entry); the resolver is cheap without credentials.
    const guard = async (req: FastifyRequest) => {
      req.user = await resolveUser(req);
      if (access === 'public') return;
      if (!req.user) throw new AppError('UNAUTHENTICATED');
      if (access !== 'user' && !access.includes(req.user.role)) throw new AppError('FORBIDDEN');
    };
    const existing = route.preHandler;
    route.preHandler = existing === undefined ? [guard] : [guard, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
