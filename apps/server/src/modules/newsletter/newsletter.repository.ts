import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema/index.ts';

/**
 * Subscribes an e-mail, or re-activates it. Returns the row only when this call made it
 * active (a new or returning subscriber), so the caller sends one welcome mail, not one per click.
 */
export async function activateSubscription(db: DbOrTx, email: string, token: string, userId: string | null): Promise<{ id: string; unsubscribeToken: string } | undefined> {
  const rows = await db.execute<{ id: string; unsubscribe_token: string }>(sql`
    INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token, user_id)
    VALUES (${email}, 'active', ${token}, ${userId})
    ON CONFLICT (lower(email)) DO UPDATE SET status = 'active', unsubscribed_at = NULL
      WHERE newsletter_subscriptions.status <> 'active'
    RETURNING id, unsubscribe_token`);
  const row = rows.rows[0];
  return row && { id: row.id, unsubscribeToken: row.unsubscribe_token };
}

/** The address a subscription's unsubscribe link belongs to (also when already unsubscribed). */
export async function findSubscriptionEmail(db: DbOrTx, token: string): Promise<string | undefined> {
  const row = await db.query.newsletterSubscriptions.findFirst({
    where: eq(newsletterSubscriptions.unsubscribeToken, token),
    columns: { email: true },
  });
  return row?.email;
}

export async function deactivateSubscription(db: DbOrTx, email: string): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(and(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`, eq(newsletterSubscriptions.status, 'active')));
}

/** Sets the `newsletter` notification flag of the active account with this e-mail, if any. */
export async function setAccountNewsletterFlag(db: DbOrTx, email: string, on: boolean): Promise<void> {
  await db.execute(sql`
    INSERT INTO notification_preferences (user_id, newsletter)
    SELECT id, ${on} FROM users WHERE lower(email) = lower(${email}) AND status = 'active'
    ON CONFLICT (user_id) DO UPDATE SET newsletter = EXCLUDED.newsletter, updated_at = now()`);
}
