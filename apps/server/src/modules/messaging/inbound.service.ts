import { messaging } from '@arreglaya/shared/i18n/messaging';
import type { OutsideChannel } from '@arreglaya/shared/notification-channels';
import type { PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryStatusSink } from '../notifications/channel-sender.ts';
import type { Db } from '../../db/client.ts';
import type { Messenger } from './messenger.ts';
import { CHAT_TEXT_MAX, SendChatMessageSchema } from '@arreglaya/shared/schemas/chat';
import { AppError } from '../../lib/app-error.ts';
import { sendMessage, type ChatDeps } from '../chat/chat.service.ts';
import { replyConversation } from './inbound-replies.repository.ts';
import { routeMedia, type InboundMedia, type MediaRetries, type WhatsAppMediaClient } from './whatsapp-media.ts';
import { handleButtonPress, takeReplyTarget, type ButtonPressDeps } from './whatsapp-buttons.ts';
import { findWhatsAppOwner, firstTimeSeen, setOptedOut, touchInbound } from './phone.repository.ts';

// What the providers tell us through the webhooks (decision 040): a message's status goes to the
// dispatcher's DeliveryStatusSink; a person's message opens WhatsApp's 24-hour window, and
// "STOP"/"BAJA" opt the number out of that channel at once ("ALTA"/"START" back in), confirmed once;
// any other WhatsApp text goes into the chat conversation it answers (decision 061).
// Each event is handled once: a provider's repeat finds its key taken and changes nothing.

export interface InboundDeps {
  db: Db;
  log: FastifyBaseLogger;
  messengers: Record<PhoneChannel, Messenger>;
  statusSink: DeliveryStatusSink;
  /** Where a person's WhatsApp message goes (decision 061); without it, only keywords are read. */
  replies?: ReplyDeps;
  /** What a pressed button runs (decision 062); without it, a press is answered as text. */
  buttons?: ButtonPressDeps;
  /** The clock (tests). */
  now?: () => number;
}

export interface ReplyDeps {
  chat: ChatDeps;
  /** The site's address, named in the answer to a message with no conversation. */
  appUrl: string;
  /** Meta's media download: photos and voice notes go into the chat too (decision 063). */
  media?: WhatsAppMediaClient;
  /** A download that may pass (Meta's 5xx, no answer, an expired url) is tried again with back-off by the job queue (decision 063). */
  retries?: MediaRetries;
}

/**
 * A provider's event older than this is refused (issue 48). Meta retries an undelivered webhook
 * for up to 7 days; the ids of events taken are kept 30 days (RETENTION_DAYS.webhookEvents in
 * notifications/notification-purge.ts). An event is taken only while its id would still be kept,
 * so a captured callback replayed after the purge of its id is refused by its timestamp.
 */
export const WEBHOOK_EVENT_MAX_AGE_DAYS = 14;
const MAX_AGE_MS = WEBHOOK_EVENT_MAX_AGE_DAYS * 24 * 3600 * 1000;

/** Whether a WhatsApp event's `timestamp` (Unix seconds, as text) is recent enough to take; one without a timestamp is not. */
export function webhookEventFresh(timestamp: string | undefined, now: number = Date.now()): boolean {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return false;
  return now - Number(timestamp) * 1000 <= MAX_AGE_MS;
}

/** "Bájá ", "b a j a", "Stop." → BAJA / STOP: letters only, upper case, accents off. */
export function keywordOf(text: string): 'optOut' | 'optIn' | null {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
  if (word === 'STOP' || word === 'BAJA') return 'optOut';
  if (word === 'ALTA' || word === 'START') return 'optIn';
  return null;
}

export interface StatusEvent {
  channel: OutsideChannel;
  providerMessageId: string;
  /** The provider's status word (sent, delivered, read, failed, undelivered…). */
  status: string;
  reason?: string;
  /** The provider's error says the number cannot receive on this channel (WhatsApp 131026). */
  addressGone?: boolean;
  /** Our delivery's id, when the provider echoes it (WhatsApp's biz_opaque_callback_data). */
  deliveryId?: string;
}

/**
 * A status callback: delivered, read and failed reach the sink; sent only when it names our delivery
 * (it ties the provider's message to it: a retry after a lost answer is not sent again).
 */
export async function handleStatus(deps: InboundDeps, event: StatusEvent): Promise<void> {
  if (!(await firstTimeSeen(deps.db, `${event.channel}:status:${event.providerMessageId}:${event.status}`))) return;
  const state =
    event.status === 'delivered'
      ? 'delivered'
      : event.status === 'read'
        ? 'read'
        : event.status === 'failed' || event.status === 'undelivered'
          ? 'failed'
          : event.status === 'sent' && event.deliveryId
            ? 'sent'
            : null;
  if (!state) return;
  await deps.statusSink({
    channel: event.channel,
    providerMessageId: event.providerMessageId,
    state,
    ...(event.reason === undefined ? {} : { reason: event.reason }),
    ...(event.addressGone ? { addressGone: true } : {}),
    ...(event.deliveryId === undefined ? {} : { deliveryId: event.deliveryId }),
  });
}

