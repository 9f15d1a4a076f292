import { TIME_ZONES } from '@arreglaya/shared/schemas/projects';
import {
  NOTIFICATION_TYPES,
  OUTSIDE_CHANNELS,
  URGENT_NOTIFICATION_TYPES,
  type DeliveryState,
  type NotificationType,
  type OutsideChannel,
} from '@arreglaya/shared/notification-channels';
import type { Delivery } from '@arreglaya/shared/schemas/notification-channels';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
import { notificationChannelChoices, notificationDeliveries, notificationPreferences, users } from '../../db/schema/index.ts';

// The outside channels' store (decision 038): a person's choices per type and channel (a row only
// where they changed the default), quiet hours, and the deliveries with their states.

export type TypeChannels = Record<OutsideChannel, boolean>;
export type ChannelChoices = Record<NotificationType, TypeChannels>;

/**
 * The one rule for a choice nobody saved: the work and its money on every channel the person can be
 * reached on; `specialOffer` (marketing) follows the spec's `specialOffers` flag (off by default).
 * E-mail is not in this grid: it stays the spec's four flags (`immediate` is the e-mail of the work types).
 */
export function defaultChoice(type: NotificationType, specialOffers: boolean): boolean {
  return type === 'specialOffer' ? specialOffers : true;
}

/** The same rule in SQL, for a query that left-joins notification_preferences. */
function defaultChoiceSql(type: SQL): SQL {
  return sql`(${type} <> 'specialOffer' OR coalesce(${notificationPreferences.specialOffers}, false))`;
}

/** In a query over users ⋈ notification_preferences: whether the person wants `type` on `channel` (their choice or the default). */
export function wantsChannelSql(type: SQL, channel: SQL): SQL {
  return sql`coalesce((SELECT ${notificationChannelChoices.enabled} FROM ${notificationChannelChoices}
    WHERE ${notificationChannelChoices.userId} = ${users.id} AND ${notificationChannelChoices.type} = ${type} AND ${notificationChannelChoices.channel} = ${channel}), ${defaultChoiceSql(type)})`;
}

const timeZoneSql = sql.raw(
  `CASE users.country ${Object.entries(TIME_ZONES)
    .map(([c, tz]) => `WHEN '${c}' THEN '${tz}'`)
    .join(' ')} ELSE 'America/Santo_Domingo' END`,
);

/**
 * When a delivery queued at `at` may leave, in a query over users ⋈ notification_preferences:
 * at once, or, for a non-urgent type while the person keeps quiet hours on and it is 22:00–07:00
 * in their country, at the next 07:00 there. The one place of the quiet-hours rule.
 */
