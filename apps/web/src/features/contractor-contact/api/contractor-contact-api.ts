import type { z } from 'zod';
import type { ContactContext, ContactContractorSchema, ContactContractorSent } from '@arreglaya/shared/schemas/directory';
import { api } from '@/lib/api.ts';

export const contactKeys = {
  context: (userId: string, contractorId: string) => ['contractor-contact', userId, contractorId] as const,
};

export const fetchContactContext = (contractorId: string, signal?: AbortSignal) =>
  api.get<ContactContext>(`/api/contractors/${encodeURIComponent(contractorId)}/contact-context`, signal);

export const sendServiceRequest = (contractorId: string, body: z.input<typeof ContactContractorSchema>) =>
  api.post<ContactContractorSent>(`/api/contractors/${encodeURIComponent(contractorId)}/contact`, body);
