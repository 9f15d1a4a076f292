import { parseJson, unanswered, type HttpTransport, type Messenger, type MessengerFailure, type MessengerResult } from './messenger.ts';

// WhatsApp Business Cloud API (Meta's Graph API): POST {url}/{version}/{phone-number-id}/messages
// with a Bearer token; errors as {error:{code, message, error_data}}.

export interface WhatsAppSettings {
  apiUrl: string;
  version: string;
  phoneNumberId: string;
  accessToken: string;
}

/** Meta's error codes, as a SendResult needs them (decision 040 has the table). */
export function mapWhatsAppError(status: number, error: { code?: number; message?: string; error_data?: { details?: string } } | undefined): MessengerFailure {
  const code = error?.code;
  const reason = `${code ?? status} ${error?.error_data?.details ?? error?.message ?? `HTTP ${status}`}`.trim();
  switch (code) {
    case 131026: // undeliverable: not a WhatsApp number, or an invalid one
      return { ok: false, kind: 'addressGone', code, reason };
    case 131050: // the person stopped marketing messages from us
      return { ok: false, kind: 'optedOut', code, reason };
    case 130429: // throughput
    case 131048: // spam rate limit
    case 131056: // pair rate limit
    case 131000: // something went wrong
      return { ok: false, kind: 'retryable', code, reason };
    default:
      // 132015 template paused, 132001 template missing, 132000 wrong parameters, 131047 outside the 24-hour window…
      return { ok: false, kind: status >= 500 || status === 429 ? 'retryable' : 'rejected', ...(code === undefined ? {} : { code }), reason };
  }
}

export class WhatsAppCloudClient implements Messenger {
  readonly channel = 'whatsapp' as const;
  constructor(
    private readonly settings: WhatsAppSettings,
    private readonly transport: HttpTransport,
  ) {}

  sendTemplate(to: string, templateName: string, language: 'es', params: readonly string[], idempotencyKey: string, quickReplies?: readonly string[]): Promise<MessengerResult> {
    // A template Meta has not approved is still sent: Meta (or the stand-in) answers 132001.
    // Its quick-reply buttons are approved with it; the send gives each one's payload, by index (decision 062).
    const buttons = (quickReplies ?? []).map((payload, index) => ({ type: 'button', sub_type: 'quick_reply', index: String(index), parameters: [{ type: 'payload', payload }] }));
    return this.post(
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'template',
        template: { name: templateName, language: { code: language }, components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }, ...buttons] },
      },
      idempotencyKey,
    );
  }

  /** Reply buttons (at most 3; titles of at most 20 characters): only inside the 24-hour window, like free text (decision 062). */
  sendInteractive(to: string, body: string, buttons: readonly { id: string; title: string }[], idempotencyKey?: string): Promise<MessengerResult> {
    return this.post(
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'interactive',
        interactive: { type: 'button', body: { text: body }, action: { buttons: buttons.map((reply) => ({ type: 'reply', reply: { id: reply.id, title: reply.title } })) } },
      },
      idempotencyKey,
    );
  }

  sendText(to: string, text: string, idempotencyKey?: string): Promise<MessengerResult> {
    return this.post({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { preview_url: false, body: text } }, idempotencyKey);
  }

  /**
   * Meta's Cloud API takes no idempotency key. The key goes as `biz_opaque_callback_data`, which Meta
   * echoes in the message's status webhooks: a status for a send whose answer was lost ties the
   * message to the delivery, and the dispatcher does not send it again (decision 040 as amended on 2026-11-27).
   */
  private async post(payload: object, idempotencyKey: string | undefined): Promise<MessengerResult> {
    const { apiUrl, version, phoneNumberId, accessToken } = this.settings;
    let res: { status: number; body: string };
    try {
      res = await this.transport({
        method: 'POST',
        url: `${apiUrl}/${version}/${encodeURIComponent(phoneNumberId)}/messages`,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(idempotencyKey === undefined ? payload : { ...payload, biz_opaque_callback_data: idempotencyKey }),
      });
    } catch (err) {
      return unanswered(err);
    }
    const json = parseJson(res.body) as { messages?: { id?: string }[]; error?: { code?: number; message?: string; error_data?: { details?: string } } } | undefined;
    const id = json?.messages?.[0]?.id;
    if (res.status >= 200 && res.status < 300 && typeof id === 'string') return { ok: true, providerMessageId: id };
    return mapWhatsAppError(res.status, json?.error);
  }
}
