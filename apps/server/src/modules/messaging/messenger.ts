import type { PhoneChannel } from '@arreglaya/shared/schemas/phone';

// The Messenger (issue 32, item 3; decision 040): one interface for WhatsApp (Meta's Cloud API) and
// SMS (a Twilio-shaped Messages resource). The ChannelSenders, the phone verification and the
// opt-out confirmations send through it; WHATSAPP_* and SMS_* choose a real provider or the
// built-in stand-in, which answers the same HTTP contract.

export type MessengerFailure = {
  ok: false;
  /**
   * addressGone: the number cannot receive on this channel (invalid, not on WhatsApp);
   * optedOut: the person unsubscribed at the provider; retryable: rate limit, provider down,
   * timeout; rejected: not worth retrying as is (template paused or missing, outside the 24-hour
   * window, carrier refused).
   */
  kind: 'addressGone' | 'optedOut' | 'retryable' | 'rejected';
  /** The provider's error code, when it gave one. */
  code?: number;
  /** The provider's reason ("131026 Message undeliverable"), for the log and the console. */
  reason: string;
};

export type MessengerResult = { ok: true; providerMessageId: string } | MessengerFailure;

export interface Messenger {
  readonly channel: PhoneChannel;
  /**
   * An approved template (WhatsApp) or the catalogue's text of that template (SMS). The key is
   * passed the way each provider documents: Twilio's `I-Twilio-Idempotency-Token` (a repeat creates
   * nothing), Meta's `biz_opaque_callback_data` (no idempotency: echoed in the statuses, which tie
   * the message to the delivery so the dispatcher does not send it again). The stand-ins do the same.
   */
  sendTemplate(to: string, templateName: string, language: 'es', params: readonly string[], idempotencyKey: string, quickReplies?: readonly string[]): Promise<MessengerResult>;
  /** WhatsApp only (decision 062): a message with reply buttons, inside the 24-hour window. */
  sendInteractive?(to: string, body: string, buttons: readonly { id: string; title: string }[], idempotencyKey?: string): Promise<MessengerResult>;
  /** Free text: on WhatsApp only within 24 hours of the person's last message to us. */
  sendText(to: string, text: string, idempotencyKey?: string): Promise<MessengerResult>;
}

/** One HTTP request to a provider, and its answer. Throws on a network error or a timeout. */
export interface HttpRequest {
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  /** POST only. */
  body?: string;
}
/**
 * A provider's answer: `body` is its text (JSON for the APIs); `bytes` the same body as sent, for a
 * binary download (Meta's media, decision 063), with its `contentType`.
 */
export interface HttpAnswer {
  status: number;
  body: string;
  bytes?: Buffer;
  contentType?: string;
}
export type HttpTransport = (req: HttpRequest) => Promise<HttpAnswer>;

/** The real network, with a timeout (a provider that does not answer is retried later). */
export function fetchTransport(timeoutMs = 10_000): HttpTransport {
  return async (req) => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.body === undefined ? {} : { body: req.body }),
      // A redirect to another origin drops the Authorization header (the fetch standard).
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type');
    return { status: res.status, body: bytes.toString('utf8'), bytes, ...(contentType ? { contentType } : {}) };
  };
}

/** A failure for a request that got no answer (network, timeout): always worth retrying. */
export function unanswered(err: unknown): MessengerFailure {
  const name = err instanceof Error ? err.name : 'Error';
  return { ok: false, kind: 'retryable', reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : `network: ${err instanceof Error ? err.message : String(err)}` };
}

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
