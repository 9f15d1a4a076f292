import { createHmac, timingSafeEqual } from 'node:crypto';

// How WhatsApp and Twilio sign their webhooks; the stand-ins sign with these and our webhooks check
// with them, so both sides follow one definition.

/** Meta: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw body with the app secret. */
export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Twilio: X-Twilio-Signature = base64 HMAC-SHA1 of the URL followed by each parameter's name and value, names sorted. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Constant-time comparison of a received signature with the expected one. */
export function sameSignature(received: string | string[] | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
