import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ShowUpState } from '@arreglaya/shared/schemas/show-up';
import { api } from '@/lib/api.ts';
import { projectKeys } from './project.ts';

// The arrival at the job (decision 057): what the project's client or hired contractor may do now,
// as the server's clock says, and the moves. Keyed under the project, so a move refreshes both.

export const showUpKey = (userId: string, projectId: string) => [...projectKeys.all(userId), 'show-up', projectId] as const;

export const showUpQuery = (userId: string, projectId: string) =>
  queryOptions({ queryKey: showUpKey(userId, projectId), queryFn: ({ signal }) => api.get<ShowUpState>(`/api/projects/${encodeURIComponent(projectId)}/show-up`, signal) });

export function useShowUp(userId: string, projectId: string, enabled: boolean) {
  return useQuery({ ...showUpQuery(userId, projectId), enabled });
}

const at = (projectId: string, path: string) => `/api/projects/${encodeURIComponent(projectId)}/${path}`;

/** "Llegué". */
export const markArrival = (projectId: string) => api.post<{ message: string; status: ProjectStatus }>(at(projectId, 'arrival'), undefined);
/** "Confirmar llegada" (true) or "No llegó" (false). */
export const answerArrival = (projectId: string, arrived: boolean) => api.post<{ message: string; status: ProjectStatus }>(at(projectId, 'arrival/answer'), { arrived });
