import { randomUUID } from 'node:crypto';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { ImageRejectedError, processPhoto, type ImageRejection, type ProcessedPhoto } from '../media/image-processing.ts';
import { PHOTO_SIZE_NAMES, photoBaseKey, photoSizeKey, type PhotoStorage } from '../media/photo-storage.ts';
import { deleteOwnPhoto, insertAvatarPhoto, lockCurrentAvatar, setAvatar } from './avatar.repository.ts';

export interface AvatarDeps {
  db: Db;
  storage: PhotoStorage;
  log: { warn(obj: object, msg: string): void };
}

const REJECTIONS: Record<ImageRejection, () => AppError> = {
  not_an_image: () => new AppError('VALIDATION', t.photo.notAnImage, { photo: t.photo.notAnImage }),
  unsupported_type: () => new AppError('UNSUPPORTED_MEDIA_TYPE', t.photo.wrongType, { photo: t.photo.wrongType }),
  too_many_pixels: () => new AppError('VALIDATION', t.photo.tooManyPixels, { photo: t.photo.tooManyPixels }),
};

export async function decode(input: Buffer): Promise<ProcessedPhoto> {
  try {
    return await processPhoto(input);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw REJECTIONS[err.reason]();
    throw err;
  }
}

export async function removeFiles(deps: AvatarDeps, base: string): Promise<void> {
  for (const size of PHOTO_SIZE_NAMES) {
    await deps.storage.delete(photoSizeKey(base, size)).catch((err: unknown) => deps.log.warn({ err, base }, 'could not delete photo file'));
  }
}

/**
 * Replaces the person's profile photo: decode and re-encode (no metadata survives), store
 * every size, then in one transaction insert the photo row, point the user at it and delete
 * the previous avatar's row; the previous files go once that has committed. A photo id is
 * never reused, so each URL can be cached forever.
 */
export async function replaceAvatar(deps: AvatarDeps, userId: string, upload: Buffer): Promise<{ photoId: string }> {
  const processed = await decode(upload);
  const photoId = randomUUID();
  const base = photoBaseKey(photoId);
  try {
    for (const size of PHOTO_SIZE_NAMES) await deps.storage.put(photoSizeKey(base, size), processed[size].data, processed.mime);
  } catch (err) {
    await removeFiles(deps, base);
    throw err;
  }

  let previous: string | undefined;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const user = await lockCurrentAvatar(tx, userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      const { lg } = processed;
      await insertAvatarPhoto(tx, { id: photoId, ownerId: userId, storageKey: base, mime: processed.mime, width: lg.width, height: lg.height, bytes: lg.data.length });
      await setAvatar(tx, userId, photoId);
      return user.avatarPhotoId ? deleteOwnPhoto(tx, userId, user.avatarPhotoId) : undefined;
    });
  } catch (err) {
    await removeFiles(deps, base);
    throw err;
  }
  if (previous) await removeFiles(deps, previous);
  return { photoId };
}

/** Back to the default avatar. */
export async function removeAvatar(deps: AvatarDeps, userId: string): Promise<void> {
  const previous = await deps.db.transaction(async (tx) => {
    const user = await lockCurrentAvatar(tx, userId);
    if (!user?.avatarPhotoId) return undefined;
    await setAvatar(tx, userId, null);
    return deleteOwnPhoto(tx, userId, user.avatarPhotoId);
  });
  if (previous) await removeFiles(deps, previous);
}
