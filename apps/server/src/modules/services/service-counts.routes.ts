import { ServiceCountsQuerySchema, ServiceCountsSchema } from '@arreglaya/shared/schemas/site';
import type { CountryCode } from '@arreglaya/shared/countries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { freshFor } from '../../lib/fresh-for.ts';
import { countContractorsByService } from './service-counts.repository.ts';

/** `figuresTtlMs`: how long this instance keeps each country's counts (decision 076). */
export function serviceCountsRoutes(db: Db, figuresTtlMs = 0): FastifyPluginAsyncZod {
  const counts = freshFor(figuresTtlMs, async (country) => ({ counts: await countContractorsByService(db, country === '' ? undefined : (country as CountryCode)) }));
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
        return counts(req.query.country ?? '');
      },
    );
  };
}
