import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ContractorPublicProfileSchema, DirectoryPageSchema, DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCacheableJson } from '../../lib/http-cache.ts';
import { sendPreparedJson } from '../../lib/prepared-json.ts';
import { ServiceCityStatsSchema } from '@arreglaya/shared/schemas/service-city';
import { contractorPageJson, searchDirectory } from './directory.service.ts';
import type { Directory } from './directory.ts';

export function directoryRoutes(deps: Directory): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contractors',
      {
        config: { access: 'public' },
        schema: {
          tags: ['directorio'],
          summary: 'Buscar contratistas: servicios, ubicación, calificación, texto libre, orden y página',
          querystring: DirectorySearchSchema,
          response: { 200: DirectoryPageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const page = await searchDirectory(deps, req.query, req.user ? { id: req.user.id } : null);
        // A search from one's own project is private: no cache may keep it.
        if (req.query.proyecto) return sendPreparedJson(req, reply.header('cache-control', 'private, no-store'), page);
        // Anonymous answers are kept by shared caches (decision 076); signed-in ones stay private.
        return sendCacheableJson(req, reply, page, { shared: !req.user });
      },
    );

    app.get(
      '/api/contractors/service-cities',
      {
        config: { access: 'public' },
        schema: {
          tags: ['directorio'],
          summary: 'Servicios y ciudades con contratistas: cuántos y su valoración media (las páginas /servicios/{servicio}/{ciudad})',
          response: { 200: ServiceCityStatsSchema },
        },
      },
      async (req, reply) => sendCacheableJson(req, reply, await deps.serviceCities(), { shared: !req.user }),
    );

    app.get(
      '/api/contractors/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['directorio'],
          summary: 'Perfil público de un contratista con sus reseñas aprobadas',
          // Any text: an id that is not a UUID is just an unknown contractor (404).
          params: z.object({ id: z.string().max(100) }),
          response: { 200: ContractorPublicProfileSchema, 404: ApiErrorSchema },
        },
      },
      async (req, reply) => sendCacheableJson(req, reply, await contractorPageJson(deps, req.params.id), { shared: !req.user }),
    );
  };
}
