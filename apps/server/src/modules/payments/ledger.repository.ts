import type { Currency, LedgerAccountKind, LedgerTransactionKind } from '@arreglaya/shared/domain';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';

// The double-entry ledger (decision 021). Every movement is one ledger transaction whose entries
// sum to zero per currency (a deferred trigger refuses anything else at commit); entries are
// append-only; balances are sums of entries, never stored.

export interface AccountRef {
  kind: LedgerAccountKind;
  userId?: string | null;
  projectId?: string | null;
  currency: Currency;
}

const sameAccount = (ref: AccountRef) =>
  and(
    eq(ledgerAccounts.kind, ref.kind),
    ref.userId ? eq(ledgerAccounts.userId, ref.userId) : sql`${ledgerAccounts.userId} IS NULL`,
    ref.projectId ? eq(ledgerAccounts.projectId, ref.projectId) : sql`${ledgerAccounts.projectId} IS NULL`,
    eq(ledgerAccounts.currency, ref.currency),
  )!;
const refKey = (r: { kind: string; userId?: string | null; projectId?: string | null; currency: string }) => `${r.kind}|${r.userId ?? ''}|${r.projectId ?? ''}|${r.currency}`;

export async function accountId(tx: DbOrTx, ref: AccountRef): Promise<string> {
  return (await accountIds(tx, [ref]))[0]!;
}

/**
 * The ids of these accounts, created when missing: one query finds those that exist (the usual
 * case: one round trip for a whole posting), the others are inserted (a concurrent insert of the
 * same account is found by the unique key and read again).
 */
export async function accountIds(tx: DbOrTx, refs: AccountRef[]): Promise<string[]> {
  const found = new Map<string, string>();
  const read = async (wanted: AccountRef[]) => {
    const rows = await tx
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, projectId: ledgerAccounts.projectId, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(or(...wanted.map(sameAccount)));
    for (const r of rows) found.set(refKey(r), r.id);
  };
  await read(refs);
  const missing = refs.filter((r, i) => !found.has(refKey(r)) && refs.findIndex((o) => refKey(o) === refKey(r)) === i);
  if (missing.length > 0) {
    const inserted = await tx
      .insert(ledgerAccounts)
      .values(missing.map((r) => ({ kind: r.kind, userId: r.userId ?? null, projectId: r.projectId ?? null, currency: r.currency })))
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, projectId: ledgerAccounts.projectId, currency: ledgerAccounts.currency });
    for (const r of inserted) found.set(refKey(r), r.id);
    const raced = missing.filter((r) => !found.has(refKey(r)));
    if (raced.length > 0) await read(raced);
  }
  return refs.map((r) => found.get(refKey(r))!);
}

export interface Posting {
  kind: LedgerTransactionKind;
  idempotencyKey: string;
  projectId?: string | null;
  milestoneId?: string | null;
  paymentId?: string | null;
  createdBy?: string | null;
  memo?: string;
  metadata?: Record<string, unknown>;
  entries: { account: AccountRef; amountMinor: number }[];
}

/**
 * Posts one balanced transaction, once per idempotency key: a key already posted returns null
 * and writes nothing. Zero amounts are left out. One statement (postingSql): its accounts found
 * or made, the transaction and its entries written.
 */
export async function post(tx: DbOrTx, p: Posting): Promise<string | null> {
  if (p.entries.every((e) => e.amountMinor === 0)) return postWithoutEntries(tx, p);
  const r = await tx.execute<{ transaction_id: string }>(sql`WITH ${postingSql(p)} SELECT transaction_id FROM ledger_e LIMIT 1`);
  return r.rows[0]?.transaction_id ?? null;
}

/**
 * A posting as common table expressions, for a statement that does more (funding settles its
 * payment in the same statement): `ledger_e` returns the entries written (`transaction_id`), none
 * when the key was posted before or `when` (an SQL condition) is false. The accounts are found by
 * their unique key, one index probe each; those missing are inserted, and one inserted at the same
 * moment by another transaction is returned by `ON CONFLICT … DO UPDATE` once that one commits (a
 * no-op update), so every entry has its account.
 */
