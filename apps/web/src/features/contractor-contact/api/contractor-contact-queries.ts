import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ContactContractorInput } from '@arreglaya/shared/schemas/directory';
import { contactKeys, fetchContactContext, sendServiceRequest } from './contractor-contact-api.ts';

// Contacting a contractor: the dialog's query (options and hook) and its mutation, in one place.

/** The signed-in client's open projects, offered in the contact dialog. */
export const contactContextQuery = (clientId: string, contractorId: string) =>
  queryOptions({ queryKey: contactKeys.context(clientId, contractorId), queryFn: ({ signal }) => fetchContactContext(contractorId, signal), staleTime: 30_000 });

export function useContactContext(clientId: string, contractorId: string) {
  return useQuery(contactContextQuery(clientId, contractorId));
}

export function useSendServiceRequest(contractorId: string) {
  return useMutation({ mutationFn: (body: ContactContractorInput) => sendServiceRequest(contractorId, body) });
}
