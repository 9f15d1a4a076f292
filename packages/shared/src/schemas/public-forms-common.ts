import { z } from 'zod';
import { validation } from '../i18n/common.ts';

// A phone as people type it in DO, CO and MX: digits with optional +, spaces, dashes,
// dots or brackets; 7 to 15 digits (E.164's maximum). Stored as typed, trimmed.
const PHONE_CHARS = /^\+?[\d\s().-]+$/;

export function isPlausiblePhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return PHONE_CHARS.test(value) && digits.length >= 7 && digits.length <= 15;
}

export function phoneField() {
  return z
    .string({ error: validation.required })
    .trim()
    .min(1, { error: validation.required })
    .max(30, { error: validation.tooLong(30) })
    .refine(isPlausiblePhone, { error: validation.invalidPhone });
}

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
