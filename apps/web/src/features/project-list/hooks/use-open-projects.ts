import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';
import { fetchOpenProjects } from '../api/project-list-api.ts';
import { writeProjectSearch } from '../search-params.ts';

/** One page of open projects for the signed-in contractor; the previous page stays while the next loads. */
export function useOpenProjects(userId: string | null, search: OpenProjectsQuery) {
  return useQuery({
    queryKey: ['projects', 'open', userId ?? '', writeProjectSearch(search).toString()],
    queryFn: ({ signal }) => fetchOpenProjects(search, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}
