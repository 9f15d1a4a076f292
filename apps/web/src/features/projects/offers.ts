import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer, OFFER_SORTS, Quote } from '@arreglaya/shared/schemas/quotes';
import { api } from '@/lib/api.ts';
import { projectKeys } from './project.ts';

// The offers of one project as its client compares them, and the client's decisions on them:
// counter-offer, accept, reject.

export type OfferSort = (typeof OFFER_SORTS)[number];

export const fetchOffers = (projectId: string, sort: OfferSort, signal?: AbortSignal) =>
  api.get<{ items: Offer[] }>(`/api/projects/${encodeURIComponent(projectId)}/quotes?sort=${sort}`, signal).then((r) => r.items);

export const offersQuery = (userId: string, projectId: string, sort: OfferSort) =>
  queryOptions({ queryKey: projectKeys.offers(userId, projectId, sort), queryFn: ({ signal }) => fetchOffers(projectId, sort, signal) });

export function useOffers(userId: string, projectId: string, sort: OfferSort, enabled: boolean) {
  return useQuery({ ...offersQuery(userId, projectId, sort), enabled });
}

type Saved = { message: string; quote: Quote };

export type OfferDecision = { kind: 'accept' } | { kind: 'reject'; comment?: string } | { kind: 'counter'; priceMinor: number; comment?: string };

export function sendDecision(quoteId: string, decision: OfferDecision): Promise<Saved> {
  const id = encodeURIComponent(quoteId);
  if (decision.kind === 'accept') return api.post<Saved>(`/api/quotes/${id}/accept`, {});
  if (decision.kind === 'reject') return api.post<Saved>(`/api/quotes/${id}/reject`, decision.comment ? { comment: decision.comment } : {});
  return api.post<Saved>(`/api/quotes/${id}/counter`, decision.comment ? { priceMinor: decision.priceMinor, comment: decision.comment } : { priceMinor: decision.priceMinor });
}

/** A decision on one offer; the project, its offers and Mis proyectos are read again afterwards (also after a 409). */
export function useOfferDecision(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, decision }: { quoteId: string; decision: OfferDecision }) => sendDecision(quoteId, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all(userId) }),
  });
}
