import type { QuoteStatus } from '@arreglaya/shared/lifecycles';
import type { Quote } from '@arreglaya/shared/schemas/quotes';
import { and, asc, desc, eq, getTableColumns, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DeferredWrites } from '../../db/deferred-writes.ts';
import { queryRows, rowOf, sqlText } from '../../db/raw-query.ts';
import { contractorProfiles, conversations, listableAccount, milestones, notificationPreferences, projects, quoteActionTokens, quotes, users } from '../../db/schema/index.ts';
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
    startDate: q.startDate,
    durationDays: q.durationDays,
    warrantyDays: q.warrantyDays,
    holdbackPercent: q.holdbackPercent,
    materialsIncluded: q.materialsIncluded,
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

const QUOTE_COLUMNS = Object.entries(getTableColumns(quotes));

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
  medianResponseMinutes: null,
  hiresCount: 0,
  priceGuide: [],
  portfolioThumbs: [],
};

/**
 * Every quote on a project with its contractor's card (the client compares them), whether the
 * directory still lists the contractor or not (decision 023): `contractorListed` false shows the
 * name with 'Perfil no disponible' and no profile link.
 */
export async function listOffers(db: DbOrTx, projectId: string, contractorId?: string) {
  const rows = await db
    .select({
      quote: quotes,
      card: cardColumns,
      listed: sql<boolean>`coalesce(${LISTED}, false)`,
      active: sql<boolean>`${listableAccount(users)}`,
      conversationId: conversations.id,
    })
    .from(quotes)
    .innerJoin(users, eq(users.id, quotes.contractorId))
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    // The chat of the project's client and this contractor ('Escribir', decision 043): every offer opens it (decision 020).
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .leftJoin(conversations, and(eq(conversations.clientId, projects.clientId), eq(conversations.contractorId, quotes.contractorId), eq(conversations.projectId, quotes.projectId)))
    .where(and(eq(quotes.projectId, projectId), contractorId ? eq(quotes.contractorId, contractorId) : undefined))
    .orderBy(desc(quotes.createdAt))
    .limit(500);
  const now = new Date();
  return rows.map((r) => ({
    ...toQuote(r.quote),
    contractor: toContractorCard((r.card.country === null ? { ...r.card, ...NO_PROFILE } : r.card) as CardRow, now),
    contractorListed: r.listed,
    // 'Escribir' only to someone who can still answer: not to a banned or deleted account.
    conversationId: r.active ? r.conversationId : null,
  }));
}

/** Mis ofertas: the contractor's quotes, newest first, with their project's title and status. */
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

// ---- Making an offer in four round trips (decision 020) ----

const OFFER_LOCK = `SELECT p.*,
    coalesce(${sqlText(LISTED)}, false) AS x_listed, contractor_profiles.paused_at IS NOT NULL AS x_paused,
    users.first_name AS x_first_name, users.last_name AS x_last_name, users.email AS x_email, users.phone AS x_phone,
    cl.first_name AS x_client_first_name, cl.email AS x_client_email,
    coalesce(np.immediate, ${notificationPreferences.immediate.default ? 'true' : 'false'}) AS x_client_immediate,
    set_config('arreglaya.projects_notified_after_commit', 'on', true) AS x_notified_after_commit
  FROM projects p
  LEFT JOIN users ON users.id = $2
  LEFT JOIN contractor_profiles ON contractor_profiles.user_id = users.id
  LEFT JOIN users cl ON cl.id = p.client_id
  LEFT JOIN notification_preferences np ON np.user_id = p.client_id
  WHERE p.id = $1
  FOR UPDATE OF p`;

/**
 * The project locked, with what an offer needs of both people, in one named statement: whether the
 * directory lists the contractor (offers are shown with their card), the contractor's contact for
 * the client's mail, the client's name, address and whether they keep immediate mails on (the
 * notifications' default when they never saved a choice). Undefined when there is no such project;
 * `contractor` undefined when there is no such user. The contractor's open quote is not read here:
 * this statement's snapshot is taken before it waits for the lock, so it could miss an offer
 * committed meanwhile; the withdrawal in `offerOnCommit` finds it after the lock.
 *
 * It also tells migration 0017's triggers that this transaction sends 'projects_changed' for the
 * project itself, after commit (`arreglaya.projects_notified_after_commit`, migration 0022): the
 * caller must (makeQuote does, with `DeferredWrites.notify`).
 */
