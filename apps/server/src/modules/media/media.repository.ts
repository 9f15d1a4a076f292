import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { photos, projectPhotos, projects } from '../../db/schema/index.ts';
import type { PhotoProject } from './photo-access.ts';

/**
 * Where a photo is stored, what kind it is and, for a project's photo, what deciding who may see it
 * needs (photo-access.ts); undefined for an unknown id.
 */
export async function findPhoto(db: DbOrTx, id: string): Promise<{ storageKey: string; kind: string; project: PhotoProject | null } | undefined> {
  const [row] = await db
    .select({
      storageKey: photos.storageKey,
      kind: photos.kind,
      status: projects.status,
      clientId: projects.clientId,
      contractorId: projects.contractorId,
      disputedAt: projects.disputedAt,
      delivery: projectPhotos.delivery,
    })
    .from(photos)
    .leftJoin(projectPhotos, eq(projectPhotos.photoId, photos.id))
    .leftJoin(projects, eq(projects.id, projectPhotos.projectId))
    .where(eq(photos.id, id))
    .limit(1);
  if (!row) return undefined;
  const { storageKey, kind, status, clientId, contractorId, disputedAt, delivery } = row;
  return { storageKey, kind, project: status === null || clientId === null ? null : { status, clientId, contractorId, disputedAt, delivery: delivery === true } };
}
