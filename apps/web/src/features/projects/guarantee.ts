import { useQuery } from '@tanstack/react-query';
import type { ProjectClaim } from '@arreglaya/shared/schemas/claims';
import { api } from '@/lib/api.ts';
import { projectKeys } from './project.ts';

// The guarantee's claim on a project (decision 054): its deadlines, and the contractor's answer.

export const claimKey = (userId: string, projectId: string) => [...projectKeys.all(userId), 'claim', projectId] as const;

export const fetchProjectClaim = (projectId: string, signal?: AbortSignal) => api.get<ProjectClaim>(`/api/projects/${encodeURIComponent(projectId)}/claim`, signal);

export const answerClaim = (projectId: string, answer: string) => api.post<ProjectClaim>(`/api/projects/${encodeURIComponent(projectId)}/claim/answer`, { answer });

/** The claim and its window; fetched only where the page has one to show (`enabled`). */
export function useProjectClaim(userId: string, projectId: string, enabled: boolean) {
  return useQuery({ queryKey: claimKey(userId, projectId), queryFn: ({ signal }) => fetchProjectClaim(projectId, signal), enabled });
}
