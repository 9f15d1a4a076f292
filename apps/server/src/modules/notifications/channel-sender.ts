import type { NotificationType, OutsideChannel } from '@arreglaya/shared/notification-channels';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// The contract between the notification dispatcher (issue 32) and each channel outside the app and
// e-mail: Web Push, WhatsApp and SMS. The dispatcher decides who is told of what and on which
// channel (types, preferences, quiet hours), stores each delivery and retries it with back-off; a
// sender only carries one message to one person on its channel and says how that went.

/** One delivery to one person on one channel. */
export interface ChannelMessage {
  /** The delivery's id: stable across retries, so a provider that dedupes by key sends it once. */
  deliveryId: string;
  userId: string;
  type: NotificationType;
  /** Short Spanish title and text from the catalogue (a push's title and body; an SMS's text). */
  title: string;
  body: string;
  /** The absolute URL of the page to act on. */
  url: string;
  /** The WhatsApp template's body parameters, in order (the template is chosen by `type`). */
  templateParams: string[];
}

export type SendResult =
  /** Accepted by the provider; `providerMessageId` ties its later status callbacks to this delivery. */
  | { state: 'sent' | 'delivered'; providerMessageId?: string }
  /**
   * Not sent. `retryable`: worth trying again later (rate limit, provider down, timeout).
   * `reason` is the provider's reason, shown in the console. `addressGone`: the subscription or
   * number no longer works (push 404/410, invalid number) and the sender has already removed or
   * disabled it.
   */
  | { state: 'failed'; retryable: boolean; reason: string; addressGone?: boolean };

export interface ChannelSender {
  readonly channel: OutsideChannel;
  /** Whether the person can be reached on this channel at all (a push subscription; a verified, not opted-out number). */
  reachable(db: DbOrTx, userId: string): Promise<boolean>;
  /**
   * Optional (added by the dispatcher, decision 038): the rule of `reachable` as an SQL condition on
   * `users.id`, for a fan-out to thousands (a new project's alert), so one statement picks the
   * reachable among many. Without it the dispatcher asks `reachable` person by person.
   */
  reachableWhere?(): SQL;
  /** Sends one message. Never throws for a provider's answer: a failure is a SendResult. */
  send(db: DbOrTx, message: ChannelMessage): Promise<SendResult>;
  /**
   * Optional (decision 038 as amended on 2026-11-27): a provider's later status said the person's address cannot
   * receive on this channel (WhatsApp 131026): disable it as a send's `addressGone` does.
   */
  addressGone?(db: DbOrTx, userId: string): Promise<void>;
}

/**
 * A provider's later word on a delivery (a WhatsApp or SMS status callback): the dispatcher's
 * store records it against the delivery that `providerMessageId` was returned for.
 */
export type DeliveryStatusSink = (update: {
  channel: OutsideChannel;
  providerMessageId: string;
  /** `sent` only ties the message to `deliveryId` (nothing else changes). */
  state: 'sent' | 'delivered' | 'read' | 'failed';
  reason?: string;
  /** The provider says the address cannot receive on this channel (WhatsApp 131026): the sender disables it. */
  addressGone?: boolean;
  /** Our delivery's id when the provider echoes it (WhatsApp's biz_opaque_callback_data). */
  deliveryId?: string;
}) => Promise<void>;
