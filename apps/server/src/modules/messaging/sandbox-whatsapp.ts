import { randomBytes } from 'node:crypto';
import { renderTemplate, WHATSAPP_TEMPLATE_CATALOGUE } from '@arreglaya/shared/i18n/messaging';
import {
  checkInteractive,
  checkQuickReplies,
  findSentMessage,
  templateQuickReplies,
  type GraphButtonComponent,
  type GraphInteractive,
  type PressedButton,
} from './sandbox-whatsapp-buttons.ts';
import type { Db } from '../../db/client.ts';
import { findContact, insertMessage, recordInbound, setMessageStatus } from './sandbox-messaging.repository.ts';
import { e164, SANDBOX_NUMBERS } from './sandbox-numbers.ts';
import type { WebhookQueue } from './sandbox-standin.ts';
import type { SandboxMediaStore } from './sandbox-whatsapp-media.ts';
import { whatsappSignature } from './webhook-signatures.ts';

// The WhatsApp Cloud API stand-in (decision 040): answers POST /{version}/{phone-number-id}/messages
// as Meta does (auth, approved templates with the right parameters, the 24-hour window for free
// text, the test numbers' failures) and then posts the statuses to our webhook, signed.

export interface SandboxWhatsAppSettings {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** Our webhook (its path in this server). */
  webhookUrl: string;
}

type GraphAnswer = { status: number; body: unknown };
const graphError = (status: number, code: number, message: string, details?: string): GraphAnswer => ({
  status,
  body: {
    error: { message, type: 'OAuthException', code, ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}), fbtrace_id: randomBytes(8).toString('hex') },
  },
});

const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface GraphMessage {
  messaging_product?: unknown;
  to?: unknown;
  type?: unknown;
  template?: { name?: unknown; language?: { code?: unknown }; components?: ({ type?: unknown; parameters?: { type?: unknown; text?: unknown }[] } & GraphButtonComponent)[] };
  text?: { body?: unknown };
  /** Reply buttons inside the 24-hour window (decision 062). */
  interactive?: GraphInteractive;
  /** Echoed in the message's status webhooks (Meta's only handle for a sender's own reference). */
  biz_opaque_callback_data?: unknown;
}

export class SandboxWhatsApp {
  constructor(
    private readonly db: Db,
    readonly settings: SandboxWhatsAppSettings,
    private readonly webhooks: WebhookQueue,
    /** Meta's media store: the files people send (decision 063). */
    readonly media?: SandboxMediaStore,
  ) {}

