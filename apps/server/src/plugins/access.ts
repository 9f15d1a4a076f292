import type { Role } from '@arreglaya/shared/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import crypto from 'node:crypto';
import { AppError } from '../lib/app-error.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../lib/route-config.ts';

/**
 * Who may call a route. Every /api route declares it in `config.access`; the app refuses
 * to start if one does not, and the OpenAPI document's `security` is derived from it.
 * `operator` (any path, e.g. /metrics): a client on this machine, or the bearer of the operators'
 * token (METRICS_TOKEN); anyone else gets the 404 an unknown path gets, so the route does not
 * advertise itself.
 */
export type Access = 'public' | 'user' | 'operator' | readonly Role[];

export interface RequestUser {
  id: string;
  role: Role;
  sessionId: string;
  expiresAt: Date;
  /** When the session was created (signed in): the console asks for a recent one (plugins/sysadmin-console.ts). */
  sessionCreatedAt: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route never reads the session (its own token is the credential, as the newsletter's
     * unsubscribe link): a session cookie it receives is no credential, so a write from a plain
     * HTML form of ours needs only a same-site Origin, not `X-Requested-With`.
     */
    sessionless?: boolean;
    /**
     * A page of another site posts a form here by design (dLocal's 3-D Secure callback): the route
     * reads no session, changes nothing and only redirects to a path of ours, so Origin is not checked.
     */
    crossSiteForm?: boolean;
  }
  interface FastifyRequest {
    user: RequestUser | null;
  }
}

/** OpenAPI 3.1 lets a security requirement list role names: we list the roles allowed. */
export function securityFor(access: Access): { [scheme: string]: string[] }[] {
  // Operator routes are left out of the document (schema.hide): nothing to describe.
  if (access === 'public' || access === 'operator') return [];
  const roles = access === 'user' ? [] : [...access];
  return [{ sessionCookie: roles }, { bearerAuth: roles }];
}

export type UserResolver = (req: FastifyRequest, reply: FastifyReply) => Promise<RequestUser | null>;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const LOOPBACK = /^(?:::ffff:)?127(?:\.\d{1,3}){3}$|^::1$/;
/** A request a proxy passed on: its socket's peer is the proxy, not the client. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Whether a request may use an `operator` route: it bears the token (compared in constant time),
 * or its socket's peer is this machine and no proxy says it forwarded it (a reverse proxy on the
 * same machine would otherwise make every visitor look local; the socket's address is used,
 * never the client IP TRUST_PROXY derives from X-Forwarded-For).
 */
export function isOperatorRequest(req: FastifyRequest, tokenHash: Buffer | undefined): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (tokenHash && bearer !== undefined && crypto.timingSafeEqual(sha256(bearer), tokenHash)) return true;
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && FORWARDING_HEADERS.every((h) => req.headers[h] === undefined);
}

/** Routes served by the OpenAPI plugins themselves. */
const DOC_ROUTE = /^\/api\/(docs|openapi\.json)/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A URL's origin (scheme, host and port, the default port left out), or null when it has none. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request protection for cookie sessions: a write must not come from another
 * origin (Origin header: scheme, host and port, so an https:// page is not our http:// site
 * nor the other way round; the request's own origin or APP_URL's), and a write carried by
 * the session cookie must also send
 * `X-Requested-With: arreglaya`, which a cross-site form cannot set and a cross-site
 * script cannot send without a CORS preflight we never grant. Bearer tokens are not
 * ambient credentials and need neither.
 */
function checkCrossSite(req: FastifyRequest, usesCookie: boolean, publicOrigin: string | null): void {
  if (!WRITE_METHODS.has(req.method)) return;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const sent = originOf(origin);
    if (sent === null || (sent !== publicOrigin && sent !== originOf(`${req.protocol}://${req.host}`))) throw new AppError('CSRF');
  }
  if (usesCookie && req.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw new AppError('CSRF');
}

/**
 * Resolves the session on every API request (public routes may use it too, e.g. to sign
 * a log entry) and enforces each route's declared access before its handler runs.
 */
export function registerAccessControl(app: FastifyInstance, resolveUser: UserResolver, appUrl?: string, opts: { operatorToken?: string } = {}): void {
  const publicOrigin = appUrl === undefined ? null : originOf(appUrl);
  const operatorTokenHash = opts.operatorToken === undefined ? undefined : sha256(opts.operatorToken);
  // A plain callback hook: the not-found handler answers a refused request, as for any unknown path.
  const operatorGuard: onRequestHookHandler = (req, reply, done) => {
    if (isOperatorRequest(req, operatorTokenHash)) return done();
    reply.callNotFound();
  };
  app.decorateRequest('user', null);

  // A plain callback hook, not an async one: an anonymous read (no credentials, not a
  // write) costs two property reads and no promise.
  app.addHook('onRequest', (req, reply, done) => {
    const { authorization, cookie: cookieHeader } = req.headers;
    if (!req.url.startsWith('/api/')) {
      // A write outside the API (the sandbox processor's challenge answers) never reads the
      // session, but still must not come from another site's page: Origin only.
      if (!WRITE_METHODS.has(req.method)) return done();
      try {
        checkCrossSite(req, false, publicOrigin);
      } catch (err) {
        return done(err as Error);
      }
      return done();
    }
    if (authorization === undefined && cookieHeader === undefined && !WRITE_METHODS.has(req.method)) return done();
    if (req.routeOptions.config.crossSiteForm === true) return done();
    const bearer = /^Bearer\s/i.test(authorization ?? '');
    const cookie = !bearer && /(^|;\s*)(__Secure-)?arreglaya\.session_token=/.test(cookieHeader ?? '');
    try {
      checkCrossSite(req, cookie && req.routeOptions.config.sessionless !== true, publicOrigin);
    } catch (err) {
      return done(err as Error);
    }
    if (!bearer && !cookie) return done();
    resolveUser(req, reply).then(
      (user) => {
        req.user = user;
        done();
      },
      (err: unknown) => done(err as Error),
    );
  });

  app.addHook('onRoute', (route) => {
    if (route.config?.access === 'operator') {
      const existing = route.onRequest;
      route.onRequest = existing === undefined ? [operatorGuard] : [operatorGuard, ...(Array.isArray(existing) ? existing : [existing])];
      return;
    }
    if (!route.url.startsWith('/api') || DOC_ROUTE.test(route.url)) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    route.schema = { ...route.schema, security: securityFor(access) };
    if (access === 'public') return;
    const guard = async (req: FastifyRequest) => {
      if (!req.user) throw new AppError('UNAUTHENTICATED');
      if (access !== 'user' && !access.includes(req.user.role)) throw new AppError('FORBIDDEN');
    };
    // Before validation: an anonymous caller learns nothing about the body a route expects.
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [guard] : [guard, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
