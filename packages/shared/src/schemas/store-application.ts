import { z } from 'zod';
import { isValidCedula, normalizeCedula } from '../cedula.ts';
import { BANK_ACCOUNT_TYPES, SERVICE_TYPES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { siteValidation } from '../i18n/site-forms.ts';
import { choice, emailField, optionalText, requiredText } from './common.ts';
import { phoneField } from './public-forms-common.ts';

export const STORE_COMMENTS_MAX = 1000;

/** Dominican bank account numbers run from 6 to 20 digits; dashes and spaces are dropped. */
const accountNumber = z
  .string({ error: validation.required })
  .trim()
  .min(1, { error: validation.required })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{6,20}$/.test(v), { error: siteValidation.invalidAccountNumber });

/** The hardware-store partnership form (spec §3 contact-us store form) on /comoferreterias. */
export const StoreApplicationSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  cedula: z
    .string({ error: validation.required })
    .trim()
    .min(1, { error: validation.required })
    .refine(isValidCedula, { error: siteValidation.invalidCedula })
    .transform((v) => normalizeCedula(v)!),
  address: requiredText(200),
  phone: phoneField(),
  email: emailField(),
  serviceTypes: z.array(choice(SERVICE_TYPES), { error: siteValidation.chooseAtLeastOne }).min(1, { error: siteValidation.chooseAtLeastOne }),
  bank: requiredText(100),
  accountType: choice(BANK_ACCOUNT_TYPES),
  accountNumber,
  comments: optionalText(STORE_COMMENTS_MAX, { multiline: true }),
});
export type StoreApplicationInput = z.input<typeof StoreApplicationSchema>;
export type StoreApplication = z.output<typeof StoreApplicationSchema>;
