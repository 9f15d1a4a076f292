import { useQuery } from '@tanstack/react-query';
import { favouriteKeys, fetchFavouriteIds } from '../api/favourites-api.ts';

/** The signed-in client's favourite contractor ids (one small request for every heart on a page). */
export function useFavouriteIds(clientId: string | null) {
  return useQuery({
    queryKey: favouriteKeys.ids(clientId ?? ''),
    queryFn: ({ signal }) => fetchFavouriteIds(signal),
    enabled: clientId !== null,
    staleTime: 60_000,
  });
}
