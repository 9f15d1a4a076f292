import { WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import type { PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { ChannelMessage, ChannelSender, SendResult } from '../notifications/channel-sender.ts';
import type { Messenger, MessengerResult } from './messenger.ts';
import { markUndeliverable, reachableNumber, reachableNumberWhere, setOptedOut } from './phone.repository.ts';
import { smsSegments } from './sandbox-sms.ts';
import type { WhatsAppNotices } from './whatsapp-buttons.ts';

// WhatsApp and SMS as ChannelSenders (issue 32; decision 040): the dispatcher registers them with
// `createWhatsAppSender(app.messaging)` / `createSmsSender(app.messaging)`. A person is reachable on a
// channel when their number is verified for it and not opted out.

/** The most an SMS notice takes. */
export const SMS_MAX_SEGMENTS = 2;

abstract class PhoneSender implements ChannelSender {
  abstract readonly channel: PhoneChannel;
  constructor(
    protected readonly messenger: Messenger,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async reachable(db: DbOrTx, userId: string): Promise<boolean> {
    return (await reachableNumber(db, userId, this.channel)) !== null;
  }

  reachableWhere(): SQL {
    return reachableNumberWhere(this.channel);
  }

  async send(db: DbOrTx, message: ChannelMessage): Promise<SendResult> {
    const number = await reachableNumber(db, message.userId, this.channel);
    if (!number) return { state: 'failed', retryable: false, reason: 'no verified number for this channel' };
    const result = await this.deliver(db, number, message);
    if (result.ok) return { state: 'sent', providerMessageId: result.providerMessageId };
    this.log?.info({ channel: this.channel, delivery: message.deliveryId, kind: result.kind, code: result.code }, 'phone message not sent');
    switch (result.kind) {
      case 'addressGone':
        await this.addressGone(db, message.userId);
        return { state: 'failed', retryable: false, reason: result.reason, addressGone: true };
      case 'optedOut':
        await setOptedOut(db, number, this.channel, true, 'provider');
        return { state: 'failed', retryable: false, reason: result.reason };
      case 'retryable':
        return { state: 'failed', retryable: true, reason: result.reason };
      case 'rejected':
        return { state: 'failed', retryable: false, reason: result.reason };
    }
  }

  /** The number cannot receive on this channel (at the send, or in a later status: WhatsApp 131026): the channel is off for the person, the other stays. */
  async addressGone(db: DbOrTx, userId: string): Promise<void> {
    await markUndeliverable(db, userId, this.channel);
  }

  protected abstract deliver(db: DbOrTx, number: string, message: ChannelMessage): Promise<MessengerResult>;
}

/** The notification type's approved template with the message's parameters. */
export class WhatsAppSender extends PhoneSender {
  readonly channel = 'whatsapp' as const;
  constructor(
    messenger: Messenger,
    log?: FastifyBaseLogger,
    /** Buttons and one-time links (decision 062); without it, the plain template. */
    private readonly notices?: WhatsAppNotices,
  ) {
    super(messenger, log);
  }
  protected deliver(db: DbOrTx, number: string, message: ChannelMessage): Promise<MessengerResult> {
    if (this.notices) return this.notices.deliver(db, this.messenger, number, message);
    return this.messenger.sendTemplate(number, WHATSAPP_TEMPLATES[message.type].name, 'es', message.templateParams, message.deliveryId);
  }
}

/** Title, text and link in at most two segments (the text is shortened, never the link). */
export class SmsSender extends PhoneSender {
  readonly channel = 'sms' as const;
  protected deliver(_db: DbOrTx, number: string, message: ChannelMessage): Promise<MessengerResult> {
    return this.messenger.sendText(number, smsText(message.title, message.body, message.url), message.deliveryId);
  }
}

export function smsText(title: string, body: string, url: string): string {
  const compose = (text: string) => `${title}\n${text}\n${url}`;
  if (smsSegments(compose(body)) <= SMS_MAX_SEGMENTS) return compose(body);
  const chars = [...body];
  let lo = 0;
  let hi = chars.length;
  // The longest start of the text that fits with an ellipsis.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (smsSegments(compose(`${chars.slice(0, mid).join('').trimEnd()}…`)) <= SMS_MAX_SEGMENTS) lo = mid;
    else hi = mid - 1;
  }
  return compose(`${chars.slice(0, lo).join('').trimEnd()}…`);
}

export const createWhatsAppSender = (m: { messengers: Record<PhoneChannel, Messenger> }, log?: FastifyBaseLogger, notices?: WhatsAppNotices): ChannelSender =>
  new WhatsAppSender(m.messengers.whatsapp, log, notices);
export const createSmsSender = (m: { messengers: Record<PhoneChannel, Messenger> }, log?: FastifyBaseLogger): ChannelSender => new SmsSender(m.messengers.sms, log);
