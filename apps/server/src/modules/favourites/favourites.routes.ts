import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ContractorIdParamsSchema, FavouriteIdsSchema, FavouritesListSchema, FavouritesQuerySchema, FavouriteStateSchema } from '@arreglaya/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { addFavourite, favouriteIds, listFavourites, removeFavourite } from './favourites.service.ts';

// Clients only (spec §6). There is no route with an owner id: the owner is the session.
const CLIENTS = ['client'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

export function favouritesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/favourites',
      {
        config: { access: CLIENTS },
        schema: {
          tags: ['favoritos'],
          summary: 'Mis contratistas favoritos (tarjetas), opcionalmente por servicio',
          querystring: FavouritesQuerySchema,
          response: { 200: FavouritesListSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return listFavourites(db, req.user!.id, req.query);
      },
    );

    app.get(
      '/api/me/favourites/ids',
      {
        config: { access: CLIENTS },
        schema: { tags: ['favoritos'], summary: 'Ids de mis contratistas favoritos (para los corazones)', response: { 200: FavouriteIdsSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return { ids: await favouriteIds(db, req.user!.id) };
      },
    );

    app.put(
      '/api/me/favourites/:contractorId',
      {
        config: { access: CLIENTS },
        schema: {
          tags: ['favoritos'],
          summary: 'Añadir un contratista a mis favoritos (idempotente)',
          params: ContractorIdParamsSchema,
          response: { 200: FavouriteStateSchema, ...errors },
        },
      },
      async (req) => addFavourite(db, req.user!.id, req.params.contractorId),
    );

    app.delete(
      '/api/me/favourites/:contractorId',
      {
        config: { access: CLIENTS },
        schema: {
          tags: ['favoritos'],
          summary: 'Quitar un contratista de mis favoritos (idempotente)',
          params: ContractorIdParamsSchema,
          response: { 200: FavouriteStateSchema, ...errors },
        },
      },
      async (req) => removeFavourite(db, req.user!.id, req.params.contractorId),
    );
  };
}
