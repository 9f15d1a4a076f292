import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema/index.ts';

/**
 * Subscribes an e-mail, or re-activates it. Returns the row only when this call made it
 * active (a new or returning subscriber), so the caller sends one welcome mail, not one per click.
 */
export async function activateSubscription(
  db: DbOrTx,
  email: string,
  token: string,
  userId: string | null,
): Promise<{ id: string; unsubscribeToken: string } | undefined> {
  const rows = await db.execute<{ id: string; unsubscribe_token: string }>(sql`
    INSERT INTO newsletter_subscriptions (email, status, unsubscribe_token, user_id)
    VALUES (${email}, 'active', ${token}, ${userId})
    ON CONFLICT (lower(email)) DO UPDATE SET status = 'active', unsubscribed_at = NULL
      WHERE newsletter_subscriptions.status <> 'active'
    RETURNING id, unsubscribe_token`);
  const row = rows.rows[0];
  return row && { id: row.id, unsubscribeToken: row.unsubscribe_token };
}

export async function unsubscribeByToken(db: DbOrTx, token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscriptions.unsubscribeToken, token), eq(newsletterSubscriptions.status, 'active')))
    .returning({ id: newsletterSubscriptions.id });
  if (rows.length > 0) return true;
  const existing = await db.query.newsletterSubscriptions.findFirst({ where: eq(newsletterSubscriptions.unsubscribeToken, token) });
  return existing !== undefined;
}
