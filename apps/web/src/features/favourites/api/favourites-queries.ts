import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceType } from '@arreglaya/shared/domain';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { favouriteKeys, fetchFavouriteIds, fetchFavourites, setFavourite } from './favourites-api.ts';

// The favourites' queries (options, for hooks and route loaders alike) and hooks, in one place.

/** The signed-in client's favourite contractor ids (one small request for every heart on a page). */
export const favouriteIdsQuery = (clientId: string) =>
  queryOptions({ queryKey: favouriteKeys.ids(clientId), queryFn: ({ signal }) => fetchFavouriteIds(signal), staleTime: 60_000 });

/** The signed-in client's favourite contractors as cards, optionally only one service. */
export const favouritesQuery = (clientId: string, service: ServiceType | null) =>
  queryOptions({ queryKey: favouriteKeys.list(clientId, service), queryFn: ({ signal }) => fetchFavourites(service, signal) });

export function useFavouriteIds(clientId: string | null) {
  return useQuery({ ...favouriteIdsQuery(clientId ?? ''), enabled: clientId !== null });
}

export function useFavourites(clientId: string | null, service: ServiceType | null) {
  return useQuery({
    ...favouritesQuery(clientId ?? '', service),
    enabled: clientId !== null,
    // Changing the filter keeps the old cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

interface Toggle {
  contractorId: string;
  favourite: boolean;
}

/**
 * Adds or removes a favourite optimistically: the heart changes at once, goes back if the
 * server refuses (with its message), and the lists are refreshed afterwards. Calls for one
 * contractor run in order, so a quick add-then-remove ends removed.
 */
export function useToggleFavourite(clientId: string, contractorId: string) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const idsKey = favouriteKeys.ids(clientId);
  return useMutation({
    scope: { id: `favourite:${contractorId}` },
    mutationFn: ({ contractorId, favourite }: Toggle) => setFavourite(contractorId, favourite),
    onMutate: async ({ contractorId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: idsKey });
      const previous = queryClient.getQueryData<string[]>(idsKey);
      queryClient.setQueryData<string[]>(idsKey, (ids = []) => {
        const others = ids.filter((id) => id !== contractorId);
        return favourite ? [contractorId, ...others] : others;
      });
      return { previous };
    },
    onError: (error, _toggle, context) => {
      queryClient.setQueryData(idsKey, context?.previous);
      messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all(clientId) }),
  });
}
