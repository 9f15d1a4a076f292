import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { VisitSchema } from '@arreglaya/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';

/** Visits to the how-it-works pages go to the log trail with the user id, or null for 'visitor' (spec §2). */
export function visitRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/visits',
      {
        config: { access: 'public', rateLimit: { max: 60, windowMs: 10 * 60_000 } },
        schema: { tags: ['registro'], summary: 'Registrar la visita a una página informativa', body: VisitSchema, response: { 204: z.null(), 400: ApiErrorSchema } },
      },
      async (req, reply) => {
        await recordLogEntry(db, { userId: req.user?.id ?? null, sessionId: req.user?.sessionId ?? null, action: 'visit', location: req.body.page });
        return reply.status(204).send(null);
      },
    );
  };
}
