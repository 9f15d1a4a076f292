import { randomUUID } from 'node:crypto';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ImageRejectedError, processPhoto, renderVariant, type ImageRejection, type ProcessedPhoto } from './image-processing.ts';
import {
  PHOTO_SIZE_NAMES,
  PHOTO_VARIANT_TYPE,
  PHOTO_WIDTHS,
  photoBaseKey,
  photoFileKeys,
  photoSizeKey,
  photoVariantKey,
  type PhotoStorage,
  type PhotoWidth,
} from './photo-storage.ts';

export interface PhotoDeps {
  db: Db;
  storage: PhotoStorage;
  log: { warn(obj: object, msg: string): void };
}

export interface StoredPhoto {
  id: string;
  ownerId: string;
  storageKey: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

const REJECTIONS: Record<ImageRejection, () => AppError> = {
  not_an_image: () => new AppError('VALIDATION', t.photo.notAnImage, { photo: t.photo.notAnImage }),
  unsupported_type: () => new AppError('UNSUPPORTED_MEDIA_TYPE', t.photo.wrongType, { photo: t.photo.wrongType }),
  too_many_pixels: () => new AppError('VALIDATION', t.photo.tooManyPixels, { photo: t.photo.tooManyPixels }),
};

/** Decodes and re-encodes an upload (decision 012); a refusal is a Spanish 4xx. */
export async function decode(input: Buffer): Promise<ProcessedPhoto> {
  try {
    return await processPhoto(input);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw REJECTIONS[err.reason]();
    throw err;
  }
}

/** Deletes every size and width of a stored photo; a failure is logged, never thrown (the row is what counts). */
export async function removeFiles(deps: PhotoDeps, base: string): Promise<void> {
  for (const key of photoFileKeys(base)) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, base }, 'could not delete photo file'));
  }
}

/**
 * Every uploaded photo's path (avatar, project, portfolio, chat): decoded and re-encoded
 * (decision 012: no metadata survives), every size stored under a new id (never reused, so
 * each URL can be cached forever), then recorded with `link` in one transaction. If the
 * transaction fails (a refusal under its lock included), the files are deleted.
 */
export async function storeUpload<T>(deps: PhotoDeps, ownerId: string, upload: Buffer, link: (tx: Tx, photo: StoredPhoto) => Promise<T>): Promise<T> {
  const processed = await decode(upload);
  const id = randomUUID();
  const base = photoBaseKey(id);
  try {
    for (const size of PHOTO_SIZE_NAMES) await deps.storage.put(photoSizeKey(base, size), processed[size].data, processed.mime);
    for (const width of PHOTO_WIDTHS) {
      const variant = processed.variants[width];
      if (variant) await deps.storage.put(photoVariantKey(base, width), variant.data, PHOTO_VARIANT_TYPE);
    }
    const { lg } = processed;
    const photo = { id, ownerId, storageKey: base, mime: processed.mime, width: lg.width, height: lg.height, bytes: lg.data.length };
    return await deps.db.transaction((tx) => link(tx, photo));
  } catch (err) {
    await removeFiles(deps, base);
    throw err;
  }
}

/**
 * One WebP width of a stored photo (decision 073). A photo stored before the widths existed gets
 * it on its first request, rendered from its own `lg` JPEG (at most 960 px, so its 1280 is 960
 * wide) and stored, so the next request reads it. Two first requests at once both render it and
 * write the same bytes (the writes are atomic). Null when the photo has no files at all.
 * The caller has already decided the viewer may see the photo.
 */
export async function readVariant(storage: PhotoStorage, base: string, width: PhotoWidth): Promise<{ data: Buffer; contentType: string } | null> {
  const key = photoVariantKey(base, width);
  const stored = await storage.get(key);
  if (stored) return stored;
  const source = await storage.get(photoSizeKey(base, 'lg'));
  if (!source) return null;
  const { data } = await renderVariant(source.data, width);
  await storage.put(key, data, PHOTO_VARIANT_TYPE);
  return { data, contentType: PHOTO_VARIANT_TYPE };
}
