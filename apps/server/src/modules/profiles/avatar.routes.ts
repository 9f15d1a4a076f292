import { profile as t } from '@arreglaya/shared/i18n/profile';
import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PhotoUploadedSchema } from '@arreglaya/shared/schemas/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimitRule, UploadSpec } from '../../lib/route-config.ts';
import { removeAvatar, replaceAvatar, type AvatarDeps } from './avatar.service.ts';

/** Room for the multipart boundaries and part headers around one file. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', t.photo.tooLarge, { photo: t.photo.tooLarge });

/** @fastify/multipart's own errors, in the person's words. */
function multipartError(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION', t.photo.onlyOne, { photo: t.photo.onlyOne });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', t.photo.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
      return new AppError('VALIDATION', t.photo.missing, { photo: t.photo.missing });
    default:
      return undefined;
  }
}

/** The one uploaded file's bytes, whatever its field name; refusals in Spanish. */
export async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', t.photo.notMultipart);
  // Refuse an announced oversize body before reading it.
  if (Number(req.headers['content-length'] ?? 0) > PHOTO_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  let upload: Buffer | undefined;
  try {
    // Every part is read, so a second file is refused (the files limit) rather than ignored.
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (upload) throw new AppError('VALIDATION', t.photo.onlyOne, { photo: t.photo.onlyOne });
      upload = await part.toBuffer();
    }
  } catch (err) {
    throw multipartError(err) ?? err;
  }
  if (!upload) throw new AppError('VALIDATION', t.photo.missing, { photo: t.photo.missing });
  return upload;
}

/** The photo as the OpenAPI document describes it (the limits are the ones enforced); project and portfolio photos too. */
export const photoUpload: UploadSpec = { field: 'photo', maxBytes: PHOTO_MAX_BYTES, types: PHOTO_TYPES, description: t.photo.hint };

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
          summary: 'Subir mi foto de perfil (multipart, un archivo JPG o PNG de hasta 8 MB)',
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