/** A person's message to our number. */
export interface InboundMessage {
  /** The provider's message id: the message is handled once. */
  id: string;
  /** E.164. */
  from: string;
  text: string;
  /** When the person wrote it (WhatsApp's timestamp): the 24-hour window counts from it. Default: now. */
  at?: Date;
  /** WhatsApp's `type` (text, image, audio…): only text goes into the chat for now (decision 061). */
  type?: string;
  /** WhatsApp's `context.id`: the id of our message it answers. */
  contextId?: string;
  /** A photo's or an audio's media id, checksum and caption (decision 063). */
  media?: InboundMedia;
  /** A pressed button's id (an interactive reply's `id`, a template quick reply's `payload`; decision 062). */
  buttonId?: string;
}

/** Meta's customer-service window: free text (not a template) may reach a person for 24 hours after their last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3600 * 1000;

/**
 * Sends free text to a number that just wrote to us: on WhatsApp only inside the 24-hour window
 * counted from their message (outside it only templates may go, and this answer has none: it is
 * dropped). The key is the message's: a repeat of the provider sends nothing twice.
 */
async function answer(deps: InboundDeps, channel: PhoneChannel, m: InboundMessage, text: string, purpose: string): Promise<void> {
  if (channel === 'whatsapp' && (deps.now?.() ?? Date.now()) - (m.at ?? new Date()).getTime() > WHATSAPP_WINDOW_MS) {
    deps.log.info({ channel, purpose }, 'answer not sent: outside the 24-hour window');
    return;
  }
  const sent = await deps.messengers[channel].sendText(m.from, text, `${channel}:${purpose}:${m.id}`);
  // On SMS the provider answers its own STOP words and then refuses ours (21610): nothing to do.
  if (!sent.ok && sent.kind !== 'optedOut') deps.log.warn({ channel, purpose, reason: sent.reason }, 'answer to an inbound message not sent');
}

export async function handleInbound(deps: InboundDeps, channel: PhoneChannel, m: InboundMessage): Promise<void> {
  if (!(await firstTimeSeen(deps.db, `${channel}:inbound:${m.id}`))) return;
  if (channel === 'whatsapp') await touchInbound(deps.db, m.from, m.at);
  if (channel === 'whatsapp' && m.buttonId !== undefined && deps.buttons)
    return handleButtonPress(deps, deps.buttons, { ...m, buttonId: m.buttonId }, (text) => answer(deps, 'whatsapp', m, text, 'button'));
  const keyword = keywordOf(m.text);
  if (!keyword) {
    if (channel === 'whatsapp' && deps.replies) await routeReply(deps, deps.replies, m);
    return;
  }
  const changed = await setOptedOut(deps.db, m.from, channel, keyword === 'optOut', 'message');
  if (changed === 0) return;
  deps.log.info({ channel, optedOut: keyword === 'optOut' }, 'phone number opted out or in by message');
  await answer(deps, channel, m, keyword === 'optOut' ? messaging.optedOut : messaging.optedIn, 'confirm');
}

/**
 * A person's WhatsApp message that is not a keyword (decision 061): from the one person with the
 * number verified and not opted out, stored in the conversation of the notice it answers (or of the
 * last one WhatsApp took for them) as their chat message, through the web chat's own service (live
 * delivery, the other side's notices). Nothing is stored otherwise; a known person is told why, once.
 */
async function routeReply(deps: InboundDeps, replies: ReplyDeps, m: InboundMessage): Promise<void> {
  const owner = await findWhatsAppOwner(deps.db, m.from);
  // A number of nobody, or one that asked for no messages: nothing stored, nothing sent.
  if (!owner || owner.optedOut) return;
  const media = m.type !== undefined && m.type !== 'text';
  const parsed = SendChatMessageSchema.safeParse({ text: m.text });
  if (!media && !parsed.success) {
    if (m.text.length > CHAT_TEXT_MAX) await answer(deps, 'whatsapp', m, messaging.reply.tooLong(CHAT_TEXT_MAX), 'reply');
    return;
  }
  // "Responder" pressed on a notice (decision 062): this message, text, photo or voice note, goes to that conversation.
  const chosen = deps.buttons ? await takeReplyTarget(deps.db, owner.userId, new Date(deps.now?.() ?? Date.now())) : null;
  if (media) {
    const said = await routeMedia(deps.log, replies, owner.userId, m, chosen);
    if (said !== undefined) await answer(deps, 'whatsapp', m, said, 'reply');
    return;
  }
  if (!parsed.success) return;
  const conversationId = chosen ?? (await replyConversation(deps.db, owner.userId, m.contextId));
  if (conversationId) {
    try {
      await sendMessage(replies.chat, { id: owner.userId }, conversationId, parsed.data.text);
      return;
    } catch (err) {
      // The other person is gone, or the conversation closed: the person is told, like a number with no conversation.
      if (!(err instanceof AppError)) throw err;
      deps.log.info({ code: err.code }, 'WhatsApp reply not stored in its conversation');
    }
  }
  await answer(deps, 'whatsapp', m, messaging.reply.noConversation(replies.appUrl), 'reply');
}
