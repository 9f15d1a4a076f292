import type { ServiceType } from '@arreglaya/shared/domain';
import type { FavouriteIds, FavouriteState, FavouritesList } from '@arreglaya/shared/schemas/directory';
import { api } from '@/lib/api.ts';

/** Cache keys carry the client's id, so a different person signing in never sees these. */
export const favouriteKeys = {
  all: (userId: string) => ['favourites', userId] as const,
  ids: (userId: string) => ['favourites', userId, 'ids'] as const,
  list: (userId: string, service: ServiceType | null) => ['favourites', userId, 'list', service ?? 'all'] as const,
};

export const fetchFavouriteIds = (signal?: AbortSignal) => api.get<FavouriteIds>('/api/me/favourites/ids', signal).then((r) => r.ids);

export const fetchFavourites = (service: ServiceType | null, signal?: AbortSignal) =>
  api.get<FavouritesList>(service ? `/api/me/favourites?service=${encodeURIComponent(service)}` : '/api/me/favourites', signal);

export const setFavourite = (contractorId: string, favourite: boolean) =>
  favourite
    ? api.put<FavouriteState>(`/api/me/favourites/${encodeURIComponent(contractorId)}`, undefined)
    : api.delete<FavouriteState>(`/api/me/favourites/${encodeURIComponent(contractorId)}`);
