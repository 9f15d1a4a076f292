import type { CountryCode } from '@arreglaya/shared/countries';
import type { ServiceCounts } from '@arreglaya/shared/schemas/site';
import { api } from '@/lib/api.ts';

/** The listed contractors of each service in the visitor's country (decision 066). */
export function getServiceCounts(country: CountryCode, signal?: AbortSignal): Promise<ServiceCounts> {
  return api.get<ServiceCounts>(`/api/services/counts?country=${country}`, signal);
}
