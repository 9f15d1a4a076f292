import type { z } from 'zod';
import type { ContactCreated } from '@arreglaya/shared/schemas/contact';
import type { QuickBookingSchema } from '@arreglaya/shared/schemas/quick-booking';
import { api } from '@/lib/api.ts';

export function sendQuickBooking(input: z.input<typeof QuickBookingSchema>): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/quick-bookings', input);
}
