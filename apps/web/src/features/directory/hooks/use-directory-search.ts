import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';
import { searchContractors } from '../api/directory-api.ts';
import { writeSearch } from '../search-params.ts';

/** One page of results; the previous page stays on screen while the next one loads. */
export function useDirectorySearch(search: DirectorySearch) {
  return useQuery({
    queryKey: ['directory', 'search', writeSearch(search).toString()],
    queryFn: ({ signal }) => searchContractors(search, signal),
    placeholderData: keepPreviousData,
  });
}
