import type { Campaign, CampaignAudience, CampaignInput } from '@arreglaya/shared/schemas/campaigns';
import { api } from '@/lib/api.ts';

// The console's "Ofertas especiales" (decision 041).

export const campaignKeys = {
  list: ['admin', 'campaigns'] as const,
  audience: (a: CampaignAudience) => ['admin', 'campaigns', 'audience', [...a.roles].sort().join(','), [...a.countries].sort().join(',')] as const,
};

export const fetchCampaigns = (signal?: AbortSignal) => api.get<{ items: Campaign[] }>('/api/admin/campaigns', signal).then((r) => r.items);
export const fetchAudience = (a: CampaignAudience, signal?: AbortSignal) =>
  api
    .get<{ count: number }>(`/api/admin/campaigns/audience?${new URLSearchParams({ roles: a.roles.join(','), countries: a.countries.join(',') }).toString()}`, signal)
    .then((r) => r.count);
export const createCampaign = (input: CampaignInput) => api.post<Campaign>('/api/admin/campaigns', input);
export const updateCampaign = (id: string, input: CampaignInput) => api.put<Campaign>(`/api/admin/campaigns/${id}`, input);
export const sendCampaign = (id: string) => api.post<{ message: string }>(`/api/admin/campaigns/${id}/send`, {});
