import { and, isNull, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Currency } from '@arreglaya/shared/domain';
import type { DbOrTx } from '../../db/client.ts';
import { escrowsOf, postingSql, type Posting } from './ledger.repository.ts';
import {
  ledgerTransactions,
  milestones,
  moneyRequests,
  notificationPreferences,
  paymentMethods,
  payments,
  processorRefunds,
  projects,
  quotes,
  users,
} from '../../db/schema/index.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type MoneyRequestRow = typeof moneyRequests.$inferSelect;

// ---- Saved cards ----

/** A person's usable cards (verified), the default first; cards waiting for their bank's challenge are not among them. */
export function listMethods(db: DbOrTx, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active')))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt));
}

/** A card waiting for its bank's challenge becomes usable (once: only while pending). */
/** A pending card made usable; `processorToken`: its lasting reference, when the verification gave one (dLocal's card_id). */
export async function activateMethod(tx: DbOrTx, userId: string, id: string, processorToken?: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ status: 'active', ...(processorToken === undefined ? {} : { processorToken }) })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'pending_verification')))
    .returning();
  return row;
}

/** Cards whose challenge was left unanswered for a day (the client never came back): removed when the person saves another. */
export async function deleteAbandonedPending(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'pending_verification'), lt(paymentMethods.createdAt, sql`now() - interval '1 day'`)));
}

export async function findMethod(db: DbOrTx, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return row;
}

/** Serialises a person's card changes (one default at a time). */
export async function lockMethodsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment-methods:${userId}`}, 0))`);
}

export async function insertMethod(tx: DbOrTx, row: typeof paymentMethods.$inferInsert): Promise<PaymentMethodRow> {
  const [inserted] = await tx.insert(paymentMethods).values(row).returning();
  return inserted!;
}

export async function setDefaultMethod(tx: DbOrTx, userId: string, id: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isDefault: sql`${paymentMethods.id} = ${id}` })
    .where(eq(paymentMethods.userId, userId));
}

export async function deleteMethod(tx: DbOrTx, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning();
  return row;
}

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

// ---- Refunds to cards (sent to the processor after the deciding transaction) ----

export async function insertProcessorRefund(tx: DbOrTx, row: typeof processorRefunds.$inferInsert): Promise<void> {
  await tx.insert(processorRefunds).values(row);
}

/** What was already refunded of each payment (decided, sent or not). */
export async function refundedByPayment(db: DbOrTx, paymentIds: string[]): Promise<Map<string, number>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .select({ paymentId: processorRefunds.paymentId, total: sql<number>`sum(${processorRefunds.amountMinor})::bigint` })
    .from(processorRefunds)
    .where(inArray(processorRefunds.paymentId, paymentIds))
    .groupBy(processorRefunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.total)]));
}

export function listPendingRefunds(db: DbOrTx, limit = 50) {
  return (
    db
      .select({ id: processorRefunds.id, amountMinor: processorRefunds.amountMinor, currency: processorRefunds.currency, chargeRef: payments.processorRef, rail: payments.rail })
      .from(processorRefunds)
      .innerJoin(payments, eq(payments.id, processorRefunds.paymentId))
      // A transfer's money goes back by a bank transfer the console records (decision 051), not through a processor.
      .where(and(eq(processorRefunds.status, 'pending'), ne(payments.rail, 'transfer')))
      .orderBy(asc(processorRefunds.createdAt))
      .limit(limit)
  );
}

/** True when this call changed the refund (false when another sweep had settled it already). */
export async function settleRefund(db: DbOrTx, id: string, ref: string | null, ok: boolean): Promise<boolean> {
  const rows = await db
    .update(processorRefunds)
    .set(ok ? { status: 'succeeded', processorRef: ref } : { attempts: sql`${processorRefunds.attempts} + 1` })
    .where(and(eq(processorRefunds.id, id), ne(processorRefunds.status, 'succeeded')))
    .returning({ id: processorRefunds.id });
  return rows.length > 0;
}

// ---- Idempotency keys of money actions ----

export async function findMoneyRequest(db: DbOrTx, userId: string, key: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyRequests)
    .where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.key, key)));
  return row;
}

/** Takes the key (waiting for a concurrent holder to commit); false when it was already taken. */
/** Takes the key: the new row (locked by this transaction, since it wrote it), or undefined when the key was taken before. */
export async function claimMoneyRequest(tx: DbOrTx, userId: string, key: string, requestHash: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await tx.insert(moneyRequests).values({ userId, key, requestHash }).onConflictDoNothing().returning();
  return row;
}

