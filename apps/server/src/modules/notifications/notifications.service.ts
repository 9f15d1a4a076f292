import type { NotificationPreferencesInput } from '@arreglaya/shared/schemas/notifications';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { setNewsletterSubscription } from '../newsletter/newsletter.service.ts';
import { findUserEmail } from '../users/users.service.ts';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
  wantsMail as wantsMailRow,
  wantsMailWhere,
  type MailKind,
  type NotificationPreferences,
} from './notification-preferences.repository.ts';

export interface NotificationsDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/**
 * Whether a mail of this kind may be sent to the person (their saved flags, or the defaults).
 * Every sender in another module asks this before queueing, inside its own transaction.
 */
export function wantsMail(db: DbOrTx, userId: string, kind: MailKind): Promise<boolean> {
  return wantsMailRow(db, userId, kind);
}

/** In a query left-joining notification_preferences: whether the person wants this kind of mail (their flag or the default). */
export { wantsMailWhere };

/** The signed-in person's own flags; there is no way to name another person. */
export function readPreferences(deps: NotificationsDeps, userId: string): Promise<NotificationPreferences> {
  return getNotificationPreferences(deps.db, userId);
}

/**
 * Saves the four flags. The newsletter flag is the person's subscription: turning it on
 * subscribes their account's e-mail (welcome mail included), off unsubscribes it, through
 * the newsletter module's one rule, in the same transaction.
 */
export async function updatePreferences(deps: NotificationsDeps, userId: string, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
  let queued = false;
  const saved = await deps.db.transaction(async (tx) => {
    const user = await findUserEmail(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const { newsletter, ...others } = input;
    const before = await getNotificationPreferences(tx, userId);
    await saveNotificationPreferences(tx, userId, others);
    if (newsletter !== before.newsletter) queued = await setNewsletterSubscription(tx, deps, user.email, userId, newsletter);
    return getNotificationPreferences(tx, userId);
  });
  if (queued) deps.mailer.kick();
  return saved;
}

/**
 * Turns one of an account's flags off (a mail's unsubscribe link: decision 041's special offers);
 * false when there is no such account. Works for any account that exists: it only stops mail.
 */
export async function turnOffMailKind(db: Db, userId: string, kind: Exclude<MailKind, 'newsletter'>): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await findUserEmail(tx, userId))) return false;
    await saveNotificationPreferences(tx, userId, { [kind]: false });
    return true;
  });
}
