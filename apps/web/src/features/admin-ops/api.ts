import type { InboxStatus, JobQueueName } from '@arreglaya/shared/domain';
import type { AdminClaim, ClaimConversation, FlaggedProfile, InboxKind, InboxPage, JobQueues, LogTrailPage, Report, SubscriberPage } from '@arreglaya/shared/schemas/admin-ops';
import type { ClaimDecision } from '@arreglaya/shared/schemas/payments';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { api, apiRequest } from '@/lib/api.ts';

// The console's operations pages (claims, inboxes, moderation, log trail): one query key root
// per page so a write refreshes only what it changed.

export const adminOpsKeys = {
  claims: ['admin', 'claims'] as const,
  project: (projectId: string) => ['admin', 'claims', projectId, 'project'] as const,
  conversation: (projectId: string) => ['admin', 'claims', projectId, 'conversation'] as const,
  inbox: (kind: InboxKind, status: InboxStatus | '', page: number) => ['admin', 'inbox', kind, status, page] as const,
  inboxAll: ['admin', 'inbox'] as const,
  newsletter: (page: number) => ['admin', 'newsletter', page] as const,
  reports: ['admin', 'reports'] as const,
  flagged: ['admin', 'flagged'] as const,
  log: (query: string) => ['admin', 'log', query] as const,
  jobs: ['admin', 'jobs'] as const,
};

export const fetchClaims = (signal?: AbortSignal) => api.get<{ items: AdminClaim[] }>('/api/admin/claims', signal).then((r) => r.items);
/** The claimed project as a sysadmin sees it (GET /api/projects/:id: photos, delivery photos, money). */
export const fetchClaimProject = (projectId: string, signal?: AbortSignal) => api.get<ProjectDetail>(`/api/projects/${encodeURIComponent(projectId)}`, signal);
export const photoUrl = (photoId: string, size: 'sm' | 'md' | 'lg') => `/api/photos/${photoId}/${size}`;
export const fetchClaimConversation = (projectId: string, signal?: AbortSignal) => api.get<ClaimConversation>(`/api/admin/claims/${projectId}/conversation`, signal);

/** The decision (POST /api/admin/projects/:id/decision) with an idempotency key kept for retries of the same form. */
export const decideClaim = (projectId: string, decision: ClaimDecision, key: string) =>
  apiRequest<{ message: string; status: string; released: number; refunded: number }>(`/api/admin/projects/${projectId}/decision`, {
    method: 'POST',
    body: decision,
    headers: { 'idempotency-key': key },
  });

export function fetchInbox(kind: InboxKind, status: InboxStatus | '', page: number, signal?: AbortSignal) {
  const q = new URLSearchParams({ page: String(page) });
  if (status) q.set('status', status);
  return api.get<InboxPage>(`/api/admin/inbox/${kind}?${q.toString()}`, signal);
}
export const replyToItem = (id: string, reply: string) => api.post<{ message: string }>(`/api/admin/inbox/items/${id}/reply`, { reply });
export const closeItem = (id: string) => api.post<{ message: string }>(`/api/admin/inbox/items/${id}/close`, {});
export const fetchSubscribers = (page: number, signal?: AbortSignal) => api.get<SubscriberPage>(`/api/admin/newsletter?page=${page}`, signal);

export const fetchReports = (signal?: AbortSignal) => api.get<{ items: Report[] }>('/api/admin/reports', signal).then((r) => r.items);
export const decideReport = (id: string, action: 'dismiss' | 'act') => api.post<{ message: string }>(`/api/admin/reports/${id}/decision`, { action });
export const fetchFlagged = (signal?: AbortSignal) => api.get<{ items: FlaggedProfile[] }>('/api/admin/moderation/flagged', signal).then((r) => r.items);

export const fetchLog = (query: string, signal?: AbortSignal) => api.get<LogTrailPage>(`/api/admin/log-trail?${query}`, signal);

export const fetchJobs = (signal?: AbortSignal) => api.get<JobQueues>('/api/admin/jobs', signal);
export const retryJob = (queue: JobQueueName, id: string) => api.post<{ message: string }>(`/api/admin/jobs/${queue}/${id}/retry`, {});