export function postingSql(p: Posting, when?: SQL): SQL {
  const entries = p.entries.filter((e) => e.amountMinor !== 0);
  const accounts: AccountRef[] = [];
  const slot = entries.map((e) => {
    const i = accounts.findIndex((a) => refKey(a) === refKey(e.account));
    return i >= 0 ? i : accounts.push(e.account) - 1;
  });
  const isRef = (column: string, value: string | null | undefined) => (value ? sql`${sql.raw(column)} = ${value}::uuid` : sql`${sql.raw(column)} IS NULL`);
  const wanted = sql.join(
    accounts.map((a, i) => sql`(${i}::int, ${a.kind}::ledger_account_kind, ${a.userId ?? null}::uuid, ${a.projectId ?? null}::uuid, ${a.currency}::currency)`),
    sql`, `,
  );
  const found = sql.join(
    accounts.map(
      (a, i) =>
        sql`SELECT ${i}::int AS n, id FROM ledger_accounts WHERE kind = ${a.kind}::ledger_account_kind AND ${isRef('user_id', a.userId)} AND ${isRef('project_id', a.projectId)} AND currency = ${a.currency}::currency`,
    ),
    sql` UNION ALL `,
  );
  const values = sql.join(
    entries.map((e, i) => sql`(${slot[i]!}::int, ${e.amountMinor}::bigint, ${e.account.currency}::currency, ${i}::int)`),
    sql`, `,
  );
  return sql`
    ledger_w (n, kind, user_id, project_id, currency) AS (VALUES ${wanted}),
    ledger_f AS (${found}),
    ledger_m AS (
      INSERT INTO ledger_accounts (kind, user_id, project_id, currency)
      SELECT kind, user_id, project_id, currency FROM ledger_w WHERE n NOT IN (SELECT n FROM ledger_f) ORDER BY n
      ON CONFLICT ON CONSTRAINT ledger_accounts_key DO UPDATE SET currency = EXCLUDED.currency
      RETURNING id, kind, user_id, project_id, currency),
    ledger_a AS (
      SELECT n, id FROM ledger_f
      UNION ALL SELECT w.n, m.id FROM ledger_m m JOIN ledger_w w
        ON w.kind = m.kind AND w.user_id IS NOT DISTINCT FROM m.user_id AND w.project_id IS NOT DISTINCT FROM m.project_id AND w.currency = m.currency),
    ledger_t AS (
      INSERT INTO ledger_transactions (kind, idempotency_key, project_id, milestone_id, payment_id, created_by, memo, metadata)
      SELECT ${p.kind}::ledger_transaction_kind, ${p.idempotencyKey}::varchar, ${p.projectId ?? null}::uuid, ${p.milestoneId ?? null}::uuid, ${p.paymentId ?? null}::uuid,
             ${p.createdBy ?? null}::uuid, ${p.memo ?? null}::text, ${p.metadata === undefined ? null : JSON.stringify(p.metadata)}::jsonb
       ${when ? sql`WHERE ${when}` : sql``}
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id),
    ledger_e AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency)
      SELECT t.id, a.id, v.amount_minor, v.currency FROM ledger_t t, (VALUES ${values}) AS v (slot, amount_minor, currency, n) JOIN ledger_a a ON a.n = v.slot ORDER BY v.n
      RETURNING transaction_id)`;
}

async function postWithoutEntries(tx: DbOrTx, p: Posting): Promise<string | null> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: p.kind,
      idempotencyKey: p.idempotencyKey,
      projectId: p.projectId ?? null,
      milestoneId: p.milestoneId ?? null,
      paymentId: p.paymentId ?? null,
      createdBy: p.createdBy ?? null,
      memo: p.memo ?? null,
      metadata: p.metadata ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  return row?.id ?? null;
}

export interface Escrow {
  currency: Currency;
  funded: number;
  released: number;
  refunded: number;
  held: number;
  /** Some of it funded milestones of a staged plan (their states follow the money). */
  milestones: boolean;
}

/** A project's escrow movements by kind (funded positive; released, refunded as positive amounts). */
export async function escrowOf(db: DbOrTx, projectId: string): Promise<Escrow[]> {
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      kind: ledgerTransactions.kind,
      total: sql<number>`sum(${ledgerEntries.amountMinor})::bigint`,
      milestones: sql<boolean>`bool_or(${ledgerTransactions.milestoneId} IS NOT NULL)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerAccounts.kind, 'escrow'), eq(ledgerAccounts.projectId, projectId)))
    .groupBy(ledgerEntries.currency, ledgerTransactions.kind);
  return escrowsOf(rows);
}

/** A project's escrows from its escrow entries summed by currency and transaction kind (escrowOf, or a read that brings them along). */
export function escrowsOf(rows: { currency: Currency; kind: string; total: number | string; milestones: boolean }[]): Escrow[] {
  const by = new Map<Currency, Escrow>();
  for (const r of rows) {
    const m = by.get(r.currency) ?? { currency: r.currency, funded: 0, released: 0, refunded: 0, held: 0, milestones: false };
    if (r.milestones) m.milestones = true;
    const total = Number(r.total);
    if (r.kind === 'fund') m.funded += total;
    else if (r.kind === 'refund') m.refunded -= total;
    else m.released -= total;
    m.held += total;
    by.set(r.currency, m);
  }
  return [...by.values()];
}

/** The balance of one account (sum of its entries); 0 when it has none. */
export async function balanceOf(db: DbOrTx, ref: AccountRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::bigint` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, ref.kind),
        ref.userId ? eq(ledgerAccounts.userId, ref.userId) : sql`${ledgerAccounts.userId} IS NULL`,
        ref.projectId ? eq(ledgerAccounts.projectId, ref.projectId) : sql`${ledgerAccounts.projectId} IS NULL`,
        eq(ledgerAccounts.currency, ref.currency),
      ),
    );
  return Number(row?.total ?? 0);
}
