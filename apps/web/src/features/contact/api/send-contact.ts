import type { Contact, ContactCreated } from '@arreglaya/shared/schemas/contact';
import { api } from '@/lib/api.ts';

export function sendContact(input: Contact): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/contact', input);
}
