import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Currency } from '@arreglaya/shared/domain';
import type { DbOrTx } from '../../db/client.ts';
import { escrowsOf } from './ledger.repository.ts';
import { ledgerTransactions, milestones, notificationPreferences, payments, projects, quotes, users } from '../../db/schema/index.ts';

import type { PaymentMethodRow } from './payment-methods.repository.ts';

export type { PaymentMethodRow };
export type PaymentRow = typeof payments.$inferSelect;

// ---- The project being paid for (read and locked here; the projects module moves it) ----

export async function lockProjectForMoney(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: projects.id, clientId: projects.clientId, contractorId: projects.contractorId, status: projects.status, acceptedQuoteId: projects.acceptedQuoteId })
    .from(projects)
    .where(eq(projects.id, id))
    .for('update');
  return row;
}

/** The project locked for funding, with its accepted quote's price (null before hiring), in one query. */
export async function lockProjectForFunding(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: projects.id,
      clientId: projects.clientId,
      contractorId: projects.contractorId,
      status: projects.status,
      acceptedQuoteId: projects.acceptedQuoteId,
      assignedAt: projects.assignedAt,
      country: projects.country,
      agreedPriceMinor: quotes.agreedPriceMinor,
      currency: quotes.currency,
      staged: sql<boolean>`${quotes.stages} IS NOT NULL`,
    })
    .from(projects)
    .leftJoin(quotes, eq(quotes.id, projects.acceptedQuoteId))
    .where(eq(projects.id, id))
    .for('update', { of: projects });
  if (!row) return undefined;
  const { agreedPriceMinor, currency, staged, ...project } = row;
  return { ...project, price: agreedPriceMinor === null || currency === null ? undefined : { agreedPriceMinor, currency, staged } };
}

export async function findProjectForMoney(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: projects.id,
      clientId: projects.clientId,
      contractorId: projects.contractorId,
      status: projects.status,
      acceptedQuoteId: projects.acceptedQuoteId,
      assignedAt: projects.assignedAt,
    })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

/** When money last left a project's escrow to the contractor and back to the client (the project page's money panel). */
export async function findLastMoneyMoves(db: DbOrTx, projectId: string): Promise<{ releasedAt: Date | null; refundedAt: Date | null }> {
  const [row] = await db
    .select({
      releasedAt: sql<Date | null>`max(${ledgerTransactions.createdAt}) FILTER (WHERE ${ledgerTransactions.kind} = 'release')`.mapWith((v: string | null) =>
        v ? new Date(v) : null,
      ),
      refundedAt: sql<Date | null>`max(${ledgerTransactions.createdAt}) FILTER (WHERE ${ledgerTransactions.kind} = 'refund')`.mapWith((v: string | null) =>
        v ? new Date(v) : null,
      ),
    })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.projectId, projectId));
  return { releasedAt: row?.releasedAt ?? null, refundedAt: row?.refundedAt ?? null };
}

export async function findAcceptedPrice(db: DbOrTx, quoteId: string) {
  const [row] = await db
    .select({ agreedPriceMinor: quotes.agreedPriceMinor, currency: quotes.currency, staged: sql<boolean>`${quotes.stages} IS NOT NULL` })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return row;
}

/** The plan of the project's current hire (a hire that ended before funding leaves its unpaid milestones behind, with their failed payments). */
export function listMilestones(db: DbOrTx, projectId: string) {
  return db
    .select()
    .from(milestones)
    .where(and(eq(milestones.projectId, projectId), sql`${milestones.quoteId} = (SELECT ${projects.acceptedQuoteId} FROM ${projects} WHERE ${projects.id} = ${projectId})`))
    .orderBy(asc(milestones.position));
}

export async function lockMilestone(tx: DbOrTx, projectId: string, id: string) {
  const [row] = await tx
    .select()
    .from(milestones)
    .where(and(eq(milestones.projectId, projectId), eq(milestones.id, id)))
    .for('update');
  return row;
}

/** Moves milestones from one state to another (only those in `from`; only `ids` when given). `split`: part released, part refunded. */
export async function markMilestones(tx: DbOrTx, projectId: string, from: 'pending' | 'funded', to: 'funded' | 'released' | 'refunded' | 'split', ids?: string[]): Promise<void> {
  const now = new Date();
  const stamp = to === 'funded' ? { fundedAt: now } : to === 'released' ? { releasedAt: now } : to === 'refunded' ? { refundedAt: now } : { releasedAt: now, refundedAt: now };
  await tx
    .update(milestones)
    .set({ status: to, ...stamp })
    .where(and(eq(milestones.projectId, projectId), eq(milestones.status, from), ...(ids ? [inArray(milestones.id, ids)] : [])));
}

// ---- Payments (charges) ----

export function listProjectPayments(db: DbOrTx, projectId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.projectId, projectId)).orderBy(asc(payments.createdAt));
}

export async function insertPayment(tx: DbOrTx, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await tx.insert(payments).values(row).returning();
  return inserted!;
}

