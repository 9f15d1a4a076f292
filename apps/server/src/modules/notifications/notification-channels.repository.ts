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
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
import { notificationChannelChoices, notificationDeliveries, notificationPreferences, notificationStatusEvents, users } from '../../db/schema/index.ts';
import type { ChatPair } from '../../db/schema/notifications.ts';

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
  /** The conversation it is about (a WhatsApp reply goes there, decision 061). */
  chatPair?: ChatPair | null;
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
  const statement = sql`INSERT INTO ${notificationDeliveries} (user_id, type, channel, source_key, title, body, url, template_params, chat_pair, next_attempt_at)
    SELECT ${users.id}, ${type}, c.channel, ${d.sourceKey}, ${d.title}, ${d.body}, ${d.url}, ${JSON.stringify(d.templateParams)}::jsonb, ${d.chatPair ? JSON.stringify(d.chatPair) : null}::jsonb, ${dueAtSql(type, d.at)}
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
  /** Set when a status callback already tied a provider's message to this delivery: it was sent, not to be sent again. */
  providerMessageId: string | null;
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
    provider_message_id: string | null;
  }>(sql`
    UPDATE ${t} SET lease_until = ${at.toISOString()}::timestamptz + interval '${sql.raw(LEASE)}'
    WHERE id IN (
      SELECT id FROM ${t}
      WHERE state = 'queued' AND next_attempt_at <= ${at.toISOString()}::timestamptz AND (lease_until IS NULL OR lease_until < ${at.toISOString()}::timestamptz)
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, user_id, type, channel, title, body, url, template_params, attempts, provider_message_id`);
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
    providerMessageId: r.provider_message_id,
  }));
}

/** An attempt's outcome: a state, the provider's id or reason, and (still queued) the next attempt. */
export interface AttemptOutcome {
  id: string;
  state: DeliveryState;
  reason?: string | null;
  providerMessageId?: string | null;
  nextAttemptAt?: Date;
  /** False: not tried this round (held behind the person's slow attempt, issue 48), so no attempt is counted. */
  attempted?: boolean;
}

/**
 * Records a round's outcomes in one statement (decision 038: 20 fan-outs took 3x longer with one
 * UPDATE per delivery): the outcomes go as arrays, unnested into rows. A provider message id
 * already stored (a status callback tied it to this delivery) is kept when the outcome has none.
 */
export async function recordOutcomes(db: DbOrTx, outcomes: readonly AttemptOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const t = notificationDeliveries;
  const col = <T>(pick: (o: AttemptOutcome) => T) => sql.param(outcomes.map(pick));
  // A provider that echoes our delivery's id (WhatsApp's biz_opaque_callback_data) can tie its
  // statuses to the delivery before this write: a delivered, read or failed it applied stays (with
  // its reason) rather than going back to the "sent" of the answer.
  const providerSpoke = sql`(v.state = 'sent' AND ${t.state} IN ('delivered', 'read', 'failed'))`;
  await db.execute(sql`
    UPDATE ${t} SET state = CASE WHEN ${providerSpoke} THEN ${t.state} ELSE v.state END, attempts = ${t.attempts} + CASE WHEN v.attempted THEN 1 ELSE 0 END,
      reason = CASE WHEN ${providerSpoke} THEN ${t.reason} ELSE v.reason END,
      provider_message_id = coalesce(v.provider_message_id, ${t.providerMessageId}),
      next_attempt_at = coalesce(v.next_attempt_at, ${t.nextAttemptAt}), lease_until = NULL, updated_at = now()
    FROM unnest(${col((o) => o.id)}::uuid[], ${col((o) => o.state)}::varchar[], ${col((o) => o.reason ?? null)}::text[],
      ${col((o) => o.providerMessageId ?? null)}::text[], ${col((o) => o.nextAttemptAt?.toISOString() ?? null)}::timestamptz[],
      ${col((o) => o.attempted ?? true)}::boolean[])
      AS v(id, state, reason, provider_message_id, next_attempt_at, attempted)
    WHERE ${t.id} = v.id`);
}

/** A delivery's state as a rank: a provider's status never moves a delivery to a lower one. */
const rankOf = (state: SQL) => sql`CASE ${state} WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 ELSE 1 END`;

export interface ProviderStatus {
  channel: OutsideChannel;
  providerMessageId: string;
  state: 'delivered' | 'read' | 'failed';
  reason?: string | undefined;
  addressGone?: boolean | undefined;
}

/** A status applied to a delivery: whose it is, and whether the provider said the address cannot receive. */
export interface AppliedStatus {
  userId: string;
  channel: OutsideChannel;
  state: DeliveryState;
  reason: string | null;
  addressGone: boolean;
}

/**
 * A provider's later word, by its message id; a delivery already read is not set back to delivered.
 * `found`: a delivery has that id (whether or not its state moved); `applied`: it moved.
 */
export async function recordProviderStatus(db: DbOrTx, s: ProviderStatus): Promise<{ found: boolean; applied: AppliedStatus | null }> {
  const t = notificationDeliveries;
  const result = await db.execute<{ user_id: string; moved: boolean }>(sql`
    WITH d AS (SELECT id, user_id FROM ${t} WHERE channel = ${s.channel} AND provider_message_id = ${s.providerMessageId}),
    u AS (
      UPDATE ${t} SET state = ${s.state}, reason = ${s.state === 'failed' ? (s.reason ?? null) : sql`${t.reason}`}, updated_at = now()
      FROM d WHERE ${t.id} = d.id AND ${rankOf(sql`${t.state}`)} <= ${rankOf(sql`${s.state}::varchar`)}
      RETURNING ${t.id})
    SELECT d.user_id, u.id IS NOT NULL AS moved FROM d LEFT JOIN u ON u.id = d.id`);
  const row = result.rows[0];
  if (!row) return { found: false, applied: null };
  return {
    found: true,
    applied: row.moved
      ? { userId: row.user_id, channel: s.channel, state: s.state, reason: s.state === 'failed' ? (s.reason ?? null) : null, addressGone: s.addressGone === true }
      : null,
  };
}

/**
 * A status callback for a message id no delivery has yet (the provider answered before our "sent"
 * write committed): kept until the id is stored (applyKeptStatuses), at most a day (the purge).
 */
export async function keepStatus(db: DbOrTx, s: ProviderStatus): Promise<void> {
  await db
    .insert(notificationStatusEvents)
    .values({ channel: s.channel, providerMessageId: s.providerMessageId, state: s.state, reason: s.reason ?? null, addressGone: s.addressGone === true })
    .onConflictDoNothing();
}

/**
 * Applies the kept statuses of these deliveries (by id) or of one provider message, and forgets
 * them: the highest of a delivery's kept statuses wins, and never moves it back. Run after the
 * statement that stored the ids has committed and by the callback after it kept its status, so
 * whichever comes second sees both.
 */
export async function applyKeptStatuses(db: DbOrTx, which: { deliveryIds: readonly string[] } | { channel: OutsideChannel; providerMessageId: string }): Promise<AppliedStatus[]> {
  const t = notificationDeliveries;
  const e = notificationStatusEvents;
  const match =
    'deliveryIds' in which
      ? sql`d.id = ANY(${sql.param([...which.deliveryIds])}::uuid[])`
      : sql`d.channel = ${which.channel} AND d.provider_message_id = ${which.providerMessageId}`;
  const result = await db.execute<{ user_id: string; channel: OutsideChannel; state: DeliveryState; reason: string | null; address_gone: boolean }>(sql`
    WITH kept AS (
      DELETE FROM ${e} USING ${t} d
      WHERE ${match} AND ${e.channel} = d.channel AND ${e.providerMessageId} = d.provider_message_id
      RETURNING d.id AS delivery_id, ${e.state} AS state, ${e.reason} AS reason, ${e.addressGone} AS address_gone, ${e.receivedAt} AS received_at),
    best AS (SELECT DISTINCT ON (delivery_id) * FROM kept ORDER BY delivery_id, ${rankOf(sql`state`)} DESC, received_at DESC)
    UPDATE ${t} SET state = best.state, reason = CASE WHEN best.state = 'failed' THEN best.reason ELSE ${t.reason} END, updated_at = now()
    FROM best WHERE ${t.id} = best.delivery_id AND ${rankOf(sql`${t.state}`)} <= ${rankOf(sql`best.state`)}
    RETURNING ${t.userId} AS user_id, ${t.channel} AS channel, best.state, best.reason, best.address_gone`);
  return result.rows.map((r) => ({ userId: r.user_id, channel: r.channel, state: r.state, reason: r.reason, addressGone: r.address_gone }));
}

/**
 * A status callback named our delivery (WhatsApp echoes `biz_opaque_callback_data`, the delivery's
 * id): its message id is stored if the delivery has none yet, so a retry after a lost answer does
 * not send it again (Meta has no idempotency key).
 */
export async function attachProviderMessageId(db: DbOrTx, deliveryId: string, channel: OutsideChannel, providerMessageId: string): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ providerMessageId, updatedAt: new Date() })
    .where(and(eq(notificationDeliveries.id, deliveryId), eq(notificationDeliveries.channel, channel), isNull(notificationDeliveries.providerMessageId)));
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

/** Rows deleted per statement by the purge: short transactions, no long lock on a busy table. */
export const PURGE_BATCH = 5_000;

/** Deletes, a batch at a time, the rows of `table` that `where` picks (by ctid); how many. */
export async function deleteInBatches(db: DbOrTx, table: SQL, where: SQL, batch = PURGE_BATCH): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${batch}))`);
    const n = result.rowCount ?? 0;
    deleted += n;
    if (n < batch) return deleted;
  }
}

/** Deliveries older than `before` in a final state (anything but queued), and kept statuses older than `keptBefore`. */
export async function purgeDeliveries(db: DbOrTx, before: Date, keptBefore: Date, batch = PURGE_BATCH): Promise<{ deliveries: number; keptStatuses: number }> {
  const deliveries = await deleteInBatches(db, sql`${notificationDeliveries}`, sql`created_at < ${before.toISOString()}::timestamptz AND state <> 'queued'`, batch);
  const keptStatuses = await deleteInBatches(db, sql`${notificationStatusEvents}`, sql`received_at < ${keptBefore.toISOString()}::timestamptz`, batch);
  return { deliveries, keptStatuses };
}
