import type { ContactCreated } from '@arreglaya/shared/schemas/contact';
import type { Referral } from '@arreglaya/shared/schemas/referral';
import { api } from '@/lib/api.ts';

export function sendReferral(input: Referral): Promise<ContactCreated> {
  return api.post<ContactCreated>('/api/referrals', input);
}
