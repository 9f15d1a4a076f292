import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { PHOTO_SIZE_NAMES, photoBaseKey, photoSizeKey, type PhotoStorage } from '../media/photo-storage.ts';
import { decode, removeFiles } from '../profiles/avatar.service.ts';

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

/**
 * Decodes and re-encodes an upload as the avatar is (decision 012: no metadata survives),
 * stores every size under a new id, then records it with `link` in one transaction. If the
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
