import { profile as t } from '@arreglaya/shared/i18n/profile';
import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import { PhotoUploadedSchema } from '@arreglaya/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { photoUpload, readUpload } from '../media/photo-upload-request.ts';
import { removeAvatar, replaceAvatar, type AvatarDeps } from './avatar.service.ts';

const perUser: RateLimitRule[] = [{ name: 'user', max: 20, windowMs: 10 * 60_000, key: (req) => req.user?.id }];

/** The signed-in person's profile photo (client or contractor alike). */
export function avatarRoutes(deps: AvatarDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/me/photo',
      {
        config: { access: 'user', rateLimit: perUser, upload: photoUpload },
        schema: {
          tags: ['perfil'],
          summary: 'Subir mi foto de perfil (multipart, un archivo JPG, PNG o WebP de hasta 8 MB)',
          description: 'La foto se decodifica, se endereza, se vuelve a codificar como JPEG sin metadatos (EXIF, GPS) y se guarda en 96, 320 y hasta 960 px.',
          consumes: ['multipart/form-data'],
          response: { 201: PhotoUploadedSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req);
        const { photoId } = await replaceAvatar(deps, req.user!.id, upload);
        return reply.status(201).send({ message: t.photo.uploaded, avatarPhotoId: photoId, avatarUrl: `/api/photos/${photoId}/md` });
      },
    );

    app.delete(
      '/api/me/photo',
      {
        config: { access: 'user', rateLimit: perUser },
        schema: { tags: ['perfil'], summary: 'Quitar mi foto de perfil', response: { 200: MessageSchema, 401: ApiErrorSchema } },
      },
      async (req) => {
        await removeAvatar(deps, req.user!.id);
        return { message: es.success.recordUpdated };
      },
    );
  };
}
