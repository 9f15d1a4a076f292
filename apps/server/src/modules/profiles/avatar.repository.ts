import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { photos, users } from '../../db/schema/index.ts';

export interface NewPhotoRow {
  id: string;
  ownerId: string;
  storageKey: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

/** Locks the user row (two uploads at once must not both keep their photo) and reads its avatar. */
export async function lockCurrentAvatar(tx: DbOrTx, userId: string): Promise<{ avatarPhotoId: string | null } | undefined> {
  const [row] = await tx.select({ avatarPhotoId: users.avatarPhotoId }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function insertAvatarPhoto(tx: DbOrTx, photo: NewPhotoRow): Promise<void> {
  await tx.insert(photos).values({ ...photo, kind: 'avatar' });
}

export async function setAvatar(tx: DbOrTx, userId: string, photoId: string | null): Promise<void> {
  await tx.update(users).set({ avatarPhotoId: photoId }).where(eq(users.id, userId));
}

/** Deletes one of the person's own photos; returns its storage key when there was one. */
export async function deleteOwnPhoto(tx: DbOrTx, userId: string, photoId: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.ownerId, userId)))
    .returning({ storageKey: photos.storageKey });
  return row?.storageKey;
}
