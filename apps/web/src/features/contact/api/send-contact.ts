import type { z } from 'zod';
import type { ContactCreated, ContactSchema } from '@arreglaya/shared/schemas/contact';
import { api } from '@/lib/api.ts';

export function sendContact(input: z.input<typeof ContactSchema>): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/contact', input);
}
