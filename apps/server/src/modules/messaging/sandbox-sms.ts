import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findByIdempotencyKey, findContact, insertMessage, recordInbound, setMessageStatus } from './sandbox-messaging.repository.ts';
import { e164, SANDBOX_NUMBERS } from './sandbox-numbers.ts';
import type { WebhookQueue } from './sandbox-standin.ts';
import { twilioSignature } from './webhook-signatures.ts';

// The SMS stand-in, shaped like Twilio's Messages resource (decision 040): answers
// POST /2010-04-01/Accounts/{sid}/Messages.json (Basic auth, form-encoded To/From/Body/StatusCallback)
// with Twilio's codes for the test numbers, and then posts each status to the StatusCallback,
// form-encoded and signed X-Twilio-Signature. A number that texted STOP is unsubscribed (21610).

export interface SandboxSmsSettings {
  accountSid: string;
  authToken: string;
  /** Where a person's texts to our number go (Twilio's "A message comes in" webhook). */
  inboundUrl: string;
}

type TwilioAnswer = { status: number; body: unknown };
const twilioError = (status: number, code: number, message: string): TwilioAnswer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** Twilio's own opt-out and opt-in words (it answers them itself and blocks further messages). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

/** A GSM-7 body fits 160 characters a segment (153 when split); anything else 70 (67). */
export function smsSegments(text: string): number {
  const gsm = /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/.test(text);
  const units = [...text].reduce((n, c) => n + (gsm && '^{}\\[~]|€'.includes(c) ? 2 : 1), 0);
  const [single, part] = gsm ? [160, 153] : [70, 67];
  return units <= single ? 1 : Math.ceil(units / part);
}

export class SandboxSms {
  constructor(
    private readonly db: Db,
    readonly settings: SandboxSmsSettings,
    private readonly webhooks: WebhookQueue,
  ) {}

  /** One POST …/Messages.json, after the route checked the account and the credentials. */
  async create(form: Record<string, string>, idempotencyKey: string | undefined): Promise<TwilioAnswer> {
    const { To, From, Body, StatusCallback } = form;
    if (!To || !/^\+?[\d\s().-]{8,20}$/.test(To)) return twilioError(400, 21211, `The 'To' number ${To ?? ''} is not a valid phone number.`);
    if (!From) return twilioError(400, 21603, "The 'From' phone number is required.");
    if (!Body) return twilioError(400, 21602, 'Message body is required.');
    if (smsSegments(Body) > 10) return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    const to = e164(To);
    if (idempotencyKey) {
      const repeat = await findByIdempotencyKey(this.db, 'sms', idempotencyKey);
      if (repeat) return created(repeat.id, to, From, Body, repeat.status);
    }
    switch (to) {
      case SANDBOX_NUMBERS.invalid:
        return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      case SANDBOX_NUMBERS.rateLimited:
        return twilioError(429, 20429, 'Too Many Requests');
      case SANDBOX_NUMBERS.providerDown:
        return { status: 503, body: { code: 20500, message: 'Service Unavailable', status: 503 } };
    }
    if ((await findContact(this.db, 'sms', to))?.unsubscribedAt) return twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const row = await insertMessage(this.db, { id: sid, channel: 'sms', toNumber: to, kind: 'text', body: Body, status: 'queued', idempotencyKey: idempotencyKey ?? null });
    if (row.id === sid && StatusCallback) {
      const failure = (
        {
          [SANDBOX_NUMBERS.failsAfterSending]: ['failed', 30003],
          [SANDBOX_NUMBERS.pausedOrUnknown]: ['undelivered', 30005],
          [SANDBOX_NUMBERS.spamOrFiltered]: ['failed', 30007],
        } as const
      )[to as typeof SANDBOX_NUMBERS.failsAfterSending];
      const steps: [string, number?][] = failure ? [['sent'], [failure[0], failure[1]]] : [['sent'], ['delivered']];
      this.webhooks.enqueue(
        steps.map(([status, code]) => async () => {
          await setMessageStatus(this.db, sid, status, code);
          return this.signed(StatusCallback, {
            AccountSid: this.settings.accountSid,
            MessageSid: sid,
            SmsSid: sid,
            MessageStatus: status,
            To: to,
            From,
            ApiVersion: '2010-04-01',
            ...(code === undefined ? {} : { ErrorCode: String(code) }),
          });
        }),
      );
    }
    return created(row.id, to, From, Body, row.status);
  }

  /** A person texts our number (tests and /dev/messages): Twilio posts it to our inbound webhook. */
  async receive(from: string, text: string, ourNumber: string): Promise<string> {
    const number = e164(from);
    const word = text.trim().toUpperCase();
    await recordInbound(this.db, 'sms', number, STOP_WORDS.has(word) ? 'stop' : START_WORDS.has(word) ? 'start' : null);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.webhooks.enqueue([
      () =>
        Promise.resolve(
          this.signed(this.settings.inboundUrl, { AccountSid: this.settings.accountSid, MessageSid: sid, SmsSid: sid, From: number, To: ourNumber, Body: text, NumMedia: '0' }),
        ),
    ]);
    return sid;
  }

  private signed(url: string, params: Record<string, string>) {
    return {
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(this.settings.authToken, url, params) },
      body: new URLSearchParams(params).toString(),
    };
  }
}

function created(sid: string, to: string, from: string, body: string, status: string): TwilioAnswer {
  return {
    status: 201,
    body: {
      sid,
      status: status === 'accepted' ? 'queued' : status,
      to,
      from,
      body,
      num_segments: String(smsSegments(body)),
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
    },
  };
}
