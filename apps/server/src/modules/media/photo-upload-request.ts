import { profile as t } from '@arreglaya/shared/i18n/profile';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@arreglaya/shared/schemas/profile';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { UploadSpec } from '../../lib/route-config.ts';

/** Room for the multipart boundaries and part headers around one file. */
const ENVELOPE_BYTES = 64 * 1024;

/** What one upload route accepts and how it words its refusals (a photo by default; a voice note passes its own). */
export interface UploadLimits {
  maxBytes: number;
  tooLarge: () => AppError;
  missing: () => AppError;
}

const PHOTO_LIMITS: UploadLimits = {
  maxBytes: PHOTO_MAX_BYTES,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', t.photo.tooLarge, { photo: t.photo.tooLarge }),
  missing: () => new AppError('VALIDATION', t.photo.missing, { photo: t.photo.missing }),
};

/** @fastify/multipart's own errors, in the person's words. */
function multipartError(err: unknown, limits: UploadLimits): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return limits.tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION', t.photo.onlyOne, { photo: t.photo.onlyOne });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', t.photo.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
      return limits.missing();
    default:
      return undefined;
  }
}

/** The one uploaded file's bytes, whatever its field name; refusals in Spanish. */
export async function readUpload(req: FastifyRequest, limits: UploadLimits = PHOTO_LIMITS): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', t.photo.notMultipart);
  // Refuse an announced oversize body before reading it.
  if (Number(req.headers['content-length'] ?? 0) > limits.maxBytes + ENVELOPE_BYTES) throw limits.tooLarge();
  let upload: Buffer | undefined;
  try {
    // Every part is read, so a second file is refused (the files limit) rather than ignored.
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes } })) {
      if (part.type !== 'file') continue;
      if (upload) throw new AppError('VALIDATION', t.photo.onlyOne, { photo: t.photo.onlyOne });
      upload = await part.toBuffer();
    }
  } catch (err) {
    throw multipartError(err, limits) ?? err;
  }
  if (!upload) throw limits.missing();
  return upload;
}

/** The photo as the OpenAPI document describes it (the limits are the ones enforced); every photo route's. */
export const photoUpload: UploadSpec = { field: 'photo', maxBytes: PHOTO_MAX_BYTES, types: PHOTO_TYPES, description: t.photo.hint };
