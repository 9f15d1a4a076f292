import type { PortfolioEntry } from '@arreglaya/shared/schemas/portfolio';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deletePhotoRows } from './projects.repository.ts';
import { photos, portfolioEntries, portfolioPhotos } from '../../db/schema/index.ts';
import type { StoredPhoto } from '../media/photo-files.ts';

type EntryValues = { title: string; description: string; services: (typeof portfolioEntries.$inferInsert)['serviceTypes']; completedOn: string };

export async function insertEntry(tx: DbOrTx, contractorId: string, v: EntryValues): Promise<string> {
  const [row] = await tx
    .insert(portfolioEntries)
    .values({ contractorId, title: v.title, description: v.description, serviceTypes: v.services, completedOn: v.completedOn })
    .returning({ id: portfolioEntries.id });
  return row!.id;
}

/** The contractor's own entry, locked; undefined for anyone else's. */
export async function lockOwnEntry(tx: DbOrTx, contractorId: string, id: string) {
  const [row] = await tx
    .select({ id: portfolioEntries.id })
    .from(portfolioEntries)
    .where(and(eq(portfolioEntries.id, id), eq(portfolioEntries.contractorId, contractorId)))
    .for('update');
  return row;
}

export async function updateEntry(tx: DbOrTx, id: string, v: EntryValues): Promise<void> {
  await tx.update(portfolioEntries).set({ title: v.title, description: v.description, serviceTypes: v.services, completedOn: v.completedOn }).where(eq(portfolioEntries.id, id));
}

/** Deletes an entry and its photos' rows; returns their storage keys. */
export async function deleteEntry(tx: DbOrTx, id: string): Promise<string[]> {
  const rows = await tx
    .select({ id: photos.id, storageKey: photos.storageKey })
    .from(portfolioPhotos)
    .innerJoin(photos, eq(photos.id, portfolioPhotos.photoId))
    .where(eq(portfolioPhotos.entryId, id));
  await tx.delete(portfolioEntries).where(eq(portfolioEntries.id, id));
  return deletePhotoRows(tx, rows);
}

export async function countEntries(tx: DbOrTx, contractorId: string): Promise<number> {
  return tx.$count(portfolioEntries, eq(portfolioEntries.contractorId, contractorId));
}

export async function addEntryPhoto(tx: DbOrTx, entryId: string, photo: StoredPhoto): Promise<number> {
  const count = await tx.$count(portfolioPhotos, eq(portfolioPhotos.entryId, entryId));
  await tx.insert(photos).values({ ...photo, kind: 'project' });
  await tx.insert(portfolioPhotos).values({ entryId, photoId: photo.id, position: count });
  if (count === 0) await tx.update(portfolioEntries).set({ coverPhotoId: photo.id }).where(eq(portfolioEntries.id, entryId));
  return count;
}

/** A contractor's portfolio, the most recent work first, with each entry's photos in order. */
export async function listEntries(db: DbOrTx, contractorId: string, id?: string): Promise<PortfolioEntry[]> {
  const entries = await db
    .select()
    .from(portfolioEntries)
    .where(and(eq(portfolioEntries.contractorId, contractorId), id ? eq(portfolioEntries.id, id) : undefined))
    .orderBy(desc(portfolioEntries.completedOn), desc(portfolioEntries.createdAt))
    .limit(100);
  if (entries.length === 0) return [];
  const links = await db
    .select({ entryId: portfolioPhotos.entryId, id: portfolioPhotos.photoId, position: portfolioPhotos.position })
    .from(portfolioPhotos)
    .where(
      inArray(
        portfolioPhotos.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(portfolioPhotos.position));
  return entries.map((e) => ({
    id: e.id,
    title: e.title,
    description: e.description,
    services: e.serviceTypes,
    completedOn: e.completedOn,
    coverPhotoId: e.coverPhotoId,
    photos: links.filter((l) => l.entryId === e.id).map((l) => ({ id: l.id, position: l.position })),
  }));
}