  /** One POST …/messages, after the route checked the path and the token. Like Meta, no idempotency: a repeat is a second message. */
  async send(input: GraphMessage): Promise<GraphAnswer> {
    if (input.messaging_product !== 'whatsapp' || typeof input.to !== 'string' || input.to.replace(/\D/g, '').length < 8)
      return graphError(400, 100, '(#100) Invalid parameter', 'messaging_product must be whatsapp and to a phone number');
    const to = e164(input.to);
    const opaque = typeof input.biz_opaque_callback_data === 'string' ? input.biz_opaque_callback_data.slice(0, 512) : undefined;
    let body: string;
    let template: string | null = null;
    let params: string[] | null = null;
    let buttons: { id: string; title: string }[] | null = null;
    if (input.type === 'template') {
      const name = input.template?.name;
      const found = typeof name === 'string' ? WHATSAPP_TEMPLATE_CATALOGUE.get(name) : undefined;
      if (!found || input.template?.language?.code !== 'es')
        return graphError(404, 132001, '(#132001) Template name does not exist in the translation', `template ${String(name)} (es) not found`);
      params = (input.template.components ?? []).filter((c) => c.type === 'body').flatMap((c) => (c.parameters ?? []).map((p) => (typeof p.text === 'string' ? p.text : '')));
      if (params.length !== found.params.length)
        return graphError(
          400,
          132000,
          '(#132000) Number of parameters does not match the expected number of params',
          `body: expected ${found.params.length}, got ${params.length}`,
        );
      if (to === SANDBOX_NUMBERS.pausedOrUnknown) return graphError(400, 132015, '(#132015) Template is paused', `template ${found.name} is paused due to low quality`);
      // Its quick-reply buttons, as approved with it: a payload for a button it does not have is refused.
      const quick = checkQuickReplies(templateQuickReplies(found.name), input.template.components ?? []);
      if (!quick.ok) return graphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', quick.details);
      buttons = quick.buttons;
      template = found.name;
      body = renderTemplate(found, params);
    } else if (input.type === 'text' && typeof input.text?.body === 'string' && input.text.body.length > 0) {
      const contact = await findContact(this.db, 'whatsapp', to);
      if (!contact?.lastInboundAt || Date.now() - contact.lastInboundAt.getTime() > WINDOW_MS)
        return graphError(400, 131047, '(#131047) Re-engagement message', 'More than 24 hours have passed since the recipient last replied to the sender number.');
      body = input.text.body;
    } else if (input.type === 'interactive') {
      const checked = checkInteractive(input.interactive);
      if (!checked.ok) return graphError(400, 131009, '(#131009) Parameter value is not valid', checked.details);
      const contact = await findContact(this.db, 'whatsapp', to);
      if (!contact?.lastInboundAt || Date.now() - contact.lastInboundAt.getTime() > WINDOW_MS)
        return graphError(400, 131047, '(#131047) Re-engagement message', 'More than 24 hours have passed since the recipient last replied to the sender number.');
      body = checked.body;
      buttons = checked.buttons;
    } else {
      return graphError(400, 100, '(#100) Invalid parameter', 'type must be template, text or interactive');
    }
    switch (to) {
      case SANDBOX_NUMBERS.invalid:
        return graphError(400, 131026, '(#131026) Message undeliverable', 'the number is not on WhatsApp');
      case SANDBOX_NUMBERS.rateLimited:
        return graphError(429, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached');
      case SANDBOX_NUMBERS.providerDown:
        return graphError(503, 131000, '(#131000) Something went wrong', 'service temporarily unavailable');
      case SANDBOX_NUMBERS.spamOrFiltered:
        return graphError(400, 131048, '(#131048) Spam rate limit hit', 'too many messages marked as spam');
    }
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    const fails = to === SANDBOX_NUMBERS.failsAfterSending;
    const row = await insertMessage(this.db, {
      id,
      channel: 'whatsapp',
      toNumber: to,
      kind: template ? 'template' : input.type === 'interactive' ? 'buttons' : 'text',
      template,
      params,
      body,
      buttons,
      status: 'accepted',
      idempotencyKey: null,
    });
    const steps: { status: 'sent' | 'delivered' | 'read' | 'failed'; code?: number }[] = fails
      ? [{ status: 'sent' }, { status: 'failed', code: 131026 }]
      : [{ status: 'sent' }, { status: 'delivered' }, { status: 'read' }];
    this.webhooks.enqueue(steps.map((step) => () => this.statusCall(id, to, step.status, step.code, opaque)));
    return accepted(to, row.id);
  }

  /**
   * A person writes to our number (tests and /dev/messages): Meta posts it to our webhook, signed.
   * `replyTo` is the wamid of our message they answered (Meta's `context.id`).
   */
  receive(from: string, text: string, opts: { replyTo?: string; pressed?: PressedButton } = {}): Promise<string> {
    // A pressed button (decision 062): Meta's `interactive` (a reply button) or `button` (a template's quick reply).
    const content = opts.pressed
      ? opts.pressed.kind === 'interactive'
        ? { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: opts.pressed.id, title: opts.pressed.title } } }
        : { type: 'button', button: { payload: opts.pressed.id, text: opts.pressed.title } }
      : { type: 'text', text: { body: text } };
    return this.inbound(from, content, opts);
  }

  /**
   * A person sends a photo or a voice note (decision 063): the file goes into the media store
   * first, then Meta's webhook names it (`image: { id, mime_type, sha256, caption }` or
   * `audio: { id, mime_type, sha256, voice: true }`). `sha256` overrides the file's (a test of a mismatch).
   */
  async receiveMedia(
    from: string,
    file: { kind: 'image' | 'audio'; bytes: Buffer; mime: string; caption?: string; sha256?: string },
    opts: { replyTo?: string } = {},
  ): Promise<string> {
    if (!this.media) throw new Error('the stand-in has no media store');
    const stored = this.media.put(file.bytes, file.mime);
    const object = { id: stored.id, mime_type: file.mime, sha256: file.sha256 ?? stored.sha256 };
    const fields =
      file.kind === 'image'
        ? { type: 'image', image: { ...object, ...(file.caption === undefined ? {} : { caption: file.caption }) } }
        : { type: 'audio', audio: { ...object, voice: true } };
    return this.inbound(from, fields, opts);
  }

  private async inbound(from: string, fields: object, opts: { replyTo?: string }): Promise<string> {
    const number = e164(from);
    await recordInbound(this.db, 'whatsapp', number, null);
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '18095550000', phone_number_id: this.settings.phoneNumberId },
      contacts: [{ profile: { name: '' }, wa_id: number.slice(1) }],
      messages: [
        {
          from: number.slice(1),
          id,
          timestamp: unixNow(),
          ...fields,
          ...(opts.replyTo ? { context: { from: '18095550000', id: opts.replyTo } } : {}),
        },
      ],
    };
    this.webhooks.enqueue([() => Promise.resolve(this.signed(value))]);
    return id;
  }

  /**
   * The phone presses the button titled `title` of our message `messageId` (decision 062): Meta posts
   * the press with the button's id (or the quick reply's payload) and `context.id`. `from` is who
   * presses: normally the number it was sent to (a test may press from another). Null: no such button.
   */
  async press(from: string, messageId: string, title: string): Promise<string | null> {
    const sent = await findSentMessage(this.db, messageId);
    const button = sent?.buttons?.find((b) => b.title === title);
    if (!sent || !button) return null;
    return this.receive(from, title, { replyTo: messageId, pressed: { kind: sent.kind === 'buttons' ? 'interactive' : 'template', id: button.id, title } });
  }

  private async statusCall(id: string, to: string, status: 'sent' | 'delivered' | 'read' | 'failed', code?: number, opaque?: string) {
    await setMessageStatus(this.db, id, status, code);
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '18095550000', phone_number_id: this.settings.phoneNumberId },
      statuses: [
        {
          id,
          status,
          timestamp: unixNow(),
          recipient_id: to.slice(1),
          ...(opaque === undefined ? {} : { biz_opaque_callback_data: opaque }),
          ...(code === undefined ? {} : { errors: [{ code, title: 'Message undeliverable', error_data: { details: 'the recipient could not be reached' } }] }),
        },
      ],
    };
    return this.signed(value);
  }

  /** The webhook's envelope, signed X-Hub-Signature-256 with the app secret over the exact bytes sent. */
  private signed(value: object) {
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: 'sandbox-waba', changes: [{ field: 'messages', value }] }] });
    return { url: this.settings.webhookUrl, headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(this.settings.appSecret, body) }, body };
  }
}

function accepted(to: string, id: string): GraphAnswer {
  return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to.slice(1) }], messages: [{ id }] } };
}

const unixNow = () => String(Math.floor(Date.now() / 1000));
