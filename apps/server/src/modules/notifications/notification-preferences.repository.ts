import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { NotificationKind } from '@arreglaya/shared/schemas/notifications';
import { notificationPreferences } from '../../db/schema/index.ts';

/** The spec's four flags (ImmediateNotification, newsletter, matchesNotification, specialOffers). */
export type MailKind = NotificationKind;
export type NotificationPreferences = Record<MailKind, boolean>;

/**
 * What a person who never saved their preferences gets: the table's column defaults, read
 * from the Drizzle schema so there is one source for them.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  immediate: notificationPreferences.immediate.default as boolean,
  newsletter: notificationPreferences.newsletter.default as boolean,
  matches: notificationPreferences.matches.default as boolean,
  specialOffers: notificationPreferences.specialOffers.default as boolean,
};

export async function getNotificationPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const row = await db.query.notificationPreferences.findFirst({
    where: eq(notificationPreferences.userId, userId),
    columns: { immediate: true, newsletter: true, matches: true, specialOffers: true },
  });
  return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/**
 * Whether a mail of this kind may be sent to the person. Every sender asks this before
 * queueing, inside its own transaction when it has one.
 */
export async function wantsMail(db: DbOrTx, userId: string, kind: MailKind): Promise<boolean> {
  return (await getNotificationPreferences(db, userId))[kind];
}

/**
 * The same, for many people in one query (a new project's alerts, decision 036): in a query that
 * left-joins notification_preferences, the person's flag or its default when they never saved theirs.
 */
export function wantsMailWhere(kind: MailKind): SQL {
  return sql`coalesce(${notificationPreferences[kind]}, ${DEFAULT_NOTIFICATION_PREFERENCES[kind]})`;
}

/** Writes the given flags (the rest keep their stored or default values). */
export async function saveNotificationPreferences(db: DbOrTx, userId: string, prefs: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
  const values = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...prefs };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...prefs, updatedAt: new Date() } })
    .returning({
      immediate: notificationPreferences.immediate,
      newsletter: notificationPreferences.newsletter,
      matches: notificationPreferences.matches,
      specialOffers: notificationPreferences.specialOffers,
    });
  return row!;
}
