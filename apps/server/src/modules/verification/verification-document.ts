import { verification as t } from '@arreglaya/shared/i18n/verification';
import { VERIFICATION_DOCUMENT_MAX_BYTES, VERIFICATION_DOCUMENT_TYPES } from '@arreglaya/shared/schemas/verification';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { UploadSpec } from '../../lib/route-config.ts';
import { ImageRejectedError, processPhoto, sniffImageType } from '../media/image-processing.ts';

// An uploaded certificate: an image (decoded for real, as every photo is) or a PDF (its header and
// its trailer read), at most 8 MB. Only a sysadmin ever sees it, and only until the decision.

const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', t.errors.fileTooLarge, { file: t.errors.fileTooLarge });
const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', t.errors.fileType, { file: t.errors.fileType });
const unreadable = () => new AppError('UNSUPPORTED_MEDIA_TYPE', t.errors.fileUnreadable, { file: t.errors.fileUnreadable });

export interface DocumentUpload {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

function multipartError(err: unknown): AppError | undefined {
  switch ((err as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION', t.errors.onlyOneFile, { file: t.errors.onlyOneFile });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('VALIDATION', t.errors.fileMissing, { file: t.errors.fileMissing });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', t.errors.notMultipart);
    default:
      return undefined;
  }
}

/** The form's fields and its one file, read whole (the app's multipart limits cap it at 8 MB). */
export async function readDocumentUpload(req: FastifyRequest): Promise<DocumentUpload> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', t.errors.notMultipart);
  if (Number(req.headers['content-length'] ?? 0) > VERIFICATION_DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (file) throw new AppError('VALIDATION', t.errors.onlyOneFile, { file: t.errors.onlyOneFile });
        file = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartError(err) ?? err;
  }
  return { fields, file };
}

/**
 * A PDF that a reader can open: the `%PDF-x.y` header, an `%%EOF` at the end, and a `startxref`
 * whose offset lands on a cross-reference table (`xref`) or stream (`N G obj`) inside the file.
 * A renamed image, a truncated download or random bytes fail here.
 */
export function isReadablePdf(data: Buffer): boolean {
  if (!/^%PDF-[12]\.\d/.test(data.toString('latin1', 0, 8))) return false;
  const tail = data.toString('latin1', Math.max(0, data.length - 2048));
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return false;
  const offset = Number(match[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= data.length) return false;
  const at = data.toString('latin1', offset, Math.min(data.length, offset + 32));
  return /^(xref\b|\d+\s+\d+\s+obj\b)/.test(at);
}

/** The document's media type once its bytes prove it; a Spanish 413/415 otherwise. */
export async function checkDocument(data: Buffer): Promise<(typeof VERIFICATION_DOCUMENT_TYPES)[number]> {
  if (data.length > VERIFICATION_DOCUMENT_MAX_BYTES) throw tooLarge();
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!isReadablePdf(data)) throw unreadable();
    return 'application/pdf';
  }
  const type = sniffImageType(data);
  if (type === null) throw wrongType();
  try {
    // The same decode every photo goes through: a corrupt or truncated image is refused.
    await processPhoto(data, { variants: false });
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err.reason === 'unsupported_type' ? wrongType() : unreadable();
    throw err;
  }
  return type === 'jpeg' ? 'image/jpeg' : type === 'png' ? 'image/png' : 'image/webp';
}

export const documentUpload: UploadSpec = {
  field: 'file',
  maxBytes: VERIFICATION_DOCUMENT_MAX_BYTES,
  types: VERIFICATION_DOCUMENT_TYPES,
  description: t.section.fileLabel,
};
