import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getContractor, takeEmbeddedContractor } from '../api/directory-api.ts';

/**
 * A contractor's public page. On the first load of /contractors/:id the server already put the
 * page's data in the HTML: it renders from that at once, without asking the API again.
 */
export function useContractor(id: string) {
  // Taken once per mounted page (a state initialiser runs once).
  const [embedded] = useState(() => ({ id, data: takeEmbeddedContractor(id), at: Date.now() }));
  const initial = embedded.id === id ? embedded.data : undefined;
  return useQuery({
    queryKey: ['directory', 'contractor', id.toLowerCase()],
    queryFn: ({ signal }) => getContractor(id, signal),
    ...(initial !== undefined ? { initialData: initial, initialDataUpdatedAt: embedded.at } : {}),
  });
}
