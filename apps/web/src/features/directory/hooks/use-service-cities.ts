import { useQuery } from '@tanstack/react-query';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { api } from '@/lib/api.ts';

/** The cache key of the services and cities with contractors (the server renders /servicios/… with it filled in). */
export const SERVICE_CITIES_KEY = ['directory', 'service-cities'] as const;

/** Every service and city with listed contractors, their count and rating (decision 044). */
export function useServiceCities() {
  return useQuery({
    queryKey: SERVICE_CITIES_KEY,
    queryFn: ({ signal }) => api.get<ServiceCityStats>('/api/contractors/service-cities', signal),
  });
}
