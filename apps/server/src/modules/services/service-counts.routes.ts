import { ServiceCountsQuerySchema, ServiceCountsSchema } from '@arreglaya/shared/schemas/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { countContractorsByService } from './service-counts.repository.ts';

export function serviceCountsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/services/counts',
      {
        config: { access: 'public' },
        schema: { tags: ['servicios'], summary: 'Contratistas activos por servicio', querystring: ServiceCountsQuerySchema, response: { 200: ServiceCountsSchema } },
      },
      async (req, reply) => {
        // The landing asks on every visit; a minute of staleness is harmless.
        void reply.header('cache-control', 'public, max-age=60');
        return { counts: await countContractorsByService(db, req.query.country) };
      },
    );
  };
}
