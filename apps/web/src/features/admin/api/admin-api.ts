import type { AdminOverview, AdminPeoplePage, AdminPeopleQuery, AdminPerson, BanInput, CreateSysadminInput, VerifyInput } from '@arreglaya/shared/schemas/admin-console';
import { api } from '@/lib/api.ts';

// The sysadmin console's API (docs/decisions/025-sysadmin-console.md).

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => ['admin', 'overview'] as const,
  people: (q: string, role: string | undefined, page: number) => ['admin', 'people', q, role ?? '', page] as const,
  person: (id: string) => ['admin', 'person', id] as const,
};

export function fetchOverview(signal?: AbortSignal) {
  return api.get<AdminOverview>('/api/admin/overview', signal);
}

export function fetchPeople(query: AdminPeopleQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.role) params.set('role', query.role);
  if (query.page && query.page !== 1) params.set('page', String(query.page));
  const search = params.toString();
  return api.get<AdminPeoplePage>(`/api/admin/people${search ? `?${search}` : ''}`, signal);
}

export function fetchPerson(id: string, signal?: AbortSignal) {
  return api.get<AdminPerson>(`/api/admin/people/${encodeURIComponent(id)}`, signal);
}

const personUrl = (id: string, action: string) => `/api/admin/people/${encodeURIComponent(id)}/${action}`;

export const adminActions = {
  ban: (id: string, input: BanInput) => api.post<{ ok: true }>(personUrl(id, 'ban'), input),
  unban: (id: string) => api.post<{ ok: true }>(personUrl(id, 'unban'), {}),
  verify: (id: string, input: VerifyInput) => api.post<{ ok: true }>(personUrl(id, 'verified'), input),
  feature: (id: string, featured: boolean) => api.post<{ ok: true }>(personUrl(id, 'featured'), { featured }),
  resendCode: (id: string) => api.post<{ ok: true }>(personUrl(id, 'confirmation-code'), {}),
  createSysadmin: (input: CreateSysadminInput) => api.post<{ id: string; created: boolean }>('/api/admin/sysadmins', input),
};
