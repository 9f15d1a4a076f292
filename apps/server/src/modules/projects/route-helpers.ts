import type { FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../lib/route-config.ts';
import type { Actor } from './project-lifecycle.ts';

/** Writes are counted per person (not per address: many people share a mobile carrier's). */
export function perUser(max: number, windowMs = 60_000): RateLimitRule {
  return { name: 'user', max, windowMs, key: (req) => req.user?.id };
}

export function actorOf(req: FastifyRequest): Actor {
  const user = req.user!;
  return { id: user.id, role: user.role, sessionId: user.sessionId };
}
