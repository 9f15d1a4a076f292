import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// ledger:check's questions of the ledger (decision 021), each a list of what is wrong: read-only
// queries over the entries ledger.repository.ts posts, asked by ledger-check.ts (and the property
// test). An empty list is a sound ledger.

export async function unbalancedTransactions(db: DbOrTx): Promise<{ transactionId: string; currency: string; total: number }[]> {
  const r = await db.execute<{ transaction_id: string; currency: string; total: string }>(sql`
    SELECT transaction_id, currency, sum(amount_minor)::bigint AS total FROM ledger_entries
     GROUP BY transaction_id, currency HAVING sum(amount_minor) <> 0`);
  return r.rows.map((x) => ({ transactionId: x.transaction_id, currency: x.currency, total: Number(x.total) }));
}

export async function transactionsWithoutEntries(db: DbOrTx): Promise<string[]> {
  const r = await db.execute<{ id: string }>(sql`
    SELECT t.id FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id)`);
  return r.rows.map((x) => x.id);
}

export async function negativeEscrows(db: DbOrTx): Promise<{ projectId: string; currency: string; held: number }[]> {
  const r = await db.execute<{ project_id: string; currency: string; held: string }>(sql`
    SELECT a.project_id, a.currency, sum(e.amount_minor)::bigint AS held
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind = 'escrow' GROUP BY a.project_id, a.currency HAVING sum(e.amount_minor) < 0`);
  return r.rows.map((x) => ({ projectId: x.project_id, currency: x.currency, held: Number(x.held) }));
}

/** Escrow balances that move at some moment below zero in the order entries were written. */
export async function escrowsNegativeAtSomePoint(db: DbOrTx): Promise<{ projectId: string; lowest: number }[]> {
  const r = await db.execute<{ project_id: string; lowest: string }>(sql`
    SELECT project_id, min(running)::bigint AS lowest FROM (
      SELECT a.project_id, sum(e.amount_minor) OVER (PARTITION BY a.id ORDER BY e.id) AS running
        FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id WHERE a.kind = 'escrow') s
     GROUP BY project_id HAVING min(running) < 0`);
  return r.rows.map((x) => ({ projectId: x.project_id, lowest: Number(x.lowest) }));
}

/** Releases to a contractor on a project that is not completado (approved, automatically or by a sysadmin). */
export async function releasesWithoutApproval(db: DbOrTx): Promise<{ transactionId: string; projectId: string | null; status: string | null }[]> {
  const r = await db.execute<{ id: string; project_id: string | null; status: string | null }>(sql`
    SELECT t.id, t.project_id, p.status FROM ledger_transactions t LEFT JOIN projects p ON p.id = t.project_id
     WHERE t.kind = 'release' AND t.milestone_id IS NULL AND (p.id IS NULL OR p.status <> 'completado')`);
  return r.rows.map((x) => ({ transactionId: x.id, projectId: x.project_id, status: x.status }));
}

/**
 * Milestone releases (staged plans, decision 021) that break the plan: released twice, released
 * before a funding of that milestone, released for another amount than the milestone's, or on a
 * project that never started (a milestone is released only while the work is in progress).
 */
export async function milestoneReleaseProblems(db: DbOrTx): Promise<{ transactionId: string; milestoneId: string; problem: string }[]> {
  const r = await db.execute<{ id: string; milestone_id: string; problem: string }>(sql`
    SELECT t.id, t.milestone_id, 'milestone released twice' AS problem FROM ledger_transactions t
     WHERE t.kind = 'release' AND t.milestone_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM ledger_transactions o WHERE o.kind = 'release' AND o.milestone_id = t.milestone_id AND o.id <> t.id)
    UNION ALL
    SELECT t.id, t.milestone_id, 'milestone released before it was funded' FROM ledger_transactions t
     WHERE t.kind = 'release' AND t.milestone_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM ledger_transactions f WHERE f.kind = 'fund' AND f.milestone_id = t.milestone_id AND f.created_at <= t.created_at)
    UNION ALL
    SELECT t.id, t.milestone_id, 'milestone released for another amount than its own' FROM ledger_transactions t JOIN milestones m ON m.id = t.milestone_id
     WHERE t.kind = 'release'
       AND m.amount_minor <> (SELECT -sum(e.amount_minor) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow' WHERE e.transaction_id = t.id)
    UNION ALL
    SELECT t.id, t.milestone_id, 'milestone released on a project that is ' || p.status FROM ledger_transactions t JOIN projects p ON p.id = t.project_id
     WHERE t.kind = 'release' AND t.milestone_id IS NOT NULL AND p.status IN ('created', 'assigned')
    UNION ALL
    SELECT NULL, m.id, 'milestone marked ' || m.status || ' but never funded' FROM milestones m
     WHERE m.status IN ('released', 'split') AND NOT EXISTS (SELECT 1 FROM ledger_transactions f WHERE f.kind = 'fund' AND f.milestone_id = m.id)`);
  return r.rows.map((x) => ({ transactionId: x.id, milestoneId: x.milestone_id, problem: x.problem }));
}

