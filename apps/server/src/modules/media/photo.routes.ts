import { PhotoVariantQuerySchema } from '@arreglaya/shared/schemas/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPhoto } from './media.repository.ts';
import { projectPhotoAccess, PUBLIC_PHOTO_CACHE } from './photo-access.ts';
import { readVariant } from './photo-files.ts';
import { PHOTO_SIZE_NAMES, photoSizeKey, type PhotoStorage, type PhotoWidth } from './photo-storage.ts';

/**
 * Where a photo is stored and the Cache-Control its answer carries, or a 404 for anyone not
 * allowed (the same as for a photo that does not exist). One rule for every size and width.
 */
async function allowedPhoto(db: Db, req: FastifyRequest, id: string): Promise<{ storageKey: string; cacheControl: string }> {
  const row = await findPhoto(db, id);
  // Chat photos are private to the conversation; they get their own route with the chat.
  if (!row || row.kind === 'chat') throw new AppError('NOT_FOUND');
  const cacheControl = row.project ? projectPhotoAccess(row.project, req.user) : PUBLIC_PHOTO_CACHE;
  if (cacheControl === null) throw new AppError('NOT_FOUND');
  return { storageKey: row.storageKey, cacheControl };
}

/**
 * Serves stored photos. Avatars and portfolio photos are public and never change once written (a
 * new upload is a new id), so they are cached for a year. A project's photos are public while it
 * is open; once it is hired or closed, and photos of the finished work always, only to its people
 * (photo-access.ts): a browser sends its session cookie with the web app's same-origin <img>
 * requests, so the URLs stay the same. nosniff comes from the security headers.
 */
export function photoRoutes(db: Db, storage: PhotoStorage): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/photos/:id/:size',
      {
        config: { access: 'public' },
        schema: {
          tags: ['fotos'],
          summary: 'Una foto en el tamaño pedido, JPEG (sm 96 px, md 320 px, lg hasta 960 px)',
          params: z.object({ id: z.uuid(), size: z.enum(PHOTO_SIZE_NAMES as [string, ...string[]]) }),
        },
      },
      async (req, reply) => {
        const { storageKey, cacheControl } = await allowedPhoto(db, req, req.params.id);
        const file = await storage.get(photoSizeKey(storageKey, req.params.size as (typeof PHOTO_SIZE_NAMES)[number]));
        if (!file) throw new AppError('NOT_FOUND');
        return reply.header('Cache-Control', cacheControl).type(file.contentType).send(file.data);
      },
    );

    app.get(
      '/api/photos/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['fotos'],
          summary: 'Una foto en WebP al ancho pedido (?w=160|320|640|1280), para srcset (decisión 073)',
          params: z.object({ id: z.uuid() }),
          querystring: PhotoVariantQuerySchema,
        },
      },
      async (req, reply) => {
        const { storageKey, cacheControl } = await allowedPhoto(db, req, req.params.id);
        const file = await readVariant(storage, storageKey, Number(req.query.w) as PhotoWidth);
        if (!file) throw new AppError('NOT_FOUND');
        return reply.header('Cache-Control', cacheControl).type(file.contentType).send(file.data);
      },
    );
  };
}
