import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { PortfolioInputSchema, PortfolioSavedSchema, PortfolioSchema } from '@arreglaya/shared/schemas/portfolio';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { photoUpload, readUpload } from '../media/photo-upload-request.ts';
import type { PhotoDeps } from '../media/photo-files.ts';
import { addEntry, addEntryPhotoUpload, editEntry, myPortfolio, publicPortfolio, removeEntry } from './portfolio.service.ts';
import { perUser } from './route-helpers.ts';

const CONTRACTORS = ['contractor'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

/** A contractor's portfolio ('Registrar proyecto') and its public reading. */
export function portfolioRoutes(deps: PhotoDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/portfolio',
      { config: { access: CONTRACTORS }, schema: { tags: ['portafolio'], summary: 'Mi portafolio de trabajos terminados', response: { 200: PortfolioSchema, ...errors } } },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return { items: await myPortfolio(deps, req.user!.id) };
      },
    );

    app.post(
      '/api/me/portfolio',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(30, 60 * 60_000) },
        schema: {
          tags: ['portafolio'],
          summary: 'Registrar proyecto: un trabajo terminado para mi página pública',
          body: PortfolioInputSchema,
          response: { 201: PortfolioSavedSchema, ...errors },
        },
      },
      async (req, reply) => reply.status(201).send({ message: tp.portfolio.saved, entry: await addEntry(deps, req.user!.id, req.body) }),
    );

    app.put(
      '/api/me/portfolio/:id',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(60) },
        schema: {
          tags: ['portafolio'],
          summary: 'Editar un trabajo de mi portafolio',
          params: IdSchema,
          body: PortfolioInputSchema,
          response: { 200: PortfolioSavedSchema, ...errors },
        },
      },
      async (req) => ({ message: tp.portfolio.updated, entry: await editEntry(deps, req.user!.id, req.params.id, req.body) }),
    );

    app.delete(
      '/api/me/portfolio/:id',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(60) },
        schema: { tags: ['portafolio'], summary: 'Quitar un trabajo de mi portafolio', params: IdSchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req) => {
        await removeEntry(deps, req.user!.id, req.params.id);
        return { message: tp.portfolio.deleted };
      },
    );

    app.post(
      '/api/me/portfolio/:id/photos',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(40, 10 * 60_000), upload: photoUpload },
        schema: {
          tags: ['portafolio'],
          summary: 'Agregar una foto a un trabajo del portafolio (JPG, PNG o WebP de hasta 8 MB; hasta 8)',
          consumes: ['multipart/form-data'],
          params: IdSchema,
          response: { 201: PortfolioSavedSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req);
        return reply.status(201).send({ message: tp.photoAdded, entry: await addEntryPhotoUpload(deps, req.user!.id, req.params.id, upload) });
      },
    );

    app.get(
      '/api/contractors/:id/portfolio',
      {
        config: { access: 'public' },
        schema: { tags: ['portafolio'], summary: 'El portafolio público de un contratista', params: IdSchema, response: { 200: PortfolioSchema, ...errors } },
      },
      async (req) => ({ items: await publicPortfolio(deps, req.params.id) }),
    );
  };
}