/** Funding transactions not matched by a succeeded payment of the same amount, and succeeded payments never funded. */
export async function fundingMismatches(db: DbOrTx): Promise<{ paymentId: string | null; transactionId: string | null; problem: string }[]> {
  const r = await db.execute<{ payment_id: string | null; transaction_id: string | null; problem: string }>(sql`
    SELECT t.payment_id, t.id AS transaction_id, 'fund without a succeeded payment' AS problem
      FROM ledger_transactions t LEFT JOIN payments p ON p.id = t.payment_id
     WHERE t.kind = 'fund' AND (p.id IS NULL OR p.status <> 'succeeded')
    UNION ALL
    SELECT p.id, NULL, 'succeeded payment not in the ledger' FROM payments p
     WHERE p.status = 'succeeded' AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.payment_id = p.id AND t.kind = 'fund')
    UNION ALL
    SELECT p.id, t.id, 'funded amount differs from the charge' FROM payments p
      JOIN ledger_transactions t ON t.payment_id = p.id AND t.kind = 'fund'
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'escrow'
     GROUP BY p.id, t.id, p.amount_minor HAVING sum(e.amount_minor) <> p.amount_minor`);
  return r.rows.map((x) => ({ paymentId: x.payment_id, transactionId: x.transaction_id, problem: x.problem }));
}

export async function duplicateKeys(db: DbOrTx): Promise<{ table: string; key: string; count: number }[]> {
  const r = await db.execute<{ tbl: string; key: string; n: string }>(sql`
    SELECT 'ledger_transactions' AS tbl, idempotency_key AS key, count(*) AS n FROM ledger_transactions GROUP BY idempotency_key HAVING count(*) > 1
    UNION ALL SELECT 'payments', idempotency_key, count(*) FROM payments GROUP BY idempotency_key HAVING count(*) > 1
    UNION ALL SELECT 'money_requests', user_id || ':' || key, count(*) FROM money_requests GROUP BY user_id, key HAVING count(*) > 1
    UNION ALL SELECT 'ledger_transactions.payment_id', payment_id::text, count(*) FROM ledger_transactions WHERE kind = 'fund' GROUP BY payment_id HAVING count(*) > 1`);
  return r.rows.map((x) => ({ table: x.tbl, key: x.key, count: Number(x.n) }));
}

/** Contractors paid out more than was released to them (a payable balance below zero). */
export async function negativePayables(db: DbOrTx): Promise<{ userId: string; currency: string; balance: number }[]> {
  const r = await db.execute<{ user_id: string; currency: string; balance: string }>(sql`
    SELECT a.user_id, a.currency, sum(e.amount_minor)::bigint AS balance
      FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
     WHERE a.kind = 'contractor_payable' GROUP BY a.user_id, a.currency HAVING sum(e.amount_minor) < 0`);
  return r.rows.map((x) => ({ userId: x.user_id, currency: x.currency, balance: Number(x.balance) }));
}

// ---- Payment protection's rules (issue 29): the money a project's status says is there ----

/**
 * The projects a sysadmin's claim decision moved to completado (release or split), as a set of
 * `id` (text) for a LEFT JOIN. The record is the decision's log trail line (`project-claim-release`
 * / `project-claim-split`, its `details.projectId`): decideClaim writes it in the transaction that
 * moves the project, whatever was held. The ledger's `release:…:decision` key is written only when
 * something was held (a staged plan whose funded milestones were all released before the claim
 * holds nothing), and `disputed_at` says a claim was opened, not that a sysadmin closed it.
 */
// A warranty claim's refund or split (decision 055) gives part of the price back after the work was approved: the decision's too.
const DECIDED = sql.raw(`(SELECT DISTINCT l.details->>'projectId' AS id FROM log_trail l
   WHERE l.action IN ('project-claim-release', 'project-claim-split', 'warranty-claim-refund', 'warranty-claim-split') AND l.details->>'projectId' IS NOT NULL)`);