/** A hired project's client, contractor and id (a notice's conversation); undefined before a contractor is hired. */
export async function findProjectPair(db: DbOrTx, projectId: string) {
  const [row] = await db.select({ clientId: projects.clientId, contractorId: projects.contractorId }).from(projects).where(eq(projects.id, projectId));
  return row?.contractorId ? { clientId: row.clientId, contractorId: row.contractorId, projectId } : undefined;
}

/** A project's cash or transfer payment waiting for the money, if any (at most one is under way). */
export async function findOpenOfflinePayment(db: DbOrTx, projectId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.projectId, projectId), eq(payments.status, 'pending'), ne(payments.rail, 'card')))
    .limit(1);
  return row;
}

/** A project's newest cash or transfer payment, whatever its status. */
export async function findLastOfflinePayment(db: DbOrTx, projectId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.projectId, projectId), ne(payments.rail, 'card')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

export async function findPaymentByKey(db: DbOrTx, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row;
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function lockPayment(tx: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** Updates a payment; the row as it is now. */
export async function updatePayment(tx: DbOrTx, id: string, set: Partial<typeof payments.$inferInsert>): Promise<PaymentRow | undefined> {
  const [row] = await tx.update(payments).set(set).where(eq(payments.id, id)).returning();
  return row;
}

/**
 * Settles a payment still pending or challenged to another state (the caller holds its project's
 * lock); the row as it is now, or undefined when it was settled before or is already in that state.
 */
export async function settleUnsettledPayment(
  tx: DbOrTx,
  id: string,
  status: PaymentRow['status'],
  set: Pick<Partial<typeof payments.$inferInsert>, 'processorRef' | 'failureCode' | 'nextActionUrl'>,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...set, status })
    // A card challenge that expired (payment-expiry.ts) and was answered after all: the money moved, so it settles.
    .where(
      and(
        eq(payments.id, id),
        or(inArray(payments.status, ['pending', 'requires_action']), status === 'succeeded' ? eq(payments.status, 'expired') : undefined),
        ne(payments.status, status),
      ),
    )
    .returning();
  return row;
}

/** Payments whose outcome we do not know yet (the processor did not answer, or a challenge is open). */
export function listUnsettledPayments(db: DbOrTx, olderThan: Date) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.rail, 'card'), inArray(payments.status, ['pending', 'requires_action']), lt(payments.updatedAt, olderThan)));
}

export async function findPaymentsByRefs(db: DbOrTx, refs: string[]) {
  if (refs.length === 0) return [];
  return db.select({ id: payments.id, processorRef: payments.processorRef, status: payments.status }).from(payments).where(inArray(payments.processorRef, refs));
}

export async function findPerson(db: DbOrTx, id: string) {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, id));
  return row ? { email: row.email, firstName: row.firstName ?? '' } : undefined;
}

/** Whom a receipt goes to and the project's title, in one query. */
export async function findReceiptContext(db: DbOrTx, userId: string, projectId: string | null) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      title: projectId ? sql<string | null>`(SELECT ${projects.title} FROM ${projects} WHERE ${projects.id} = ${projectId})` : sql<null>`NULL`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { email: row.email, firstName: row.firstName ?? '', title: row.title ?? '' } : undefined;
}

/** A person as a receipt or a notice needs them: where to write, how to greet, and whether they keep immediate mails on. */
export interface MoneyContact {
  email: string;
  firstName: string;
  name: string;
  immediate: boolean;
}

/**
 * A project's title and its two people (the client, and the contractor once hired) with their
 * immediate-mail preference (the column's default when they never saved one), in one query: what
 * the receipts and notices of a money move need, instead of a query per person and per preference.
 */
export async function findProjectPeople(db: DbOrTx, projectId: string) {
  const r = await db.execute<PeopleRow>(sql`SELECT ${PEOPLE_COLUMNS} ${PEOPLE_FROM} WHERE p.id = ${projectId}::uuid`);
  const row = r.rows[0];
  return row ? peopleOf(row) : undefined;
}

/**
 * findProjectPeople with the project's escrows (escrowOf's sums) in the same statement: what an
 * approval reads after locking the project, for the release, its receipt and the notice.
 */
export async function findProjectPeopleAndEscrow(db: DbOrTx, projectId: string) {
  const r = await db.execute<PeopleRow & { escrow: { currency: Currency; kind: string; total: number; milestones: boolean }[] }>(sql`
    SELECT ${PEOPLE_COLUMNS},
           (SELECT coalesce(json_agg(json_build_object('currency', s.currency, 'kind', s.kind, 'total', s.total, 'milestones', s.milestones)), '[]'::json)
              FROM (SELECT e.currency, t.kind, sum(e.amount_minor)::bigint AS total, bool_or(t.milestone_id IS NOT NULL) AS milestones
                      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
                     WHERE a.kind = 'escrow' AND a.project_id = p.id GROUP BY e.currency, t.kind) s) AS escrow
    ${PEOPLE_FROM} WHERE p.id = ${projectId}::uuid`);
  const row = r.rows[0];
  return row ? { ...peopleOf(row), escrows: escrowsOf(row.escrow) } : undefined;
}

