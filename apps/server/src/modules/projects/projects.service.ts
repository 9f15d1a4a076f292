import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { clientNextAction, type ProjectStatus } from '@arreglaya/shared/lifecycles';
import { PROJECT_PHOTOS_MAX, type MyProject, type ProjectData, type ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { logProjectAction, tile, type ProjectsDeps } from './project-deps.ts';
import { removeFiles, storeUpload } from '../media/photo-files.ts';
import { openProjectsChanged } from './open-projects-cache.ts';
import { assertProjectAction, lockForAction, moveProject, type Actor } from './project-lifecycle.ts';
import {
  countConversations,
  countQuotes,
  deleteProject,
  deleteProjectPhoto,
  findProject,
  insertProject,
  insertProjectPhoto,
  listPhotos,
  updateProject,
  writePhotoOrder,
  type ProjectRow,
  type SealedAddress,
} from './projects.repository.ts';
import { listClientProjects } from './project-lists.repository.ts';
import { rejectOpenQuotesOf } from './quote-decisions.service.ts';

import { getProject } from './project-page.service.ts';

// A client's own projects: created, edited, removed, listed, and their photos.

// ---- The client's own projects ----

/** The job's address sealed for storage (decision 049): it is personal data like a cédula (decision 010). */
function sealAddress(cipher: DataCipher, data: ProjectData): SealedAddress {
  return { streetEnc: cipher.seal(data.street), referenceEnc: data.reference ? cipher.seal(data.reference) : null };
}

/** A new project in the caller's transaction (an invitation's job, decision 064); the caller tells the open list after the commit. */
export async function createProjectIn(tx: Tx, deps: Pick<ProjectsDeps, 'cipher'>, actor: Actor, data: ProjectData): Promise<string> {
  const projectId = await insertProject(tx, actor.id, data, sealAddress(deps.cipher, data));
  await logProjectAction(tx, actor, 'project-created', projectId);
  return projectId;
}

export async function createProject(deps: ProjectsDeps, actor: Actor, data: ProjectData): Promise<ProjectDetail> {
  const id = await deps.db.transaction((tx) => createProjectIn(tx, deps, actor, data));
  openProjectsChanged(deps.db, [id]);
  // One job, after the commit; a lost send leaves the project to the daily digest (decision 036).
  await deps.alertNewProject?.(id).catch((err: unknown) => deps.log.warn({ err, projectId: id }, 'project alerts not sent (the digest will carry the project)'));
  return getProject(deps, actor, id);
}

export async function editProject(deps: ProjectsDeps, actor: Actor, projectId: string, data: ProjectData): Promise<ProjectDetail> {
  await deps.db.transaction(async (tx) => {
    await lockForAction(tx, projectId, 'edit', actor);
    await updateProject(tx, projectId, data, sealAddress(deps.cipher, data));
    await logProjectAction(tx, actor, 'project-updated', projectId);
  });
  openProjectsChanged(deps.db, [projectId]);
  return getProject(deps, actor, projectId);
}

/**
 * Mis proyectos' delete: a project nobody has answered (no quote, no conversation) is deleted
 * with its photos; once it has offers it is cancelled instead, so the contractors' quotes and
 * messages keep their project. Only an open project.
 */
export async function removeProject(deps: ProjectsDeps, actor: Actor, projectId: string): Promise<'deleted' | 'cancelled'> {
  const result = await deps.db.transaction(async (tx) => {
    const project = await lockForAction(tx, projectId, 'cancel', actor);
    if ((await countQuotes(tx, projectId)) === 0 && (await countConversations(tx, projectId)) === 0) {
      await logProjectAction(tx, actor, 'project-deleted', projectId);
      return { outcome: 'deleted' as const, keys: await deleteProject(tx, projectId) };
    }
    await cancelLocked(tx, deps, actor, project);
    return { outcome: 'cancelled' as const, keys: [] };
  });
  openProjectsChanged(deps.db, [projectId]);
  for (const key of result.keys) await removeFiles(deps, key);
  deps.mailer.kick();
  return result.outcome;
}

/** An open project cancelled: its open offers are closed as rejected (their contractors are told). */
async function cancelLocked(tx: Tx, deps: ProjectsDeps, actor: Actor, project: ProjectRow): Promise<void> {
  await moveProject(tx, project, 'cancel');
  await rejectOpenQuotesOf(tx, deps, project);
  await logProjectAction(tx, actor, 'project-cancelled', project.id);
}

/**
 * Cancels an open, unhired project in the caller's transaction, as Mis proyectos' cancel does (an
 * invitation cancelled by its client, decision 071); the caller tells the open list and kicks the
 * mailer after the commit. 403/409 as the project's own cancel.
 */
export async function cancelOpenProjectIn(tx: Tx, deps: ProjectsDeps, actor: Actor, projectId: string): Promise<void> {
  const project = await lockForAction(tx, projectId, 'cancel', actor);
  await cancelLocked(tx, deps, actor, project);
}

export async function listMyProjects(deps: ProjectsDeps, clientId: string, status: ProjectStatus | undefined): Promise<MyProject[]> {
  const rows = await listClientProjects(deps.db, clientId, status);
  return rows.map((r) => ({ ...tile(r), nextAction: clientNextAction(r.status, r.offers) }));
}

// ---- Photos (decision 012: decoded, re-encoded, no metadata; the first is the main one) ----

/**
 * Adds a photo: to the request by its client while it is open (the first is the main one), or
 * with `delivery` a photo of the finished work by the hired contractor while it is in progress.
 */
export async function addPhoto(deps: ProjectsDeps, actor: Actor, projectId: string, upload: Buffer, delivery = false) {
  const action = delivery ? 'add_delivery_photo' : 'edit';
  // Check before the costly decode; checked again under the lock.
  const before = await findProject(deps.db, projectId);
  if (!before) throw new AppError('NOT_FOUND', tp.notFound);
  assertProjectAction(before, action, actor);
  const photos = await storeUpload(deps, actor.id, upload, async (tx, photo) => {
    await lockForAction(tx, projectId, action, actor);
    const current = await listPhotos(tx, projectId, delivery);
    if (current.length >= PROJECT_PHOTOS_MAX) {
      const message = tp.tooManyPhotos(PROJECT_PHOTOS_MAX);
      throw new AppError('CONFLICT', message, { photo: message });
    }
    const position = current.length === 0 ? 0 : Math.max(...current.map((p) => p.position)) + 1;
    await insertProjectPhoto(tx, photo, projectId, position, delivery);
    const ids = [...current.map((p) => p.id), photo.id];
    if (!delivery) await writePhotoOrder(tx, projectId, ids);
    return ids.map((id, i) => ({ id, position: i }));
  });
  openProjectsChanged(deps.db, [projectId]);
  return photos;
}

export async function removePhoto(deps: ProjectsDeps, actor: Actor, projectId: string, photoId: string) {
  const { key, photos } = await deps.db.transaction(async (tx) => {
    await lockForAction(tx, projectId, 'edit', actor);
    const removed = await deleteProjectPhoto(tx, projectId, photoId);
    if (!removed) throw new AppError('NOT_FOUND');
    const ids = (await listPhotos(tx, projectId)).map((p) => p.id);
    await writePhotoOrder(tx, projectId, ids);
    return { key: removed, photos: ids.map((id, i) => ({ id, position: i })) };
  });
  openProjectsChanged(deps.db, [projectId]);
  await removeFiles(deps, key);
  return photos;
}

/** A new order for exactly the project's photos; the first becomes the main one. */
export async function reorderPhotos(deps: ProjectsDeps, actor: Actor, projectId: string, photoIds: string[]) {
  const photos = await deps.db.transaction(async (tx) => {
    await lockForAction(tx, projectId, 'edit', actor);
    const current = new Set((await listPhotos(tx, projectId)).map((p) => p.id));
    if (photoIds.length !== current.size || new Set(photoIds).size !== photoIds.length || !photoIds.every((id) => current.has(id))) {
      throw new AppError('VALIDATION', tp.photoOrderMismatch, { photoIds: tp.photoOrderMismatch });
    }
    await writePhotoOrder(tx, projectId, photoIds);
    return photoIds.map((id, i) => ({ id, position: i }));
  });
  openProjectsChanged(deps.db, [projectId]);
  return photos;
}
