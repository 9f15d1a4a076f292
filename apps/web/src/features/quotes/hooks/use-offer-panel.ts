import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UploadProgress } from '@/lib/upload.ts';
import { addDeliveryPhoto, answerCounter, changeStatus, fetchMyOffers, quoteKeys, sendQuote, withdrawQuote } from '../api/quotes-api.ts';
import type { QuoteData } from '../offer-form.ts';

/** The contractor's own offers on a project and every action of the panel; each refreshes what it changes. */
export function useOfferPanel(userId: string | null, projectId: string) {
  const queryClient = useQueryClient();
  const offers = useQuery({
    queryKey: quoteKeys.onProject(userId ?? '', projectId),
    queryFn: ({ signal }) => fetchMyOffers(projectId, signal),
    enabled: userId !== null,
  });
  // The project page's own query (whatever its key) names the project's id: refresh it too. Awaited
  // (TanStack Query waits for a returned promise): the action is over, and its button usable again,
  // only once the page shows its result, so a second tap cannot send it again (issue 31).
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quoteKeys.all(userId ?? '') }),
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey.some((part) => part === projectId) }),
    ]);
  return {
    offers,
    send: useMutation({ mutationFn: (body: QuoteData) => sendQuote(projectId, body), onSuccess }),
    withdraw: useMutation({ mutationFn: (quoteId: string) => withdrawQuote(quoteId), onSuccess }),
    answer: useMutation({ mutationFn: ({ quoteId, accept }: { quoteId: string; accept: boolean }) => answerCounter(quoteId, accept), onSuccess }),
    status: useMutation({ mutationFn: ({ to, note }: { to: 'in_progress' | 'delivered'; note?: string }) => changeStatus(projectId, to, note), onSuccess }),
    photo: useMutation({ mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => addDeliveryPhoto(projectId, file, onProgress), onSuccess }),
  };
}
