import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@arreglaya/shared/domain';
import { adminKeys, fetchOverview, fetchPeople, fetchPerson } from './admin-api.ts';

export const overviewQuery = queryOptions({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => fetchOverview(signal), staleTime: 30_000 });

export const peopleQuery = (q: string, role: Role | undefined, page: number) =>
  queryOptions({ queryKey: adminKeys.people(q, role, page), queryFn: ({ signal }) => fetchPeople({ q, role, page }, signal) });

export const personQuery = (id: string) => queryOptions({ queryKey: adminKeys.person(id), queryFn: ({ signal }) => fetchPerson(id, signal) });

export function useOverview() {
  return useQuery(overviewQuery);
}

export function usePeople(q: string, role: Role | undefined, page: number) {
  // A new search keeps the old rows on screen until the new ones arrive.
  return useQuery({ ...peopleQuery(q, role, page), placeholderData: keepPreviousData });
}

export function usePerson(id: string) {
  return useQuery(personQuery(id));
}
