import { and, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSettings, pushSubscriptions, users } from '../../db/schema/index.ts';

// Web Push's rows (decision 039): the devices' subscriptions, and the generated VAPID key pair in app_settings.

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const VAPID_SETTING = 'vapid_keys';

/**
 * The stored VAPID pair, created from `generate()` by whichever instance starts first: every
 * instance inserts its own candidate, one wins (ON CONFLICT DO NOTHING) and all read the winner.
 */
export async function loadOrCreateStoredVapidKeys(db: DbOrTx, generate: () => VapidKeyPair): Promise<VapidKeyPair> {
  await db.insert(appSettings).values({ key: VAPID_SETTING, value: generate() }).onConflictDoNothing();
  const row = await db.query.appSettings.findFirst({ where: eq(appSettings.key, VAPID_SETTING) });
  return row!.value as VapidKeyPair;
}

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Serialises the changes to one person's devices until the transaction ends (the cap below counts them). */
export async function lockDevicesOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`push-devices:${userId}`}, 0))`);
}

/**
 * Saves the device's subscription for this person; an endpoint already stored (the same browser)
 * moves to them with its new keys. Registered at the statement's clock (not the transaction's
 * start), so under lockDevicesOf the order of registrations is the order of their times.
 */
export async function upsertSubscription(db: DbOrTx, row: { userId: string; endpoint: string; p256dh: string; auth: string; userAgentLabel: string }): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...row, createdAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth, userAgentLabel: row.userAgentLabel, createdAt: sql`clock_timestamp()`, lastSuccessAt: null },
    });
}

/** Removes the person's devices beyond the `keep` most recently registered. */
export async function trimDevices(db: DbOrTx, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** Removes the person's own subscription at this endpoint; false when they have none there. */
export async function deleteOwnSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export async function listSubscriptions(db: DbOrTx, userId: string): Promise<StoredSubscription[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** hasSubscription as a condition on `users.id` (the dispatcher's one statement for many people). */
export function hasSubscriptionWhere(): SQL {
  return sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${users.id})`;
}

export async function hasSubscription(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Every device of the person (their sessions all ended: auth/end-access.ts). */
export async function deleteAllSubscriptionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export interface DeviceRow {
  id: string;
  endpoint: string;
  userAgentLabel: string;
  createdAt: Date;
  lastSuccessAt: Date | null;
}

/** The person's devices, the most recently registered first. */
export async function listDevicesOf(db: DbOrTx, userId: string): Promise<DeviceRow[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      userAgentLabel: pushSubscriptions.userAgentLabel,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Removes the person's own device by its id; false when they have none with it. */
export async function deleteOwnDevice(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** A push service said the subscription is gone (404/410). */
export async function deleteSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}