/** Each escrow's totals by transaction kind (positive amounts): funded, released, refunded; one pass over the escrow entries. */
const ESCROW_TOTALS = sql.raw(`(SELECT a.project_id, a.currency,
     coalesce(sum(e.amount_minor) FILTER (WHERE t.kind = 'fund'), 0)::bigint AS funded,
     coalesce(-sum(e.amount_minor) FILTER (WHERE t.kind = 'release'), 0)::bigint AS released,
     coalesce(-sum(e.amount_minor) FILTER (WHERE t.kind = 'refund'), 0)::bigint AS refunded
   FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id JOIN ledger_transactions t ON t.id = e.transaction_id
  WHERE a.kind = 'escrow' GROUP BY a.project_id, a.currency)`);

/**
 * Projects past `assigned` with less funded and not refunded (held or released) in the agreed
 * currency than their status says is there (MONEY_GATES, coveredMinor): `in_progress` and
 * `disputed` (a claim freezes what is held; the work had started) the money to begin, the accepted
 * quote's first milestone or else its whole agreed price (amountToBegin); `delivered` and
 * `completado` the whole agreed price. A completado project a sysadmin decided is the decision's
 * (a split refunds part of the price). One past `assigned` without an accepted quote is named
 * too (`due` null: nothing says what was agreed).
 */
export async function projectsShortOfMoney(
  db: DbOrTx,
): Promise<{ projectId: string; status: string; currency: string | null; due: number | null; dueKind: 'to_begin' | 'all'; covered: number }[]> {
  const r = await db.execute<{ id: string; status: string; currency: string | null; due: string | null; due_kind: 'to_begin' | 'all'; covered: string }>(sql`
    SELECT h.id, h.status, h.currency, h.due, h.due_kind, h.covered FROM (
      SELECT p.id, p.status, q.currency,
             CASE WHEN p.status IN ('in_progress', 'disputed') THEN 'to_begin' ELSE 'all' END AS due_kind,
             CASE WHEN p.status IN ('in_progress', 'disputed') THEN coalesce(first.amount_minor, q.agreed_price_minor) ELSE q.agreed_price_minor END AS due,
             coalesce(x.funded - x.refunded, 0)::bigint AS covered
        FROM projects p
        LEFT JOIN quotes q ON q.id = p.accepted_quote_id
        LEFT JOIN LATERAL (SELECT m.amount_minor FROM milestones m WHERE m.project_id = p.id AND m.quote_id = q.id ORDER BY m.position LIMIT 1) first ON true
        LEFT JOIN ${ESCROW_TOTALS} x ON x.project_id = p.id AND x.currency = q.currency
        LEFT JOIN ${DECIDED} d ON d.id = p.id::text
       WHERE p.status IN ('in_progress', 'delivered', 'completado', 'disputed')
         AND NOT (p.status = 'completado' AND d.id IS NOT NULL)) h
     WHERE h.due IS NULL OR h.covered < h.due
     ORDER BY h.id`);
  return r.rows.map((x) => ({
    projectId: x.id,
    status: x.status,
    currency: x.currency,
    due: x.due === null ? null : Number(x.due),
    dueKind: x.due_kind,
    covered: Number(x.covered),
  }));
}

/**
 * Completado projects whose escrow did not pay out their whole agreed price (released plus
 * refunded, in the agreed currency, below the price) and that no sysadmin decided: an approval
 * (the client's or the sweep's) releases everything held, and approving needs the whole price
 * held, so anything less is a contractor not paid what was agreed or money left in escrow.
 * (One without an accepted quote is named by projectsShortOfMoney.)
 */
export async function completedNotSettled(db: DbOrTx): Promise<{ projectId: string; currency: string; price: number; released: number; refunded: number }[]> {
  const r = await db.execute<{ id: string; currency: string; price: string; released: string; refunded: string }>(sql`
    SELECT p.id, q.currency, q.agreed_price_minor AS price, coalesce(x.released, 0)::bigint AS released, coalesce(x.refunded, 0)::bigint AS refunded
      FROM projects p
      LEFT JOIN quotes q ON q.id = p.accepted_quote_id
      LEFT JOIN ${ESCROW_TOTALS} x ON x.project_id = p.id AND x.currency = q.currency
      LEFT JOIN ${DECIDED} d ON d.id = p.id::text
     WHERE p.status = 'completado' AND d.id IS NULL
       AND coalesce(x.released, 0) + coalesce(x.refunded, 0)
           -- A warranty holdback still held or claimed is the price's last part, paid when it ends (decision 055).
           + coalesce((SELECT h.amount_minor FROM warranty_holdbacks h WHERE h.project_id = p.id AND h.currency = q.currency AND h.status IN ('held', 'claimed')), 0)
           < q.agreed_price_minor
     ORDER BY p.id`);
  return r.rows.map((x) => ({
    projectId: x.id,
    currency: x.currency,
    price: Number(x.price),
    released: Number(x.released),
    refunded: Number(x.refunded),
  }));
}
