import type { SessionUser } from '@arreglaya/shared/schemas/auth';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * What the web app shows of the signed-in person (navbar, sidebar): names, contact,
 * avatar, rating (approved reviews received), unread messages (the chat's rule, decision 024:
 * the other person's messages and the notifications addressed to this person) and unread notices
 * (the notification centre's bell, decision 031: messages_unread_notices_idx).
 */
export async function findSessionUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  const rows = await db.execute<{
    id: string;
    role: SessionUser['role'];
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    avatar_photo_id: string | null;
    rating: number | null;
    unread: number;
    notices: number;
    country: SessionUser['country'];
    listed: boolean | null;
  }>(sql`
    SELECT u.id, u.role, u.first_name, u.last_name, u.email, u.phone, u.avatar_photo_id, u.country,
      CASE WHEN u.role = 'contractor' THEN coalesce(cp.listable, false) END AS listed,
      CASE WHEN u.role = 'contractor' THEN cp.rating_avg
           ELSE (SELECT avg(r.rating)::real FROM reviews r WHERE r.subject_id = u.id AND r.status = 'approved') END AS rating,
      (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE (c.client_id = u.id OR c.contractor_id = u.id)
          AND m.read_at IS NULL AND (m.sender_id <> u.id OR (m.sender_id IS NULL AND (m.recipient_id IS NULL OR m.recipient_id = u.id)))) AS unread,
      (SELECT count(*)::int FROM messages m WHERE m.recipient_id = u.id AND m.type = 'notification' AND m.read_at IS NULL) AS notices
    FROM users u LEFT JOIN contractor_profiles cp ON cp.user_id = u.id
    WHERE u.id = ${userId} AND u.status = 'active'`);
  const r = rows.rows[0];
  if (!r) return null;
  return {
    id: r.id,
    role: r.role,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    avatarUrl: r.avatar_photo_id ? `/api/photos/${r.avatar_photo_id}/sm` : null,
    rating: r.rating === null ? 0 : Math.round(r.rating * 10) / 10,
    unreadMessages: r.unread,
    unreadNotices: r.notices,
    country: r.country,
    profileListed: r.listed,
  };
}
