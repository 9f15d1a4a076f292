import { OUTSIDE_CHANNELS } from '@arreglaya/shared/notification-channels';
import { z } from 'zod';
import { optionalNonEmpty, providerUrl } from './env-values.ts';

// The settings of the outside channels (decision 038): dry runs, Web Push, WhatsApp, SMS and the phone codes' limits.

export const WHATSAPP_VARS = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
export const SMS_VARS = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;

export const CHANNEL_SETTINGS = {
  /** Outside channels sent nowhere: everyone reachable, every delivery recorded as sent (staging, bench:alerts; decision 038). */
  NOTIFICATION_DRY_RUN_CHANNELS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(OUTSIDE_CHANNELS))),
  /**
   * Web Push's VAPID key pair (decision 039), base64url: a P-256 public key (65 bytes) and its
   * private key (32 bytes), both or neither. Without them a pair is generated at the first start
   * and kept in app_settings. VAPID_SUBJECT is the contact push services see (mailto: or https:).
   */
  VAPID_PUBLIC_KEY: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key (65 bytes) in base64url')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key (32 bytes) in base64url')
      .optional(),
  ),
  VAPID_SUBJECT: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
      .optional(),
  ),
  /**
   * The tests' or a developer's local push service (issue 48): its origin (http(s)://host:port),
   * admitted as a subscription's endpoint beside the browsers' push services and sent to without
   * the public-address check. Refused in production.
   */
  PUSH_TEST_SERVICE: optionalNonEmpty.pipe(
    z
      .string()
      .refine((v) => {
        try {
          const url = new URL(v);
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === v;
        } catch {
          return false;
        }
      }, 'must be an origin, like http://127.0.0.1:4000 (no path, no trailing slash)')
      .optional(),
  ),
  /**
   * WhatsApp (decision 040): Meta's Graph API address (https://graph.facebook.com) or `sandbox`, the
   * built-in stand-in (the default outside production; production must choose: unset, WhatsApp is off).
   */
  WHATSAPP_API_URL: providerUrl,
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: optionalNonEmpty,
  WHATSAPP_ACCESS_TOKEN: optionalNonEmpty,
  WHATSAPP_APP_SECRET: optionalNonEmpty,
  WHATSAPP_VERIFY_TOKEN: optionalNonEmpty,
  /** SMS (decision 040): a Twilio-shaped API's address (https://api.twilio.com) or `sandbox`, as WHATSAPP_API_URL. */
  SMS_API_URL: providerUrl,
  SMS_ACCOUNT_SID: optionalNonEmpty,
  SMS_AUTH_TOKEN: optionalNonEmpty,
  SMS_FROM: optionalNonEmpty,
  /**
   * Phone verification codes (WhatsApp, SMS) one client address may have sent per hour, and all
   * of them together per hour, besides the limits per person and per number (issue 48). Each code
   * costs money and reaches a stranger's phone. Defaults 10 and 500 (PHONE_CODE_LIMITS in
   * modules/messaging/phone.service.ts).
   */
  PHONE_CODES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).optional(),
  PHONE_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
};
