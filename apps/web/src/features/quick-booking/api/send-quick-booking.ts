import type { ContactCreated } from '@arreglaya/shared/schemas/contact';
import type { QuickBooking } from '@arreglaya/shared/schemas/quick-booking';
import { api } from '@/lib/api.ts';

export function sendQuickBooking(input: QuickBooking): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/quick-bookings', input);
}