export function dueAtSql(type: SQL, at: Date): SQL {
  const urgent = sql.join(
    URGENT_NOTIFICATION_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const local = sql`(${at.toISOString()}::timestamptz AT TIME ZONE ${timeZoneSql})`;
  const hour = sql`extract(hour FROM ${local})`;
  return sql`CASE WHEN coalesce(${notificationPreferences.quietHours}, true) AND ${type} NOT IN (${urgent}) AND (${hour} >= 22 OR ${hour} < 7)
    THEN (date_trunc('day', ${local}) + CASE WHEN ${hour} >= 22 THEN interval '1 day' ELSE interval '0' END + interval '7 hours') AT TIME ZONE ${timeZoneSql}
    ELSE ${at.toISOString()}::timestamptz END`;
}

export interface NewDeliveries {
  userIds: readonly string[];
  type: NotificationType;
  /** Per channel, who can be reached on it: an SQL condition on users.id (the senders' rule). */
  reachable: Partial<Record<OutsideChannel, SQL>>;
  sourceKey: string;
  title: string;
  body: string;
  url: string;
  templateParams: string[];
  at: Date;
}

/**
 * Queues the deliveries of one notification to these people on the channels each wants and can be
 * reached on: one INSERT … SELECT (deferred to the commit inside the app's transactions,
 * db/deferred-writes.ts); a second insert of the same source, person and channel adds nothing.
 */
export async function insertDeliveries(db: DbOrTx, d: NewDeliveries): Promise<number> {
  const channels = Object.entries(d.reachable) as [OutsideChannel, SQL][];
  if (channels.length === 0 || d.userIds.length === 0) return 0;
  const type = sql`${d.type}::varchar`;
  const reachable = sql.join(
    channels.map(([c, where]) => sql`WHEN ${c} THEN (${where})`),
    sql` `,
  );
  const statement = sql`INSERT INTO ${notificationDeliveries} (user_id, type, channel, source_key, title, body, url, template_params, next_attempt_at)
    SELECT ${users.id}, ${type}, c.channel, ${d.sourceKey}, ${d.title}, ${d.body}, ${d.url}, ${JSON.stringify(d.templateParams)}::jsonb, ${dueAtSql(type, d.at)}
    FROM ${users} LEFT JOIN ${notificationPreferences} ON ${notificationPreferences.userId} = ${users.id}
    CROSS JOIN unnest(${sql.param(channels.map(([c]) => c))}::varchar[]) AS c(channel)
    WHERE ${users.id} = ANY(${sql.param([...d.userIds])}::uuid[]) AND ${wantsChannelSql(type, sql`c.channel`)} AND CASE c.channel ${reachable} ELSE false END
    ON CONFLICT DO NOTHING`;
  const later = deferred(db);
  if (later) {
    later.write(sql`${statement} RETURNING 1`);
    return 0;
  }
  const result = await db.execute(statement);
  return result.rowCount ?? 0;
}

/** The person's choices (stored or default) and quiet hours. */
export async function readChoices(db: DbOrTx, userId: string): Promise<{ choices: ChannelChoices; quietHours: boolean }> {
  const [prefs] = await db
    .select({ quietHours: notificationPreferences.quietHours, specialOffers: notificationPreferences.specialOffers })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const rows = await db
    .select({ type: notificationChannelChoices.type, channel: notificationChannelChoices.channel, enabled: notificationChannelChoices.enabled })
    .from(notificationChannelChoices)
    .where(eq(notificationChannelChoices.userId, userId));
  const choices = Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [t, Object.fromEntries(OUTSIDE_CHANNELS.map((c) => [c, defaultChoice(t, prefs?.specialOffers ?? false)])) as TypeChannels]),
  ) as ChannelChoices;
  for (const r of rows) {
    const row = choices[r.type as NotificationType] as TypeChannels | undefined;
    if (row && (OUTSIDE_CHANNELS as readonly string[]).includes(r.channel)) row[r.channel as OutsideChannel] = r.enabled;
  }
  return { choices, quietHours: prefs?.quietHours ?? true };
}

/** Stores the given types' channels (every cell given, so a later change of a default does not flip them) and, if given, quiet hours. */
export async function saveChoices(db: DbOrTx, userId: string, choices: Partial<ChannelChoices>, quietHours?: boolean): Promise<void> {
  const values = Object.entries(choices).flatMap(([type, channels]) => Object.entries(channels).map(([channel, enabled]) => ({ userId, type, channel, enabled })));
  if (values.length > 0)
    await db
      .insert(notificationChannelChoices)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationChannelChoices.userId, notificationChannelChoices.type, notificationChannelChoices.channel],
        set: { enabled: sql`excluded.enabled`, updatedAt: new Date() },
      });
  if (quietHours !== undefined)
    await db
      .insert(notificationPreferences)
      .values({ userId, quietHours })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { quietHours, updatedAt: new Date() } });
}

/** A delivery as the worker sends it. */
export interface DueDelivery {
  id: string;
  userId: string;
  type: NotificationType;
  channel: OutsideChannel;
  title: string;
  body: string;
  url: string;
  templateParams: string[];
  attempts: number;
}

/** How long a claimed delivery is this instance's (a crashed instance's claim ends with it). */
const LEASE = '2 minutes';

