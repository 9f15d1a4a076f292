import type { QuoteStatus } from '@arreglaya/shared/lifecycles';
import type { Quote } from '@arreglaya/shared/schemas/projects';
import { and, asc, desc, eq, getTableColumns, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, milestones, notificationPreferences, projects, quoteActionTokens, quotes, users } from '../../db/schema/index.ts';
import { cardColumns, LISTED, type CardRow } from '../../db/contractor-listing.ts';
import { toContractorCard } from '../directory/directory.service.ts';

export type QuoteRow = typeof quotes.$inferSelect;

export function toQuote(q: QuoteRow): Quote {
  return {
    id: q.id,
    projectId: q.projectId,
    status: q.status,
    priceMinor: q.priceMinor,
    currency: q.currency,
    description: q.description,
    expiresAt: q.expiresAt?.toISOString() ?? null,
    stages: q.stages ?? null,
    counterPriceMinor: q.counterPriceMinor,
    counterComment: q.counterComment,
    counterStatus: (q.counterStatus as Quote['counterStatus']) ?? null,
    agreedPriceMinor: q.agreedPriceMinor,
    clientConfirmation: q.clientConfirmation,
    confirmationDate: q.confirmationDate?.toISOString() ?? null,
    clientComments: q.clientComments,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

export async function findQuote(db: DbOrTx, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The quote row locked (taken after its project's lock, always in that order). */
export async function lockQuote(tx: DbOrTx, id: string): Promise<QuoteRow | undefined> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export async function findOpenQuote(tx: DbOrTx, projectId: string, contractorId: string): Promise<QuoteRow | undefined> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.contractorId, contractorId), eq(quotes.status, 'created')))
    .for('update');
  return row;
}

export async function insertQuote(tx: DbOrTx, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await tx.insert(quotes).values(values).returning();
  return row!;
}

/**
 * Everything an offer needs besides the locked project, in one query (decision 020, the offer in
 * fewer statements): whether the directory lists the contractor (offers are shown with their
 * card), the contractor's contact for the client's mail, the client's name, address and whether
 * they keep immediate mails on (the notifications' default when they never saved a choice), and
 * the contractor's open quote on the project, if any. Run under the project's lock, which every
 * change to its quotes takes first.
 */
export async function findOfferContext(tx: DbOrTx, projectId: string, contractorId: string, clientId: string) {
  const client = alias(users, 'client');
  const [row] = await tx
    .select({
      listed: sql<boolean>`coalesce(${LISTED}, false)`,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      clientFirstName: client.firstName,
      clientEmail: client.email,
      clientImmediate: sql<boolean>`coalesce(${notificationPreferences.immediate}, ${notificationPreferences.immediate.default as boolean})`,
      previousId: sql<
        string | null
      >`(SELECT ${quotes.id} FROM ${quotes} WHERE ${quotes.projectId} = ${sql.placeholder('projectId')} AND ${quotes.contractorId} = ${sql.placeholder('contractorId')} AND ${quotes.status} = 'created' LIMIT 1)`,
    })
    .from(users)
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .innerJoin(client, eq(client.id, sql.placeholder('clientId')))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, client.id))
    .where(eq(users.id, sql.placeholder('contractorId')))
    // A named statement: parsed once per connection (every offer runs it).
    .prepare('offer_context')
    .execute({ projectId, contractorId, clientId });
  if (!row) return undefined;
  return {
    listed: row.listed,
    contractor: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email, phone: row.phone },
    client: { firstName: row.clientFirstName, email: row.clientEmail, wantsMail: row.clientImmediate },
    previousId: row.previousId,
  };
}

/**
 * Closes an open quote as withdrawn and spends its mail links, in one statement; false when it
 * was no longer open (the expiry sweep, which locks quotes without their project, got there first).
 */
