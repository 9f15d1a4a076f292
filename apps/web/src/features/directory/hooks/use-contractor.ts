import { useQuery } from '@tanstack/react-query';
import { getContractor } from '../api/directory-api.ts';

/** The cache key of a contractor's public page (the server renders /contractors/:id with it filled in, prerender/entry-server.tsx). */
export function contractorKey(id: string) {
  return ['directory', 'contractor', id.toLowerCase()] as const;
}

/**
 * A contractor's public page (null: no such listed contractor). On the first load of
 * /contractors/:id the server rendered the page and sent its data in the query cache it
 * dehydrated (main.tsx hydrates the cache first): it renders from that at once.
 */
export function useContractor(id: string) {
  return useQuery({
    queryKey: contractorKey(id),
    queryFn: ({ signal }) => getContractor(id, signal),
  });
}
