import type { CampaignAudience, CampaignInput } from '@arreglaya/shared/schemas/campaigns';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { campaignRecipients, campaigns, listableAccount, notificationPreferences, users } from '../../db/schema/index.ts';
import { wantsMailWhere } from '../notifications/notifications.service.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

/** Recent campaigns first; the console lists this many. */
const LISTED = 100;

/** The FROM of a campaign's audience: accounts with their notification flags. */
export const audienceFrom = sql`${users} LEFT JOIN ${notificationPreferences} ON ${notificationPreferences.userId} = ${users.id}`;

/**
 * Who a campaign is for (the one rule of the preview and the send): an account of one of its roles
 * and countries, with a confirmed e-mail, active, not banned or deleted (listableAccount), and
 * "Ofertas especiales" on (the saved flag or its default, off).
 */
export function audienceWhere(a: CampaignAudience): SQL {
  return and(
    sql`${listableAccount(users)}`,
    sql`${users.role} = ANY(${sql.param(a.roles)}::user_role[])`,
    sql`${users.country} = ANY(${sql.param(a.countries)}::country_code[])`,
    wantsMailWhere('specialOffers'),
  )!;
}

/** …and not yet told of this campaign. */
export const notToldYet = (campaignId: string): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${campaignRecipients} WHERE ${campaignRecipients.campaignId} = ${campaignId} AND ${campaignRecipients.userId} = ${users.id})`;

export async function countAudience(db: Db, a: CampaignAudience): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${audienceFrom} WHERE ${audienceWhere(a)}`);
  return result.rows[0]!.n;
}

const values = (input: CampaignInput) => ({ subject: input.subject, body: input.text, roles: input.roles, countries: input.countries });

export async function insertCampaign(db: DbOrTx, input: CampaignInput, createdBy: string): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values(input), createdBy })
    .returning();
  return row!;
}

/** Changes a draft; undefined when there is no draft with that id (gone, or already sending or sent). */
export async function updateDraft(db: DbOrTx, id: string, input: CampaignInput): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set(values(input))
    .where(and(eq(campaigns.id, id), eq(campaigns.state, 'draft')))
    .returning();
  return row;
}

export async function findCampaign(db: DbOrTx, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

export function listCampaigns(db: Db): Promise<CampaignRow[]> {
  return db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(LISTED);
}

/** Draft → sending, once: a second click finds it sending and changes nothing (false). */
export async function markSending(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ state: 'sending', sendRequestedAt: new Date() })
    .where(and(eq(campaigns.id, id), eq(campaigns.state, 'draft')))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** The campaigns whose send was confirmed and has not ended (the job's schedule resumes them). */
export async function sendingCampaignIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.state, 'sending'));
  return rows.map((r) => r.id);
}

/** Sending → sent, with its counts read from its recipients. */
export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(campaigns)
    .set({
      state: 'sent',
      sentAt: new Date(),
      mailed: sql`(SELECT count(*)::int FROM ${campaignRecipients} WHERE ${campaignRecipients.campaignId} = ${id})`,
      whatsappQueued: sql`(SELECT count(*)::int FROM ${campaignRecipients} WHERE ${campaignRecipients.campaignId} = ${id} AND ${campaignRecipients.whatsappQueuedAt} IS NOT NULL)`,
    })
    .where(and(eq(campaigns.id, id), eq(campaigns.state, 'sending')));
}

/** The next recipients the notification dispatcher has not taken a WhatsApp delivery for, locked for this transaction. */
export async function lockRecipientsForWhatsApp(tx: DbOrTx, campaignId: string, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ userId: campaignRecipients.userId })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), isNull(campaignRecipients.whatsappQueuedAt)))
    .orderBy(campaignRecipients.userId)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.userId);
}

export async function markWhatsAppQueued(tx: DbOrTx, campaignId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(campaignRecipients)
    .set({ whatsappQueuedAt: new Date() })
    .where(and(eq(campaignRecipients.campaignId, campaignId), sql`${campaignRecipients.userId} = ANY(${sql.param([...userIds])}::uuid[])`));
}
