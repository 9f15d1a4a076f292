import { renderTemplate, WHATSAPP_TEMPLATE_CATALOGUE } from '@arreglaya/shared/i18n/messaging';
import { parseJson, unanswered, type HttpTransport, type Messenger, type MessengerFailure, type MessengerResult } from './messenger.ts';

// SMS through a Twilio-shaped Messages resource: POST {url}/2010-04-01/Accounts/{sid}/Messages.json,
// form-encoded To, From, Body, StatusCallback, Basic auth (sid:token); errors as {code, message, status}.

/** The header a create request repeats to be created once (the stand-in honours it as Twilio does). */
export const TWILIO_IDEMPOTENCY_HEADER = 'i-twilio-idempotency-token';

export interface SmsSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Where the provider posts each message's status (our /api/webhooks/sms/status). */
  statusCallback: string;
}

const CARRIER_REASONS: Record<number, string> = {
  30003: 'unreachable destination handset',
  30005: 'unknown destination handset',
  30007: 'message filtered by the carrier',
};

/** Twilio's error codes, as a SendResult needs them (decision 040 has the table). */
export function mapSmsError(status: number, error: { code?: number; message?: string } | undefined): MessengerFailure {
  const code = error?.code;
  const reason = `${code ?? status} ${(code !== undefined && CARRIER_REASONS[code]) || error?.message || `HTTP ${status}`}`;
  switch (code) {
    case 21211: // invalid To
    case 21614: // not a mobile number
      return { ok: false, kind: 'addressGone', code, reason };
    case 21610: // the person replied STOP
      return { ok: false, kind: 'optedOut', code, reason };
    case 20429: // too many requests
      return { ok: false, kind: 'retryable', code, reason };
    default:
      // 30003, 30005, 30007 (carrier) and the rest: failed with the reason.
      return { ok: false, kind: status >= 500 || status === 429 ? 'retryable' : 'rejected', ...(code === undefined ? {} : { code }), reason };
  }
}

export class TwilioSmsClient implements Messenger {
  readonly channel = 'sms' as const;
  constructor(
    private readonly settings: SmsSettings,
    private readonly transport: HttpTransport,
  ) {}

  /** SMS has no templates: the catalogue's text of the WhatsApp template, filled in. */
  sendTemplate(to: string, templateName: string, _language: 'es', params: readonly string[], idempotencyKey: string): Promise<MessengerResult> {
    const template = WHATSAPP_TEMPLATE_CATALOGUE.get(templateName);
    if (!template) return Promise.resolve({ ok: false, kind: 'rejected', reason: `unknown template ${templateName}` });
    return this.sendText(to, renderTemplate(template, params), idempotencyKey);
  }

  async sendText(to: string, text: string, idempotencyKey?: string): Promise<MessengerResult> {
    const { apiUrl, accountSid, authToken, from, statusCallback } = this.settings;
    let res: { status: number; body: string };
    try {
      res = await this.transport({
        method: 'POST',
        url: `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          // Twilio's idempotency header: a repeat with the same token creates no second message.
          ...(idempotencyKey === undefined ? {} : { [TWILIO_IDEMPOTENCY_HEADER]: idempotencyKey }),
        },
        body: new URLSearchParams({ To: to, From: from, Body: text, StatusCallback: statusCallback }).toString(),
      });
    } catch (err) {
      return unanswered(err);
    }
    const json = parseJson(res.body) as { sid?: string; code?: number; message?: string } | undefined;
    if (res.status >= 200 && res.status < 300 && typeof json?.sid === 'string') return { ok: true, providerMessageId: json.sid };
    return mapSmsError(res.status, json);
  }
}
