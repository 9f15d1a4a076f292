import { z } from 'zod';
import { validation } from '../i18n/common.ts';
import { siteValidation } from '../i18n/site-forms.ts';
import { plainText, requiredText } from './common.ts';
import { isPlausiblePhone } from './public-forms-common.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Refer a friend (spec §3: name and phone-or-email; §5: both inputs required). One field
 * takes either; the server stores it as e-mail or phone, and mails the friend when it is an e-mail.
 */
export const ReferralSchema = z.object({
  name: requiredText(100),
  contact: plainText(
    z
      .string({ error: validation.required })
      .trim()
      .min(1, { error: validation.required })
      .max(254, { error: validation.tooLong(254) }),
  ).refine((v) => (v.includes('@') ? EMAIL_SHAPE.test(v) : isPlausiblePhone(v)), { error: siteValidation.invalidEmailOrPhone }),
});
export type ReferralInput = z.input<typeof ReferralSchema>;
export type Referral = z.output<typeof ReferralSchema>;

/** Splits the one contact field into what the referrals table stores. */
export function splitReferralContact(contact: string): { email: string | null; phone: string | null } {
  return contact.includes('@') ? { email: contact.toLowerCase(), phone: null } : { email: null, phone: contact };
}