export async function lockForOffer(tx: DbOrTx, projectId: string, contractorId: string) {
  const [raw] = await queryRows(tx, OFFER_LOCK, [projectId, contractorId]);
  if (!raw) return undefined;
  return {
    project: rowOf(projects, raw),
    listed: raw.x_listed === true,
    /** Paused after late cancellations or no-shows (decision 057): not listed, and told why. */
    paused: raw.x_paused === true,
    contractor: { name: `${raw.x_first_name as string} ${raw.x_last_name as string}`.trim(), email: raw.x_email as string, phone: raw.x_phone as string | null },
    client: { firstName: raw.x_client_first_name as string, email: raw.x_client_email as string, wantsMail: raw.x_client_immediate === true },
  };
}

/**
 * Counts one more replacement of the contractor's open offer on the project, when there is one to
 * replace: the replacements counted in this window (this one included), or 0 when the offer replaces
 * nothing. In the `rate_limits` table (decision 004), inside the offer's transaction (a refused
 * offer does not count) and after the project's lock, so offers sent together are counted in turn
 * (this statement, unlike the lock's, sees an offer committed while it waited).
 */
export async function countReplacement(tx: DbOrTx, projectId: string, contractorId: string, windowMs: number): Promise<number> {
  const key = `offer-replaced:${projectId}:${contractorId}`;
  const r = await tx.execute<{ hits: number | null }>(sql`
    WITH open AS (SELECT 1 FROM ${quotes} WHERE project_id = ${projectId} AND contractor_id = ${contractorId} AND status = 'created' LIMIT 1),
    hit AS (
      INSERT INTO rate_limits (key, hits, reset_at)
      SELECT ${key}, 1, now() + ${windowMs} * interval '1 millisecond' FROM open
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
        reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
      RETURNING hits)
    SELECT (SELECT hits FROM hit) AS hits`);
  return r.rows[0]?.hits ?? 0;
}

/**
 * The offer's writes, deferred to the transaction's single write statement (db/deferred-writes.ts):
 * the contractor's open quote on the project withdrawn with its links spent (still `WHERE status =
 * 'created'`: one the expiry sweep closed first is not counted as replaced), then the quote (its id
 * given) and its two mail links. Returns the names to read in the final select: the quote's row and
 * the withdrawn quote's id, if any.
 */
export function offerOnCommit(
  later: DeferredWrites,
  values: {
    id: string;
    projectId: string;
    contractorId: string;
    priceMinor: number;
    currency: string;
    description: string;
    expiresAt: Date;
    stages: unknown;
    terms: { startDate: string; durationDays: number; warrantyDays: number; holdbackPercent: number; materialsIncluded: boolean };
    now: Date;
  },
  links: { clientId: string; rows: readonly { tokenHash: string; action: string }[]; maxExpiresAt: Date },
): { quote: SQL; withdrawn: SQL } {
  const { now } = values;
  const withdrawn = later.write(
    sql`UPDATE ${quotes} SET status = 'withdrawn', closed_at = ${now}, updated_at = ${now} WHERE project_id = ${values.projectId} AND contractor_id = ${values.contractorId} AND status = 'created' RETURNING id`,
  );
  later.write(sql`UPDATE ${quoteActionTokens} SET used_at = ${now} WHERE quote_id IN (SELECT id FROM ${withdrawn}) AND used_at IS NULL`);
  // Reading the withdrawal's count makes it run first: the one-open-quote index sees the old one closed.
  const t = values.terms;
  const quote =
    later.write(sql`INSERT INTO ${quotes} (id, project_id, contractor_id, price_minor, currency, description, expires_at, stages, start_date, duration_days, warranty_days, holdback_percent, materials_included)
    SELECT ${values.id}, ${values.projectId}, ${values.contractorId}, ${values.priceMinor}, ${values.currency}, ${values.description}, ${values.expiresAt}, ${values.stages === null ? null : JSON.stringify(values.stages)}::jsonb,
      ${t.startDate}::date, ${t.durationDays}::smallint, ${t.warrantyDays}::smallint, ${t.holdbackPercent}::smallint, ${t.materialsIncluded}::boolean
    FROM (SELECT count(*) FROM ${withdrawn}) AS before
    RETURNING *`);
  const pairs = sql.join(
    links.rows.map((l) => sql`(${l.tokenHash}, ${l.action})`),
    sql`, `,
  );
  later.write(sql`INSERT INTO ${quoteActionTokens} (token_hash, quote_id, user_id, action, expires_at)
    SELECT x.h, q.id, ${links.clientId}, x.a, least(coalesce(q.expires_at, ${links.maxExpiresAt}), ${links.maxExpiresAt})
    FROM ${quote} AS q, (VALUES ${pairs}) AS x(h, a)`);
  return { quote, withdrawn };
}

/** A quote's row from the final select of an offer's write statement. */
export function quoteOf(raw: Record<string, unknown>): QuoteRow {
  return Object.fromEntries(QUOTE_COLUMNS.map(([key, column]) => [key, raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name])])) as QuoteRow;
}
