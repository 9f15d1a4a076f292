import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectData, ProjectDetail, ProjectInput } from '@arreglaya/shared/schemas/projects';
import { ApiError, api } from '@/lib/api.ts';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { SESSION_QUERY_KEY, type Session } from '@/lib/session-user.ts';
import { uploadPhotoTo, type UploadProgress } from '@/lib/upload.ts';

// One project: the page (/proyectos/:id), saving the form (/nuevoproyecto), its photos and the
// status moves after hiring. Cache keys carry the viewer's id, so another person signing in
// never sees this cache.

type ProjectPhoto = ProjectDetail['photos'][number];

export const projectKeys = {
  all: (userId: string) => ['projects', userId] as const,
  detail: (userId: string, id: string) => ['projects', userId, 'detail', id] as const,
  mine: (userId: string, status: ProjectStatus | null) => ['projects', userId, 'mine', status ?? 'all'] as const,
  offers: (userId: string, id: string, sort: string) => ['projects', userId, 'offers', id, sort] as const,
};

/** A photo's URL in one of the stored sizes (sm 96 px, md 320 px, lg up to 960 px). */
export const projectPhotoUrl = (photoId: string, size: 'sm' | 'md' | 'lg' = 'md') => `/api/photos/${photoId}/${size}`;

/**
 * GET /api/projects/:id; null when the API says 404 (gone, or not for this viewer). While the
 * session counts unread notices it asks the page to mark the viewer's notices about the project
 * read (`?notices=read`, decision 031); otherwise the page costs the server nothing more.
 */
export async function fetchProject(id: string, signal?: AbortSignal): Promise<ProjectDetail | null> {
  const unread = appQueryClient.getQueryData<Session>(SESSION_QUERY_KEY)?.user?.unreadNotices ?? 0;
  try {
    return await api.get<ProjectDetail>(`/api/projects/${encodeURIComponent(id)}${unread > 0 ? '?notices=read' : ''}`, signal);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION')) return null;
    throw error;
  }
}

export const projectQuery = (userId: string, id: string) =>
  queryOptions({ queryKey: projectKeys.detail(userId, id), queryFn: ({ signal }) => fetchProject(id, signal), enabled: userId !== '' });

export function useProject(userId: string | null, id: string | null) {
  return useQuery({ ...projectQuery(userId ?? '', id ?? ''), enabled: userId !== null && id !== null });
}

export const createProject = (body: ProjectInput | ProjectData) => api.post<{ message: string; project: ProjectDetail }>('/api/projects', body);
export const updateProject = (id: string, body: ProjectInput | ProjectData) =>
  api.put<{ message: string; project: ProjectDetail }>(`/api/projects/${encodeURIComponent(id)}`, body);
export const removeProject = (id: string) => api.delete<{ message: string; outcome: 'deleted' | 'cancelled' }>(`/api/projects/${encodeURIComponent(id)}`);

/** POST /api/projects/:id/photos (multipart, with its progress); failures are the app's ApiError. */
export const uploadProjectPhoto = (projectId: string, file: File, onProgress?: UploadProgress) =>
  uploadPhotoTo<{ message: string; photos: ProjectPhoto[] }>(`/api/projects/${encodeURIComponent(projectId)}/photos`, file, onProgress);

export const removeProjectPhoto = (projectId: string, photoId: string) =>
  api.delete<{ message: string; photos: ProjectPhoto[] }>(`/api/projects/${encodeURIComponent(projectId)}/photos/${encodeURIComponent(photoId)}`);
export const reorderProjectPhotos = (projectId: string, photoIds: string[]) =>
  api.put<{ message: string; photos: ProjectPhoto[] }>(`/api/projects/${encodeURIComponent(projectId)}/photos/order`, { photoIds });

/**
 * A photo of the form: one already stored, or a file chosen now (uploaded when the project is
 * saved), with its upload's progress (0 to 1, null when not sending) and its failure, if any.
 */
export type PhotoItem = { kind: 'stored'; id: string } | { kind: 'new'; key: string; file: File; preview: string; progress: number | null; error: string | null };

let nextKey = 1;

/** A file chosen now, as the form lists it until it is uploaded. */
export function newPhotoItem(file: File): PhotoItem {
  return { kind: 'new', key: `new-${nextKey++}`, file, preview: URL.createObjectURL(file), progress: null, error: null };
}

/** What syncPhotos reports about each new photo as it goes (the form shows it on that photo). */
export interface PhotoEvents {
  progress: (key: string, fraction: number) => void;
  failed: (key: string, message: string) => void;
  stored: (key: string, photoId: string) => void;
}

/**
 * Makes the project's stored photos match the form's list: removes the ones taken out, uploads
 * the new ones in order (each reporting its progress, failure or stored id through `events`), then
 * puts them in the form's order. Returns the messages of uploads that failed (the project itself
 * is saved).
 */
export async function syncPhotos(projectId: string, stored: readonly string[], wanted: readonly PhotoItem[], events?: PhotoEvents): Promise<string[]> {
  const failures: string[] = [];
  const keep = new Set(wanted.filter((p) => p.kind === 'stored').map((p) => p.id));
  for (const id of stored) if (!keep.has(id)) await removeProjectPhoto(projectId, id);
  const order: string[] = [];
  let current: string[] = stored.filter((id) => keep.has(id));
  for (const item of wanted) {
    if (item.kind === 'stored') {
      order.push(item.id);
      continue;
    }
    try {
      const { photos } = await uploadProjectPhoto(projectId, item.file, (fraction) => events?.progress(item.key, fraction));
      const added = photos.map((p) => p.id).find((id) => !current.includes(id));
      current = photos.map((p) => p.id);
      if (added) {
        order.push(added);
        events?.stored(item.key, added);
      }
    } catch (error) {
      const message = error instanceof ApiError ? error.message : apiErrors.INTERNAL;
      failures.push(`${item.file.name}: ${message}`);
      events?.failed(item.key, message);
    }
  }
  const sameOrder = order.length === current.length && order.every((id, i) => id === current[i]);
  if (order.length > 0 && order.length === current.length && !sameOrder) await reorderProjectPhotos(projectId, order);
  return failures;
}

export const changeProjectStatus = (id: string, status: 'completado' | 'disputed', note?: string) =>
  api.post<{ message: string; status: ProjectStatus }>(`/api/projects/${encodeURIComponent(id)}/status`, note ? { status, note } : { status });

/** The client's moves after delivery (approve, claim): refresh the page and the lists. */
export function useChangeStatus(userId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, note }: { status: 'completado' | 'disputed'; note?: string }) => changeProjectStatus(projectId, status, note),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(userId) }),
  });
}

/** Ends a hire before anything is funded (the client cancels it, the hired contractor withdraws); the project reopens to offers. */
export const endHire = (id: string, reason: string) => api.post<{ message: string; status: ProjectStatus }>(`/api/projects/${encodeURIComponent(id)}/end-hire`, { reason });
