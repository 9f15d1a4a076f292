import { useQuery } from '@tanstack/react-query';
import { contactKeys, fetchContactContext } from '../api/contractor-contact-api.ts';

/** The signed-in client's open projects, offered in the contact dialog. */
export function useContactContext(clientId: string, contractorId: string) {
  return useQuery({
    queryKey: contactKeys.context(clientId, contractorId),
    queryFn: ({ signal }) => fetchContactContext(contractorId, signal),
    staleTime: 30_000,
  });
}
