import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioInput } from '@arreglaya/shared/schemas/portfolio';
import type { UploadProgress } from '@/lib/upload.ts';
import { addEntryPhoto, createEntry, deleteEntry, fetchMyPortfolio, fetchPublicPortfolio, portfolioKeys, updateEntry } from '../api/portfolio-api.ts';

/** The signed-in contractor's portfolio and its changes; each change refreshes the list and the public section. */
export function useMyPortfolio(userId: string | null) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: portfolioKeys.mine(userId ?? ''), queryFn: ({ signal }) => fetchMyPortfolio(signal), enabled: userId !== null });
  // Awaited: an action ends once the list shows its result (one tap, one action; issue 31).
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['portfolio'] });
  return {
    list,
    create: useMutation({ mutationFn: (body: PortfolioInput) => createEntry(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: PortfolioInput }) => updateEntry(id, body), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => deleteEntry(id), onSuccess }),
    photo: useMutation({ mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress?: UploadProgress }) => addEntryPhoto(id, file, onProgress), onSuccess }),
  };
}

export function usePublicPortfolio(contractorId: string) {
  return useQuery({ queryKey: portfolioKeys.public(contractorId), queryFn: ({ signal }) => fetchPublicPortfolio(contractorId, signal) });
}
