import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { photos } from '../../db/schema/index.ts';

/** Where a photo is stored and what kind it is, or undefined for an unknown id. */
export function findPhoto(db: DbOrTx, id: string) {
  return db.query.photos.findFirst({ where: eq(photos.id, id), columns: { storageKey: true, kind: true } });
}
