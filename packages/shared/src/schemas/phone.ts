import { z } from 'zod';
import { messaging } from '../i18n/messaging.ts';

// Phone numbers verified for WhatsApp and SMS (issue 32, item 4; decision 040). One schema for the
// form (/perfil/notificaciones) and the API (/api/me/phone).

/** The Dominican Republic's area codes (North American Numbering Plan, country code 1). */
export const DOMINICAN_AREA_CODES = ['809', '829', '849'] as const;

/** The channels a number is verified for. */
export const PHONE_CHANNELS = ['whatsapp', 'sms'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];

/** How WhatsApp consent was given or taken back (decision 061): the person's settings, a message (ALTA, BAJA/STOP), the provider's refusal. */
export const CONSENT_SOURCES = ['settings', 'message', 'provider'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Digits of a verification code. */
export const PHONE_CODE_LENGTH = 6;
/** Seconds between two codes sent to one person (the form's countdown). */
export const PHONE_RESEND_SECONDS = 60;

/**
 * A Dominican number as people write it, in E.164 (+1XXXXXXXXXX), or null: 809/829/849 with or
 * without +1 or 1, with spaces, dashes, dots or parentheses. The exchange (the three digits after
 * the area code) starts with 2–9, as the numbering plan requires.
 */
export function normalizeDominicanPhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (plus || digits.length !== 10) return null;
  if (!(DOMINICAN_AREA_CODES as readonly string[]).includes(digits.slice(0, 3)) || !/^[2-9]/.test(digits.slice(3))) return null;
  return `+1${digits}`;
}

export const PhoneNumberField = z
  .string({ error: messaging.phone.invalidNumber })
  .max(30, messaging.phone.invalidNumber)
  .transform((value, ctx) => {
    const e164 = normalizeDominicanPhone(value);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: messaging.phone.invalidNumber });
      return z.NEVER;
    }
    return e164;
  });

export const PhoneChannelField = z.enum(PHONE_CHANNELS, { error: messaging.phone.invalidChannel });

/** POST /api/me/phone: the number and the channel its code goes by. */
export const AddPhoneSchema = z.object({ number: PhoneNumberField, channel: PhoneChannelField });
export type AddPhoneInput = z.input<typeof AddPhoneSchema>;

/** POST /api/me/phone/verify. */
export const VerifyPhoneSchema = z.object({
  code: z
    .string({ error: messaging.phone.invalidCode })
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), messaging.phone.invalidCode),
});
export type VerifyPhoneInput = z.input<typeof VerifyPhoneSchema>;

/** `undeliverable`: the provider said the number cannot receive on this channel (WhatsApp 131026); confirming it again clears it. */
const ChannelStateSchema = z.object({ verified: z.boolean(), optedOut: z.boolean(), undeliverable: z.boolean() });

/** GET /api/me/phone: the person's number, its channels, and the code waiting to be confirmed. */
export const PhoneStatusSchema = z.object({
  /** E.164, or null when the person has none. */
  number: z.string().nullable(),
  channels: z.object({ whatsapp: ChannelStateSchema, sms: ChannelStateSchema }),
  pending: z
    .object({
      number: z.string(),
      channel: PhoneChannelField,
      expiresAt: z.string(),
      /** When another code may be asked for (the form's countdown). */
      resendAt: z.string(),
    })
    .nullable(),
});
export type PhoneStatus = z.infer<typeof PhoneStatusSchema>;

export const PhoneStatusSavedSchema = z.object({ message: z.string(), phone: PhoneStatusSchema });
