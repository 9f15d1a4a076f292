import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceType } from '@arreglaya/shared/domain';
import { favouriteKeys, fetchFavourites } from '../api/favourites-api.ts';

/** The signed-in client's favourite contractors as cards, optionally only one service. */
export function useFavourites(clientId: string | null, service: ServiceType | null) {
  return useQuery({
    queryKey: favouriteKeys.list(clientId ?? '', service),
    queryFn: ({ signal }) => fetchFavourites(service, signal),
    enabled: clientId !== null,
    // Changing the filter keeps the old cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