export async function lockMoneyRequest(tx: DbOrTx, userId: string, key: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(moneyRequests)
    .where(and(eq(moneyRequests.userId, userId), eq(moneyRequests.key, key)))
    .for('update');
  return row;
}

export async function storeMoneyResponse(tx: DbOrTx, id: string, statusCode: number, response: unknown): Promise<void> {
  await tx.update(moneyRequests).set({ statusCode, response }).where(eq(moneyRequests.id, id));
}

/** Stores the answer under its key unless one was stored first; false when it was (then read it with lockMoneyRequestById). */
export async function storeFirstMoneyResponse(tx: DbOrTx, id: string, statusCode: number, response: unknown): Promise<boolean> {
  const rows = await tx
    .update(moneyRequests)
    .set({ statusCode, response })
    .where(and(eq(moneyRequests.id, id), isNull(moneyRequests.response)))
    .returning({ id: moneyRequests.id });
  return rows.length === 1;
}

export async function lockMoneyRequestById(tx: DbOrTx, id: string): Promise<MoneyRequestRow | undefined> {
  const [row] = await tx.select().from(moneyRequests).where(eq(moneyRequests.id, id)).for('update');
  return row;
}

export async function findMoneyRequestByPayment(db: DbOrTx, paymentKey: string): Promise<MoneyRequestRow | undefined> {
  const [userId, ...rest] = paymentKey.split(':');
  return findMoneyRequest(db, userId!, rest.join(':'));
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

export async function findMethodById(db: DbOrTx, id: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

export async function findRefundReceipt(db: DbOrTx, refundId: string) {
  const [row] = await db
    .select({
      projectId: payments.projectId,
      payerId: payments.payerId,
      rail: payments.rail,
      amountMinor: processorRefunds.amountMinor,
      currency: processorRefunds.currency,
      // For the client's notice (issue 31): the conversation it lands in.
      clientId: projects.clientId,
      contractorId: projects.contractorId,
      title: projects.title,
    })
    .from(processorRefunds)
    .innerJoin(payments, eq(payments.id, processorRefunds.paymentId))
    .leftJoin(projects, eq(projects.id, payments.projectId))
    .where(eq(processorRefunds.id, refundId));
  return row;
}

/**
 * A payer's charges, newest first (GET /api/me/payments), each with its project's title, the
 * stage it funded (its position of the plan's count), the saved card it used, how much of it was
 * refunded, and what its project still holds in its currency: what `paymentMoneyState` needs.
 */
export async function listPaymentsOfPayer(db: DbOrTx, payerId: string, limit = 100) {
  const r = await db.execute<{
    id: string;
    project_id: string;
    project_title: string;
    amount_minor: string;
    currency: Currency;
    status: PaymentRow['status'];
    created_at: Date | string;
    stage_title: string | null;
    stage_position: number | null;
    stage_count: string | null;
    stage_status: (typeof milestones.$inferSelect)['status'] | null;
    brand: PaymentMethodRow['brand'] | null;
    last4: string | null;
    rail: PaymentRow['rail'];
    refunded_minor: string;
    held_minor: string;
  }>(sql`
    SELECT p.id, p.project_id, pr.title AS project_title, p.amount_minor, p.currency, p.status, p.rail, p.created_at,
           m.title AS stage_title, m.position AS stage_position, m.status AS stage_status,
           (SELECT count(*) FROM milestones mm WHERE mm.quote_id = m.quote_id) AS stage_count,
           coalesce(p.card_brand, pm.brand) AS brand, coalesce(p.card_last4, pm.last4) AS last4,
           (SELECT coalesce(sum(r.amount_minor), 0) FROM processor_refunds r WHERE r.payment_id = p.id)::bigint AS refunded_minor,
           (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
             WHERE a.kind = 'escrow' AND a.project_id = p.project_id AND a.currency = p.currency)::bigint AS held_minor
      FROM payments p JOIN projects pr ON pr.id = p.project_id
      LEFT JOIN milestones m ON m.id = p.milestone_id
      LEFT JOIN payment_methods pm ON pm.id = p.payment_method_id
     WHERE p.payer_id = ${payerId}
     ORDER BY p.created_at DESC
     LIMIT ${limit}`);
  return r.rows.map((x) => ({
    id: x.id,
    projectId: x.project_id,
    projectTitle: x.project_title,
    amountMinor: Number(x.amount_minor),
    currency: x.currency,
    status: x.status,
    createdAt: new Date(x.created_at),
    // Positions count from 0; people count stages from 1.
    stage: x.stage_title === null ? null : { title: x.stage_title, position: Number(x.stage_position) + 1, count: Number(x.stage_count), status: x.stage_status! },
    rail: x.rail,
    card: x.brand && x.last4 ? { brand: x.brand, last4: x.last4 } : null,
    refundedMinor: Number(x.refunded_minor),
    projectHeldMinor: Number(x.held_minor),
  }));
}

/** One charge with what its receipt needs: its payer's first name, the project's title, the saved card it used. */
export async function findPaymentReceipt(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      payerId: payments.payerId,
      projectId: payments.projectId,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      status: payments.status,
      rail: payments.rail,
      processorRef: payments.processorRef,
      createdAt: payments.createdAt,
      title: projects.title,
      firstName: users.firstName,
      brand: sql<PaymentMethodRow['brand'] | null>`coalesce(${payments.cardBrand}, ${paymentMethods.brand})`,
      last4: sql<string | null>`coalesce(${payments.cardLast4}, ${paymentMethods.last4})`,
    })
    .from(payments)
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .innerJoin(users, eq(users.id, payments.payerId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(eq(payments.id, paymentId));
  return row;
}

// ---- The funding's hot path (decision 021): one read and one write per transaction, raw SQL ----

/** What a funding's rules need of a payment of the project. */
export interface PaymentBrief {
  id: string;
  status: PaymentRow['status'];
  milestoneId: string | null;
}

/**
 * A funding's first read, in one statement: the project locked, with its accepted price, the
 * project's payments, the saved card asked for (the payer's own only) and the idempotency key if it
 * was used before. Read in the statement that waited for the lock, the payments and the key may
 * miss a transaction that committed during the wait: the write (claimKeyAndInsertPayment) checks both.
 */
export async function readForFunding(tx: DbOrTx, projectId: string, userId: string, key: string, methodId: string | null) {
  const r = await tx.execute<{
    id: string;
    client_id: string;
    contractor_id: string | null;
    status: (typeof projects.$inferSelect)['status'];
    accepted_quote_id: string | null;
    agreed_price_minor: number | null;
    currency: PaymentRow['currency'] | null;
    staged: boolean;
    pays: PaymentBrief[];
    m_id: string | null;
    m_token: string | null;
    m_brand: PaymentMethodRow['brand'] | null;
    m_last4: string | null;
    m_status: PaymentMethodRow['status'] | null;
    r_id: string | null;
  }>(sql`
    SELECT p.id, p.client_id, p.contractor_id, p.status, p.accepted_quote_id, q.agreed_price_minor, q.currency, q.stages IS NOT NULL AS staged,
           (SELECT coalesce(json_agg(json_build_object('id', x.id, 'status', x.status, 'milestoneId', x.milestone_id) ORDER BY x.created_at), '[]'::json)
              FROM payments x WHERE x.project_id = p.id) AS pays,
           m.id AS m_id, m.processor_token AS m_token, m.brand AS m_brand, m.last4 AS m_last4, m.status AS m_status,
           (SELECT r.id FROM money_requests r WHERE r.user_id = ${userId}::uuid AND r.key = ${key}::varchar) AS r_id
      FROM projects p
      LEFT JOIN quotes q ON q.id = p.accepted_quote_id
      LEFT JOIN payment_methods m ON m.id = ${methodId}::uuid AND m.user_id = ${userId}::uuid
     WHERE p.id = ${projectId}::uuid
       FOR UPDATE OF p`);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    project: {
      id: row.id,
      clientId: row.client_id,
      contractorId: row.contractor_id,
      status: row.status,
      acceptedQuoteId: row.accepted_quote_id,
      price:
        row.agreed_price_minor === null || row.currency === null ? undefined : { agreedPriceMinor: Number(row.agreed_price_minor), currency: row.currency, staged: row.staged },
    },
    pays: row.pays,
    method: row.m_id === null ? undefined : { id: row.m_id, processorToken: row.m_token!, brand: row.m_brand!, last4: row.m_last4, status: row.m_status! },
    keyUsed: row.r_id !== null,
  };
}

/**
 * A funding's write, in one statement: the idempotency key taken and the pending payment inserted,
 * the payment only if the key was new and the project still has `paymentsRead` payments (none came
 * in while the read waited for the lock). Undefined when nothing was written but perhaps the key:
 * the caller then reads again (the key, if taken here, is this transaction's row).
 */
export async function claimKeyAndInsertPayment(
  tx: DbOrTx,
  k: { userId: string; key: string; requestHash: string },
  p: Pick<PaymentRow, 'projectId' | 'milestoneId' | 'payerId' | 'paymentMethodId' | 'amountMinor' | 'currency' | 'idempotencyKey' | 'cardBrand' | 'cardLast4'>,
  paymentsRead: number,
): Promise<{ requestId: string; payment: PaymentRow } | undefined> {
  const r = await tx.execute<{ request_id: string; id: string | null; created_at: string | Date | null }>(sql`
    WITH k AS (
      INSERT INTO money_requests (user_id, key, request_hash) VALUES (${k.userId}::uuid, ${k.key}::varchar, ${k.requestHash}::char(64))
      ON CONFLICT DO NOTHING RETURNING id),
    p AS (
      INSERT INTO payments (project_id, milestone_id, payer_id, payment_method_id, amount_minor, currency, status, idempotency_key, card_brand, card_last4)
      SELECT ${p.projectId}::uuid, ${p.milestoneId}::uuid, ${p.payerId}::uuid, ${p.paymentMethodId}::uuid, ${p.amountMinor}::bigint, ${p.currency}::currency, 'pending', ${p.idempotencyKey}::varchar,
             ${p.cardBrand}::card_brand, ${p.cardLast4}::char(4)
        FROM k WHERE (SELECT count(*) FROM payments WHERE project_id = ${p.projectId}::uuid) = ${paymentsRead}::int
      RETURNING id, created_at)
    SELECT k.id AS request_id, p.id, p.created_at FROM k LEFT JOIN p ON true`);
  const row = r.rows[0];
  if (!row?.id) return undefined;
  const at = new Date(row.created_at!);
  return {
    requestId: row.request_id,
    payment: {
      ...p,
      id: row.id,
      status: 'pending',
      processorRef: null,
      failureCode: null,
      nextActionUrl: null,
      rail: 'card',
      method: null,
      expiresAt: null,
      reference: null,
      receivedMinor: 0,
      instructions: null,
      createdAt: at,
      updatedAt: at,
    },
  };
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
 * A charge's outcome recorded in one statement: the payment settled (only while pending or
 * challenged, to another state), the funding posted to the ledger when given (only if the payment
 * was settled here), and the answer stored under the idempotency key (only if the payment was
 * settled here and no answer was stored). `settled` false: nothing changed.
 */
export async function settleFunding(
  tx: DbOrTx,
  s: {
    paymentId: string;
    status: PaymentRow['status'];
    processorRef: string;
    failureCode: string | null;
    nextActionUrl: string | null;
    posting: Posting | null;
    requestId: string;
    statusCode: number;
    response: unknown;
  },
): Promise<{ settled: boolean; ledgerId: string | null; stored: boolean }> {
  const r = await tx.execute<{ settled: number; ledger_id: string | null; stored: number }>(sql`
    WITH pay AS (
      UPDATE payments SET status = ${s.status}::payment_status, processor_ref = ${s.processorRef}::text, failure_code = ${s.failureCode}::varchar,
             next_action_url = ${s.nextActionUrl}::text, updated_at = now()
       WHERE id = ${s.paymentId}::uuid AND (status IN ('pending', 'requires_action') OR (status = 'expired' AND ${s.status}::payment_status = 'succeeded'))
         AND status <> ${s.status}::payment_status
      RETURNING id),
    ${s.posting ? sql`${postingSql(s.posting, sql`EXISTS (SELECT 1 FROM pay)`)},` : sql``}
    req AS (
      UPDATE money_requests SET status_code = ${s.statusCode}::int, response = ${JSON.stringify(s.response)}::jsonb, updated_at = now()
       WHERE id = ${s.requestId}::uuid AND response IS NULL AND EXISTS (SELECT 1 FROM pay)
      RETURNING id)
    SELECT (SELECT count(*) FROM pay)::int AS settled, ${s.posting ? sql`(SELECT transaction_id FROM ledger_e LIMIT 1)` : sql`NULL::uuid`} AS ledger_id,
           (SELECT count(*) FROM req)::int AS stored`);
  const row = r.rows[0]!;
  return { settled: row.settled === 1, ledgerId: row.ledger_id, stored: row.stored === 1 };
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
