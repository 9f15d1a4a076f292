import { AppError } from '../../lib/app-error.ts';
import { removeFiles, storeUpload, type PhotoDeps } from '../media/photo-files.ts';
import { deleteOwnPhoto, insertAvatarPhoto, lockCurrentAvatar, setAvatar } from './avatar.repository.ts';

export type AvatarDeps = PhotoDeps;

/**
 * Replaces the person's profile photo (stored as every photo is), and in the same transaction
 * points the user at it and deletes the previous avatar's row; the previous files go once
 * that has committed.
 */
export async function replaceAvatar(deps: AvatarDeps, userId: string, upload: Buffer): Promise<{ photoId: string }> {
  const { photoId, previous } = await storeUpload(deps, userId, upload, async (tx, photo) => {
    const user = await lockCurrentAvatar(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    await insertAvatarPhoto(tx, photo);
    await setAvatar(tx, userId, photo.id);
    return { photoId: photo.id, previous: user.avatarPhotoId ? await deleteOwnPhoto(tx, userId, user.avatarPhotoId) : undefined };
  });
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