export async function withdrawIfOpen(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    WITH q AS (UPDATE ${quotes} SET status = 'withdrawn', closed_at = ${now}, updated_at = ${now} WHERE id = ${id} AND status = 'created' RETURNING id),
      t AS (UPDATE ${quoteActionTokens} SET used_at = ${now} WHERE quote_id IN (SELECT id FROM q) AND used_at IS NULL)
    SELECT count(*)::int AS n FROM q`);
  return rows[0]!.n > 0;
}

const QUOTE_COLUMNS = Object.entries(getTableColumns(quotes));

/**
 * Inserts a quote and its mail links (the client's, hashes only) in one statement; the quote's
 * row. `links.expiresAt` null: the links expire with the quote, 30 days at most (quote-links.ts).
 */
export async function insertQuoteWithLinks(
  tx: DbOrTx,
  values: typeof quotes.$inferInsert,
  links: { clientId: string; rows: readonly { tokenHash: string; action: string }[]; maxExpiresAt: Date },
): Promise<QuoteRow> {
  const insert = tx.insert(quotes).values(values).returning();
  const pairs = sql.join(
    links.rows.map((l) => sql`(${l.tokenHash}, ${l.action})`),
    sql`, `,
  );
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    WITH q AS (${insert.getSQL()}),
      t AS (INSERT INTO ${quoteActionTokens} (token_hash, quote_id, user_id, action, expires_at)
        SELECT x.h, q.id, ${links.clientId}, x.a, least(coalesce(q.expires_at, ${links.maxExpiresAt}), ${links.maxExpiresAt})
        FROM q, (VALUES ${pairs}) AS x(h, a))
    SELECT * FROM q`);
  const raw = rows[0]!;
  return Object.fromEntries(QUOTE_COLUMNS.map(([key, column]) => [key, raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name])])) as QuoteRow;
}

export async function updateQuote(tx: DbOrTx, id: string, set: Partial<typeof quotes.$inferInsert>): Promise<QuoteRow> {
  const [row] = await tx.update(quotes).set(set).where(eq(quotes.id, id)).returning();
  return row!;
}

/** Closes the project's open quotes (but `keepId`) as rejected; returns them (their contractors are told). */
export async function rejectOpenQuotes(tx: DbOrTx, projectId: string, keepId?: string): Promise<QuoteRow[]> {
  return tx
    .update(quotes)
    .set({ status: 'rejected', closedAt: new Date() })
    .where(and(eq(quotes.projectId, projectId), eq(quotes.status, 'created'), keepId ? ne(quotes.id, keepId) : undefined))
    .returning();
}

export async function insertMilestones(tx: DbOrTx, rows: (typeof milestones.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(milestones).values(rows);
}

/** Open quotes past their expiry, locked and skipped by another sweeper, oldest first. */
export async function lockExpiredQuotes(tx: DbOrTx, now: Date, limit: number): Promise<QuoteRow[]> {
  return tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.status, 'created'), lte(quotes.expiresAt, now)))
    .orderBy(asc(quotes.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markExpired(tx: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length > 0) await tx.update(quotes).set({ status: 'expired', closedAt: now }).where(inArray(quotes.id, ids));
}

/** A contractor's public card by id (listed or not: an offer stays readable). */
export async function findContractorCard(db: DbOrTx, contractorId: string, now = new Date()) {
  const [row] = await db.select(cardColumns).from(users).innerJoin(contractorProfiles, eq(contractorProfiles.userId, users.id)).where(eq(users.id, contractorId));
  return row ? toContractorCard(row as CardRow, now) : null;
}

/** A deleted contractor's card: their profile row is gone (decision 009), only the anonymised name stays. */
const NO_PROFILE = {
  displayName: '',
  companyName: null,
  services: [],
  country: 'DO',
  city: null,
  lat: null,
  lng: null,
  ratingAvg: 0,
  ratingCount: 0,
  completedProjects: 0,
  verifiedAt: null,
  featured: false,
};

/**
 * Every quote on a project with its contractor's card (the client compares them), whether the
 * directory still lists the contractor or not (decision 023): `contractorListed` false shows the
 * name with 'Perfil no disponible' and no profile link.
 */
export async function listOffers(db: DbOrTx, projectId: string, contractorId?: string) {
  const rows = await db
    .select({ quote: quotes, card: cardColumns, listed: sql<boolean>`coalesce(${LISTED}, false)` })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.contractorId))
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .where(and(eq(quotes.projectId, projectId), contractorId ? eq(quotes.contractorId, contractorId) : undefined))
    .orderBy(desc(quotes.createdAt))
    .limit(500);
  const now = new Date();
  return rows.map((r) => ({
    ...toQuote(r.quote),
    contractor: toContractorCard((r.card.country === null ? { ...r.card, ...NO_PROFILE } : r.card) as CardRow, now),
    contractorListed: r.listed,
  }));
}

/** Mis Ofertas: the contractor's quotes, newest first, with their project's title and status. */
export async function listContractorQuotes(db: DbOrTx, contractorId: string, status: QuoteStatus | undefined) {
  const rows = await db
    .select({ quote: quotes, project: { id: projects.id, title: projects.title, status: projects.status } })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .where(and(eq(quotes.contractorId, contractorId), status ? eq(quotes.status, status) : undefined))
    .orderBy(desc(quotes.createdAt))
    .limit(500);
  return rows.map((r) => ({ ...toQuote(r.quote), project: r.project }));
}
