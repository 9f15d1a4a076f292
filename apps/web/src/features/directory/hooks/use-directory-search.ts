import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';
import { searchContractors } from '../api/directory-api.ts';
import { writeSearch } from '../search-params.ts';

/** The cache key of one page of results (the server renders /busqueda with it filled in, prerender/entry-server.tsx). */
export function directorySearchKey(search: DirectorySearch) {
  return ['directory', 'search', writeSearch(search).toString()] as const;
}

/** One page of results; the previous page stays on screen while the next one loads. */
export function useDirectorySearch(search: DirectorySearch) {
  return useQuery({
    queryKey: directorySearchKey(search),
    queryFn: ({ signal }) => searchContractors(search, signal),
    placeholderData: keepPreviousData,
  });
}
