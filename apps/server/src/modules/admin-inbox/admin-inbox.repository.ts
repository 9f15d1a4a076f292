import type { ContactKind, InboxStatus } from '@arreglaya/shared/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests, newsletterSubscriptions, referrals, users } from '../../db/schema/index.ts';

export interface Page {
  limit: number;
  offset: number;
}

/** One page of a contact form's records (newest first) and the total, optionally of one status. */
export async function listContactItems(db: DbOrTx, kind: ContactKind, status: InboxStatus | undefined, page: Page) {
  const where = and(eq(contactRequests.kind, kind), status ? eq(contactRequests.status, status) : undefined);
  const [rows, total] = await Promise.all([
    db.query.contactRequests.findMany({ where, orderBy: [desc(contactRequests.createdAt), desc(contactRequests.id)], limit: page.limit, offset: page.offset }),
    db.$count(contactRequests, where),
  ]);
  return { rows, total };
}

/** One page of referrals (newest first), with the referring person's name. */
export async function listReferralItems(db: DbOrTx, status: InboxStatus | undefined, page: Page) {
  const where = status ? eq(referrals.status, status) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: referrals.id,
        name: referrals.name,
        email: referrals.email,
        phone: referrals.phone,
        status: referrals.status,
        replyText: referrals.replyText,
        createdAt: referrals.createdAt,
        referredBy: sql<string | null>`nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      })
      .from(referrals)
      .leftJoin(users, eq(users.id, referrals.referrerId))
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(page.limit)
      .offset(page.offset),
    db.$count(referrals, where),
  ]);
  return { rows, total };
}

/** The contact record locked for a reply or close, or undefined. */
export async function lockContactItem(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: contactRequests.id, kind: contactRequests.kind, firstName: contactRequests.firstName, email: contactRequests.email, status: contactRequests.status })
    .from(contactRequests)
    .where(eq(contactRequests.id, id))
    .for('update');
  return row && { id: row.id, kind: row.kind, name: row.firstName, email: row.email, status: row.status };
}

export async function lockReferralItem(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: referrals.id, name: referrals.name, email: referrals.email, status: referrals.status })
    .from(referrals)
    .where(eq(referrals.id, id))
    .for('update');
  return row;
}

export async function setContactItemStatus(tx: DbOrTx, id: string, change: { status: InboxStatus; by: string; replyText?: string }) {
  await tx
    .update(contactRequests)
    .set({ status: change.status, handledBy: change.by, handledAt: new Date(), ...(change.replyText === undefined ? {} : { replyText: change.replyText }) })
    .where(eq(contactRequests.id, id));
}

export async function setReferralItemStatus(tx: DbOrTx, id: string, change: { status: InboxStatus; by: string; replyText?: string }) {
  await tx
    .update(referrals)
    .set({ status: change.status, handledBy: change.by, handledAt: new Date(), ...(change.replyText === undefined ? {} : { replyText: change.replyText }) })
    .where(eq(referrals.id, id));
}

/** One page of newsletter subscriptions (newest first) and the total. */
export async function listSubscriptions(db: DbOrTx, page: Page) {
  const [rows, total] = await Promise.all([
    db.query.newsletterSubscriptions.findMany({
      columns: { id: true, email: true, status: true, createdAt: true, unsubscribedAt: true },
      orderBy: [desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id)],
      limit: page.limit,
      offset: page.offset,
    }),
    db.$count(newsletterSubscriptions),
  ]);
  return { rows, total };
}
