import type { ContactCreated } from '@arreglaya/shared/schemas/contact';
import type { StoreApplication } from '@arreglaya/shared/schemas/store-application';
import { api } from '@/lib/api.ts';

export function sendStoreApplication(input: StoreApplication): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/store-applications', input);
}