/** Claims up to `limit` due deliveries (FOR UPDATE SKIP LOCKED, with a lease): several instances never send one twice at once. */
export async function claimDue(db: DbOrTx, at: Date, limit: number): Promise<DueDelivery[]> {
  const t = notificationDeliveries;
  const result = await db.execute<{
    id: string;
    user_id: string;
    type: NotificationType;
    channel: OutsideChannel;
    title: string;
    body: string;
    url: string;
    template_params: string[];
    attempts: number;
  }>(sql`
    UPDATE ${t} SET lease_until = ${at.toISOString()}::timestamptz + interval '${sql.raw(LEASE)}'
    WHERE id IN (
      SELECT id FROM ${t}
      WHERE state = 'queued' AND next_attempt_at <= ${at.toISOString()}::timestamptz AND (lease_until IS NULL OR lease_until < ${at.toISOString()}::timestamptz)
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, user_id, type, channel, title, body, url, template_params, attempts`);
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    type: r.type,
    channel: r.channel,
    title: r.title,
    body: r.body,
    url: r.url,
    templateParams: r.template_params,
    attempts: r.attempts,
  }));
}

/** Records an attempt's outcome: a state, the provider's id or reason, and (still queued) the next attempt. */
export async function recordAttempt(
  db: DbOrTx,
  id: string,
  outcome: { state: DeliveryState; reason?: string | null; providerMessageId?: string | null; nextAttemptAt?: Date },
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({
      state: outcome.state,
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      reason: outcome.reason ?? null,
      ...(outcome.providerMessageId ? { providerMessageId: outcome.providerMessageId } : {}),
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      leaseUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(notificationDeliveries.id, id));
}

/** A provider's later word, by its message id; a delivery already read is not set back to delivered. Returns whether one was found. */
export async function recordProviderStatus(
  db: DbOrTx,
  channel: OutsideChannel,
  providerMessageId: string,
  state: 'delivered' | 'read' | 'failed',
  reason?: string,
): Promise<boolean> {
  const rank = sql`CASE ${notificationDeliveries.state} WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 ELSE 1 END`;
  const incoming = state === 'read' ? 3 : state === 'delivered' ? 2 : 1;
  const rows = await db
    .update(notificationDeliveries)
    .set({ state, reason: state === 'failed' ? (reason ?? null) : sql`${notificationDeliveries.reason}`, updatedAt: new Date() })
    .where(and(eq(notificationDeliveries.channel, channel), eq(notificationDeliveries.providerMessageId, providerMessageId), sql`${rank} <= ${incoming}`))
    .returning({ id: notificationDeliveries.id });
  return rows.length > 0;
}

/** When the next queued delivery is due (the job sends itself for then), or null. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${notificationDeliveries.nextAttemptAt})` })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.state, 'queued'));
  return row?.at ? new Date(row.at) : null;
}

/** A person's deliveries, newest first, a page at a time (the console). */
export async function listDeliveries(db: DbOrTx, userId: string, before: string | undefined, limit: number): Promise<{ items: Delivery[]; hasMore: boolean }> {
  const t = notificationDeliveries;
  const cursor = before ? sql`AND (created_at, id) < ((SELECT created_at FROM ${t} WHERE id = ${before} AND user_id = ${userId}), ${before}::uuid)` : sql``;
  const result = await db.execute<{
    id: string;
    type: NotificationType;
    channel: OutsideChannel;
    state: DeliveryState;
    reason: string | null;
    attempts: number;
    created_at: string;
    updated_at: string;
  }>(sql`
    SELECT id, type, channel, state, reason, attempts, created_at, updated_at FROM ${t}
    WHERE user_id = ${userId} ${cursor}
    ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`);
  const rows = result.rows.slice(0, limit);
  return {
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      channel: r.channel,
      state: r.state,
      reason: r.reason,
      attempts: r.attempts,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    })),
    hasMore: result.rows.length > limit,
  };
}

/** The one-tap unsubscribe of an outside channel: every type off on it. */
export async function turnChannelOff(db: DbOrTx, userId: string, channel: OutsideChannel): Promise<void> {
  await saveChoices(db, userId, Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, { [channel]: false }])) as Partial<ChannelChoices>);
}
