import type { z } from 'zod';
import type { ContactCreated } from '@arreglaya/shared/schemas/contact';
import type { StoreApplicationSchema } from '@arreglaya/shared/schemas/store-application';
import { api } from '@/lib/api.ts';

export function sendStoreApplication(input: z.input<typeof StoreApplicationSchema>): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/store-applications', input);
}
