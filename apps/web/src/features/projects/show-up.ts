import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { ShowUpState } from '@arreglaya/shared/schemas/show-up';
import { api } from '@/lib/api.ts';

// The arrival at the job (decision 057): what the project's client or hired contractor may do now,
// as the server's clock says, and the moves. Not under projectKeys.all: a move that ends the hire
// refreshes the project, and a refetch of the arrival by the contractor no longer hired would be a
// 404. Keyed by the project's version instead (its status, money held and last change): a new
// version of the project reads the arrival again, only while the viewer is still one of its two.

export const showUpKeys = {
  all: (userId: string) => ['show-up', userId] as const,
  of: (userId: string, projectId: string, version: string) => [...showUpKeys.all(userId), projectId, version] as const,
};

/** What, in the project, changes what the arrival allows. */
export const showUpVersion = (p: ProjectDetail) => `${p.status}:${p.money?.heldMinor ?? 0}:${p.updatedAt}`;

export const showUpQuery = (userId: string, p: ProjectDetail) =>
  queryOptions({
    queryKey: showUpKeys.of(userId, p.id, showUpVersion(p)),
    queryFn: ({ signal }) => api.get<ShowUpState>(`/api/projects/${encodeURIComponent(p.id)}/show-up`, signal),
  });

export function useShowUp(userId: string, project: ProjectDetail, enabled: boolean) {
  return useQuery({ ...showUpQuery(userId, project), enabled });
}

const at = (projectId: string, path: string) => `/api/projects/${encodeURIComponent(projectId)}/${path}`;

/** "Llegué". */
export const markArrival = (projectId: string) => api.post<{ message: string; status: ProjectStatus }>(at(projectId, 'arrival'), undefined);
/** "Confirmar llegada" (true) or "No llegó" (false). */
export const answerArrival = (projectId: string, arrived: boolean) => api.post<{ message: string; status: ProjectStatus }>(at(projectId, 'arrival/answer'), { arrived });
