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

/** The id of the data block the server puts in /contractors/:id (see the server's web-app plugin). */
const PAGE_DATA_ID = 'page-data';

/**
 * The contractor page the server embedded in the HTML of /contractors/:id, if it is about `id`
 * (undefined otherwise). Read once: the block is removed, so a later visit asks the API.
 */
export function takeEmbeddedContractor(id: string): ContractorPublicProfile | null | undefined {
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block) return undefined;
  try {
    const data = JSON.parse(block.textContent ?? '') as { id?: unknown; profile?: ContractorPublicProfile | null };
    if (typeof data.id !== 'string' || data.id.toLowerCase() !== id.toLowerCase()) return undefined;
    block.remove();
    return data.profile ?? null;
  } catch {
    block.remove();
    return undefined;
  }
}
