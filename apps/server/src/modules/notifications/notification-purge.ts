import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messagingWebhookEvents, oneTimeLinks, whatsappButtons } from '../../db/schema/index.ts';
import { deleteInBatches, purgeDeliveries } from './notification-channels.repository.ts';

// The outside channels' retention (decision 038 as amended on 2026-11-27), the daily `notifications-purge` job:
// deliveries in a final state 90 days after they were queued, the providers' webhook events (kept
// to ignore repeats) 30 days after they arrived (Meta retries a webhook for up to 7 days, and
// WhatsApp events older than 14 days are refused by their timestamp, messaging/inbound.service.ts:
// so a replay after this purge is still refused, issue 48), and status callbacks kept for a delivery that never
// got their message id (not ours, or lost) after a day. A batch at a time: short transactions.

const DAY_MS = 24 * 3600 * 1000;
export const RETENTION_DAYS = { deliveries: 90, webhookEvents: 30, keptStatuses: 1 } as const;

export async function purgeNotifications(
  db: DbOrTx,
  at: Date,
  batch?: number,
): Promise<{ deliveries: number; keptStatuses: number; webhookEvents: number; buttonsAndLinks: number }> {
  const ago = (days: number) => new Date(at.getTime() - days * DAY_MS);
  const { deliveries, keptStatuses } = await purgeDeliveries(db, ago(RETENTION_DAYS.deliveries), ago(RETENTION_DAYS.keptStatuses), batch);
  const webhookEvents = await deleteInBatches(db, sql`${messagingWebhookEvents}`, sql`received_at < ${ago(RETENTION_DAYS.webhookEvents).toISOString()}::timestamptz`, batch);
  // WhatsApp buttons and one-time links once they expired (decision 062): an expired one acts as unknown.
  const expired = sql`expires_at < ${at.toISOString()}::timestamptz`;
  const buttonsAndLinks = (await deleteInBatches(db, sql`${whatsappButtons}`, expired, batch)) + (await deleteInBatches(db, sql`${oneTimeLinks}`, expired, batch));
  return { deliveries, keptStatuses, webhookEvents, buttonsAndLinks };
}
