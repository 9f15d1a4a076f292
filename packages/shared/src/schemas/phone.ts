import { z } from 'zod';
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY, type CountryCode } from '../countries.ts';
import { validation } from '../i18n/common.ts';
import { messaging } from '../i18n/messaging.ts';

// Phone numbers verified for WhatsApp and SMS (issue 32, item 4; decision 040). One schema for the
// form (/perfil/notificaciones) and the API (/api/me/phone).

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
 * The mobile numbers each country's people are reached on (national significant number, 10
 * digits in all three): DR 809/829/849 with an exchange 2–9; Colombia's mobiles 3xx xxx xxxx and
 * its landlines 60x xxx xxxx (SMS only reaches the former; the provider says so, decision 061);
 * Mexico's 10 digits, never starting with 0 or 1 (55 1234 5678).
 */
const NATIONAL_NUMBER: Record<CountryCode, RegExp> = {
  DO: /^(809|829|849)[2-9]\d{6}$/,
  CO: /^(3\d{9}|60[1-8]\d{7})$/,
  MX: /^[2-9]\d{9}$/,
};

/**
 * A number of one of the three countries as people write it, in E.164 (+1…, +57…, +52…), or null.
 * Written with a "+" (or the dialling code's digits in front), it is read as that country's;
 * without, as a number of `country` (the person's). Spaces, dashes, dots, brackets allowed. A
 * Mexican mobile written the old way (+52 1 55 …) loses the 1, as Mexico dropped it in 2019.
 */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_COUNTRY): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const plus = trimmed.startsWith('+');
  const digits = trimmed.replace(/\D/g, '');
  const tryCountry = (code: CountryCode): string | null => {
    const dial = COUNTRIES[code].dialCode.replace(/\D/g, '');
    let national: string | null = null;
    if (digits.startsWith(dial) && digits.length === dial.length + 10) national = digits.slice(dial.length);
    else if (code === 'MX' && digits.startsWith('521') && digits.length === 13) national = digits.slice(3);
    else if (!plus && code === country && digits.length === 10) national = digits;
    return national !== null && NATIONAL_NUMBER[code].test(national) ? `+${dial}${national}` : null;
  };
  const order = [country, ...COUNTRY_CODES.filter((c) => c !== country)];
  for (const code of order) {
    const e164 = tryCountry(code);
    if (e164) return e164;
  }
  return null;
}

/** A Dominican number in E.164, or null (normalizePhone for a person in the Dominican Republic, and only DR numbers). */
export function normalizeDominicanPhone(input: string): string | null {
  const e164 = normalizePhone(input, 'DO');
  return e164?.startsWith('+1') ? e164 : null;
}

/** The number's field for a person of `country`: stored in E.164; the message gives the country's example. */
export function phoneNumberField(country: CountryCode = DEFAULT_COUNTRY) {
  const message = messaging.phone.invalidNumberFor(COUNTRIES[country].name, COUNTRIES[country].phoneExample);
  return z
    .string({ error: message })
    .max(30, message)
    .transform((value, ctx) => {
      const e164 = normalizePhone(value, country);
      if (e164 === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return e164;
    });
}

export const PhoneNumberField = phoneNumberField();

export const PhoneChannelField = z.enum(PHONE_CHANNELS, { error: messaging.phone.invalidChannel });

/**
 * POST /api/me/phone: the number and the channel its code goes by, and the person's country
 * (their profile's; it only says how a number written without its "+" is read, decision 065).
 */
export const AddPhoneSchema = z
  .object({
    number: z.string({ error: messaging.phone.invalidNumber }).max(30, messaging.phone.invalidNumber),
    channel: PhoneChannelField,
    country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional(),
  })
  .transform((value, ctx) => {
    const country = value.country ?? DEFAULT_COUNTRY;
    const number = phoneNumberField(country).safeParse(value.number);
    if (!number.success) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: number.error.issues[0]!.message });
      return z.NEVER;
    }
    return { number: number.data, channel: value.channel };
  });
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