/** A person who never saved their preferences keeps immediate mails as the column's default says. */
const IMMEDIATE_BY_DEFAULT = notificationPreferences.immediate.default as boolean;

type PeopleRow = {
  title: string;
  c_email: string;
  c_first: string | null;
  c_last: string | null;
  c_immediate: boolean;
  k_email: string | null;
  k_first: string | null;
  k_last: string | null;
  k_immediate: boolean | null;
};

// A project `p` with its title, its client `c` and its contractor `k` (when hired), each with their immediate-mail preference.
const PEOPLE_COLUMNS = sql`p.title, c.email AS c_email, c.first_name AS c_first, c.last_name AS c_last, coalesce(cn.immediate, ${IMMEDIATE_BY_DEFAULT}::boolean) AS c_immediate,
       k.email AS k_email, k.first_name AS k_first, k.last_name AS k_last, coalesce(kn.immediate, ${IMMEDIATE_BY_DEFAULT}::boolean) AS k_immediate`;
const PEOPLE_FROM = sql`FROM projects p JOIN users c ON c.id = p.client_id
      LEFT JOIN notification_preferences cn ON cn.user_id = p.client_id
      LEFT JOIN users k ON k.id = p.contractor_id
      LEFT JOIN notification_preferences kn ON kn.user_id = p.contractor_id`;

function peopleOf(row: PeopleRow) {
  const person = (email: string, first: string | null, last: string | null, immediate: boolean): MoneyContact => ({
    email,
    firstName: first ?? '',
    name: `${first ?? ''} ${last ?? ''}`.trim(),
    immediate,
  });
  return {
    title: row.title,
    client: person(row.c_email, row.c_first, row.c_last, row.c_immediate),
    contractor: row.k_email === null ? null : person(row.k_email, row.k_first, row.k_last, row.k_immediate ?? IMMEDIATE_BY_DEFAULT),
  };
}

export async function findProjectTitle(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, id));
  return row?.title ?? '';
}

/**
 * The project locked to settle a payment, with its title and its two people as findProjectPeople
 * reads them (for the receipt and the notice), in one statement.
 */
export async function lockProjectWithPeople(tx: DbOrTx, projectId: string) {
  const r = await tx.execute<PeopleRow & { id: string; client_id: string; contractor_id: string | null; status: (typeof projects.$inferSelect)['status'] }>(sql`
    SELECT p.id, p.client_id, p.contractor_id, p.status, ${PEOPLE_COLUMNS} ${PEOPLE_FROM} WHERE p.id = ${projectId}::uuid FOR UPDATE OF p`);
  const row = r.rows[0];
  if (!row) return undefined;
  return { project: { id: row.id, clientId: row.client_id, contractorId: row.contractor_id, status: row.status }, people: peopleOf(row) };
}

/**
 * What the money gates read (issue 29), in one statement: the accepted quote's price and
 * currency, the first stage of its plan, what the project's escrow was funded and refunded in
 * that currency, and whether a payment is under way. Undefined before hiring.
 */
export async function findMoneyCover(db: DbOrTx, projectId: string) {
  const r = await db.execute<{ price: string; currency: Currency; first_stage: string | null; funded: string; refunded: string; under_way: boolean }>(sql`
    SELECT q.agreed_price_minor AS price, q.currency,
           (SELECT m.amount_minor FROM milestones m WHERE m.project_id = p.id AND m.quote_id = p.accepted_quote_id ORDER BY m.position LIMIT 1) AS first_stage,
           coalesce((SELECT sum(e.amount_minor) FILTER (WHERE t.kind = 'fund') FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                       JOIN ledger_transactions t ON t.id = e.transaction_id WHERE a.kind = 'escrow' AND a.project_id = p.id AND e.currency = q.currency), 0) AS funded,
           coalesce((SELECT -sum(e.amount_minor) FILTER (WHERE t.kind = 'refund') FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                       JOIN ledger_transactions t ON t.id = e.transaction_id WHERE a.kind = 'escrow' AND a.project_id = p.id AND e.currency = q.currency), 0) AS refunded,
           EXISTS (SELECT 1 FROM payments x WHERE x.project_id = p.id AND x.status IN ('pending', 'requires_action')) AS under_way
      FROM projects p JOIN quotes q ON q.id = p.accepted_quote_id
     WHERE p.id = ${projectId}::uuid`);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    currency: row.currency,
    priceMinor: Number(row.price),
    fundedMinor: Number(row.funded),
    refundedMinor: Number(row.refunded),
    milestones: row.first_stage === null ? [] : [{ amountMinor: Number(row.first_stage) }],
    paymentUnderWay: row.under_way,
  };
}
