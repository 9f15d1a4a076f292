import type { NotificationChannelsInput, NotificationChannels } from '@arreglaya/shared/schemas/notification-channels';
import type { DeliveriesPage } from '@arreglaya/shared/schemas/notification-channels';
import { OUTSIDE_CHANNELS, type OutsideChannel } from '@arreglaya/shared/notification-channels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserEmail } from '../users/users.service.ts';
import { listDeliveries, readChoices, saveChoices, turnChannelOff, type ChannelChoices } from './notification-channels.repository.ts';
import type { NotificationDispatcher } from './notification-dispatch.ts';
import { saveNotificationPreferences } from './notification-preferences.repository.ts';
import { unsubscribeSignatureHolds, type UnsubscribeChannel } from './notification-unsubscribe.ts';

export interface NotificationChannelsDeps {
  db: Db;
  notifications: NotificationDispatcher;
  /** Signs and checks the unsubscribe links (the app's secret). */
  secret: string;
}

/** The signed-in person's own channels per type, quiet hours, and where they can be reached now; there is no way to name another person. */
export async function readChannels(deps: NotificationChannelsDeps, userId: string): Promise<NotificationChannels> {
  const { choices, quietHours } = await readChoices(deps.db, userId);
  const reachable = Object.fromEntries(OUTSIDE_CHANNELS.map((c) => [c, false])) as Record<OutsideChannel, boolean>;
  for (const s of deps.notifications.senders) reachable[s.channel] = await s.reachable(deps.db, userId);
  return { choices, quietHours, reachable };
}

/** Saves the person's own choices (the types sent; the others keep theirs) and quiet hours. */
export async function saveChannels(deps: NotificationChannelsDeps, userId: string, input: NotificationChannelsInput): Promise<NotificationChannels> {
  await deps.db.transaction(async (tx) => {
    if (!(await findUserEmail(tx, userId))) throw new AppError('UNAUTHENTICATED');
    await saveChoices(tx, userId, input.choices as Partial<ChannelChoices>, input.quietHours);
  });
  return readChannels(deps, userId);
}

/** Whether an unsubscribe link's signature holds (its page, which changes nothing, shows the button only then). */
export function unsubscribeLinkHolds(deps: NotificationChannelsDeps, userId: string, channel: UnsubscribeChannel, signature: string): boolean {
  return unsubscribeSignatureHolds(deps.secret, userId, channel, signature);
}

/**
 * The unsubscribe link's POST (its page's button, or a mail client's RFC 8058 one-click; never a
 * GET or HEAD, which mail scanners send): with a signature that holds, turns the channel off for the person (e-mail: the
 * immediate alerts, matches and special offers flags; the newsletter has its own link). Returns
 * whether it did.
 */
export async function unsubscribeChannel(deps: NotificationChannelsDeps, userId: string, channel: UnsubscribeChannel, signature: string): Promise<boolean> {
  if (!unsubscribeSignatureHolds(deps.secret, userId, channel, signature)) return false;
  await deps.db.transaction(async (tx) => {
    if (!(await findUserEmail(tx, userId))) return;
    if (channel === 'email') await saveNotificationPreferences(tx, userId, { immediate: false, matches: false, specialOffers: false });
    else await turnChannelOff(tx, userId, channel);
  });
  return true;
}

/** A person's deliveries for the console, newest first. */
export function personDeliveries(deps: Pick<NotificationChannelsDeps, 'db'>, userId: string, before: string | undefined, limit: number): Promise<DeliveriesPage> {
  return listDeliveries(deps.db, userId, before, limit);
}
