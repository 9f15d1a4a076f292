import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPhoto } from './media.repository.ts';
import { projectPhotoAccess, PUBLIC_PHOTO_CACHE } from './photo-access.ts';
import { PHOTO_SIZE_NAMES, photoSizeKey, type PhotoStorage } from './photo-storage.ts';

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
          summary: 'Una foto en el tamaño pedido (sm 96 px, md 320 px, lg hasta 960 px)',
          params: z.object({ id: z.uuid(), size: z.enum(PHOTO_SIZE_NAMES as [string, ...string[]]) }),
        },
      },
      async (req, reply) => {
        const row = await findPhoto(db, req.params.id);
        // Chat photos are private to the conversation; they get their own route with the chat.
        if (!row || row.kind === 'chat') throw new AppError('NOT_FOUND');
        // Anyone not allowed gets the same 404 as for a photo that does not exist.
        const cacheControl = row.project ? projectPhotoAccess(row.project, req.user) : PUBLIC_PHOTO_CACHE;
        if (cacheControl === null) throw new AppError('NOT_FOUND');
        const file = await storage.get(photoSizeKey(row.storageKey, req.params.size as (typeof PHOTO_SIZE_NAMES)[number]));
        if (!file) throw new AppError('NOT_FOUND');
        return reply.header('Cache-Control', cacheControl).type(file.contentType).send(file.data);
      },
    );
  };
}
