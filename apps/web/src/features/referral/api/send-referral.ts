import type { z } from 'zod';
import type { ContactCreated } from '@arreglaya/shared/schemas/contact';
import type { ReferralSchema } from '@arreglaya/shared/schemas/referral';
import { api } from '@/lib/api.ts';

export function sendReferral(input: z.input<typeof ReferralSchema>): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/referrals', input);
}
