import { useMutation, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteLinkSchema } from '@arreglaya/shared/schemas/quotes';
import type { z } from 'zod';
import { api } from '@/lib/api.ts';

// The page the new-offer mail's buttons open (/oferta/confirmar/:token): the GET shows what the
// link would do and changes nothing; the POST confirms it. The token is the authority.

export type QuoteLink = z.infer<typeof QuoteLinkSchema>;

/** The link, or its 404 (used, expired, unknown) as an ApiError with the API's Spanish message. */
export const fetchQuoteLink = (token: string, signal?: AbortSignal) => api.get<QuoteLink>(`/api/quote-links/${encodeURIComponent(token)}`, signal);

export function useQuoteLink(token: string) {
  return useQuery({
    queryKey: ['quote-link', token],
    queryFn: ({ signal }) => fetchQuoteLink(token, signal),
    // A used link must not come back from the cache.
    gcTime: 0,
    staleTime: Infinity,
  });
}

export function useConfirmQuoteLink(token: string) {
  return useMutation({
    mutationFn: (comment: string | undefined) => api.post<{ message: string; quote: Quote }>(`/api/quote-links/${encodeURIComponent(token)}`, comment ? { comment } : {}),
  });
}
