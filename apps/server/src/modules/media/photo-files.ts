import { randomUUID } from 'node:crypto';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ImageRejectedError, processPhoto, type ImageRejection, type ProcessedPhoto } from './image-processing.ts';
import { PHOTO_SIZE_NAMES, photoBaseKey, photoSizeKey, type PhotoStorage } from './photo-storage.ts';

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

/** Deletes every size of a stored photo; a failure is logged, never thrown (the row is what counts). */
export async function removeFiles(deps: PhotoDeps, base: string): Promise<void> {
  for (const size of PHOTO_SIZE_NAMES) {
    await deps.storage.delete(photoSizeKey(base, size)).catch((err: unknown) => deps.log.warn({ err, base }, 'could not delete photo file'));
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
    const { lg } = processed;
    const photo = { id, ownerId, storageKey: base, mime: processed.mime, width: lg.width, height: lg.height, bytes: lg.data.length };
    return await deps.db.transaction((tx) => link(tx, photo));
  } catch (err) {
    await removeFiles(deps, base);
    throw err;
  }
}
