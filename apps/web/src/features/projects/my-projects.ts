import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { MyProject } from '@arreglaya/shared/schemas/projects';
import { api } from '@/lib/api.ts';
import { projectKeys, removeProject } from './project.ts';

// Mis proyectos (/perfil/proyectos): the client's projects, filtered by status, and deleting
// or cancelling one.

export const fetchMyProjects = (status: ProjectStatus | null, signal?: AbortSignal) =>
  api.get<{ items: MyProject[]; total: number }>(status ? `/api/me/projects?status=${encodeURIComponent(status)}` : '/api/me/projects', signal);

export const myProjectsQuery = (userId: string, status: ProjectStatus | null) =>
  queryOptions({ queryKey: projectKeys.mine(userId, status), queryFn: ({ signal }) => fetchMyProjects(status, signal) });

export function useMyProjects(userId: string | null, status: ProjectStatus | null) {
  return useQuery({ ...myProjectsQuery(userId ?? '', status), enabled: userId !== null, placeholderData: keepPreviousData });
}

/** Deletes a project nobody answered, or cancels one with offers (the API decides which). */
export function useRemoveProject(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => removeProject(projectId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(userId) }),
  });
}
