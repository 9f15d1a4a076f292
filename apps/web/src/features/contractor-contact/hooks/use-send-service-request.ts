import { useMutation } from '@tanstack/react-query';
import type { ContactContractorInput } from '@arreglaya/shared/schemas/directory';
import { sendServiceRequest } from '../api/contractor-contact-api.ts';

export function useSendServiceRequest(contractorId: string) {
  return useMutation({ mutationFn: (body: ContactContractorInput) => sendServiceRequest(contractorId, body) });
}
