import type { ContractorPublicProfile, DirectoryPage, DirectorySearch } from '@arreglaya/shared/schemas/directory';
import { api, ApiError } from '@/lib/api.ts';
import { writeSearch } from '../search-params.ts';

export function searchContractors(search: DirectorySearch, signal?: AbortSignal): Promise<DirectoryPage> {
  const query = writeSearch(search).toString();
  return api.get<DirectoryPage>(query ? `/api/contractors?${query}` : '/api/contractors', signal);
}

/** A contractor's public page; null when there is no such (listed) contractor. */
export async function getContractor(id: string, signal?: AbortSignal): Promise<ContractorPublicProfile | null> {
  try {
    return await api.get<ContractorPublicProfile>(`/api/contractors/${encodeURIComponent(id)}`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
