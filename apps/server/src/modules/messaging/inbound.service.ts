import { messaging } from '@arreglaya/shared/i18n/messaging';
import type { OutsideChannel } from '@arreglaya/shared/notification-channels';
import type { PhoneChannel } from '@arreglaya/shared/schemas/phone';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryStatusSink } from '../notifications/channel-sender.ts';
import type { Db } from '../../db/client.ts';
import type { Messenger } from './messenger.ts';
import { firstTimeSeen, setOptedOut, touchInbound } from './phone.repository.ts';

// What the providers tell us through the webhooks (decision 040): a message's status goes to the
// dispatcher's DeliveryStatusSink; a person's message opens WhatsApp's 24-hour window, and
// "STOP"/"BAJA" opt the number out of that channel at once ("ALTA"/"START" back in), confirmed once.
// Each event is handled once: a provider's repeat finds its key taken and changes nothing.

export interface InboundDeps {
  db: Db;
  log: FastifyBaseLogger;
  messengers: Record<PhoneChannel, Messenger>;
  statusSink: DeliveryStatusSink;
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

/** A person's message to our number (E.164 `from`). */
export async function handleInbound(deps: InboundDeps, channel: PhoneChannel, messageId: string, from: string, text: string): Promise<void> {
  if (!(await firstTimeSeen(deps.db, `${channel}:inbound:${messageId}`))) return;
  if (channel === 'whatsapp') await touchInbound(deps.db, from);
  const keyword = keywordOf(text);
  if (!keyword) return;
  const changed = await setOptedOut(deps.db, from, channel, keyword === 'optOut');
  if (changed === 0) return;
  deps.log.info({ channel, optedOut: keyword === 'optOut' }, 'phone number opted out or in by message');
  const sent = await deps.messengers[channel].sendText(from, keyword === 'optOut' ? messaging.optedOut : messaging.optedIn, `${channel}:confirm:${messageId}`);
  // On SMS the provider answers its own STOP words and then refuses ours (21610): nothing to do.
  if (!sent.ok && sent.kind !== 'optedOut') deps.log.warn({ channel, reason: sent.reason }, 'opt-out confirmation not sent');
}
