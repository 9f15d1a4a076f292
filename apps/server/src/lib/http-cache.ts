import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPreparedJson, type PreparedJson } from './prepared-json.ts';

/**
 * Public answers anyone may be given (the directory's searches, contractor pages, service and
 * city figures, decision 076): shared caches (HAProxy's, a CDN) keep them 30 s and may serve
 * them up to 60 s more while they ask again; browsers ask each time (with the ETag): with no
 * `max-age` and no `Last-Modified` a browser has nothing to keep it fresh by. No `max-age=0`
 * either: HAProxy 2.6 (Debian 12's) then stores nothing whatever the `s-maxage`
 * (haproxy/haproxy#2203; decision 076).
 */
export const SHARED_CACHE_CONTROL = 'public, s-maxage=30, stale-while-revalidate=60';
/**
 * The same answer to someone signed in: never stored, as every answer that depends on the session
 * (decision 019; a shared phone's browser must not keep it). Its ETag still spares the body (304).
 */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Whether an If-None-Match header names this entity tag (weak comparison, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * Sends a prepared answer with its entity tag and caching: shared when nobody is signed in
 * (`shared`), else private. A request naming the same tag gets 304 without a body.
 */
export function sendCacheableJson(req: FastifyRequest, reply: FastifyReply, body: PreparedJson, opts: { shared: boolean }): FastifyReply {
  const etag = body.etag;
  void reply
    .header('cache-control', opts.shared ? SHARED_CACHE_CONTROL : PRIVATE_NO_STORE)
    .header('etag', etag)
    .header('vary', 'accept-encoding');
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return sendPreparedJson(req, reply, body);
}
