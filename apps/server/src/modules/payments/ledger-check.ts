import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  completedNotSettled,
  duplicateKeys,
  escrowsNegativeAtSomePoint,
  fundingMismatches,
  milestoneReleaseProblems,
  negativeEscrows,
  negativePayables,
  projectsShortOfMoney,
  releasesWithoutApproval,
  transactionsWithoutEntries,
  unbalancedTransactions,
} from './ledger-check.repository.ts';
import { holdbackProblems } from './warranty.repository.ts';
import { currencyProblems } from './currency-rules.ts';

/**
 * `npm run ledger:check` (decision 021): every invariant of the money records, each problem named.
 * An empty list means the ledger is sound: every transaction balanced per currency, no escrow
 * below zero (now or at any point in its history), no contractor paid out more than released, every release on an approved project (or of one funded milestone, once, while the work goes on), every
 * funding matched by a succeeded charge of the same amount and every succeeded charge funded,
 * no idempotency key used twice, and (payment protection, issue 29) no project past `assigned`
 * with less held or released than its status needs (the money to begin while `in_progress` or
 * `disputed`, the whole agreed price once `delivered` or `completado`), and every `completado`
 * project paid out its whole price (released plus refunded) unless a sysadmin decided its claim.
 */
export async function checkLedger(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  for (const u of await unbalancedTransactions(db)) problems.push(`unbalanced transaction ${u.transactionId}: ${u.total} ${u.currency}`);
  for (const id of await transactionsWithoutEntries(db)) problems.push(`transaction ${id} has no entries`);
  for (const n of await negativeEscrows(db)) problems.push(`negative escrow on project ${n.projectId}: ${n.held} ${n.currency}`);
  for (const n of await escrowsNegativeAtSomePoint(db)) problems.push(`escrow of project ${n.projectId} went below zero (${n.lowest}) at some point`);
  for (const n of await negativePayables(db)) problems.push(`contractor ${n.userId} was paid out more than released: payable ${n.balance} ${n.currency}`);
  for (const r of await releasesWithoutApproval(db))
    problems.push(`release ${r.transactionId} on project ${r.projectId ?? '(none)'} that is ${r.status ?? 'missing'}, not approved`);
  for (const m of await milestoneReleaseProblems(db)) problems.push(`${m.problem}: milestone ${m.milestoneId} transaction ${m.transactionId ?? '(none)'}`);
  for (const f of await fundingMismatches(db)) problems.push(`${f.problem}: payment ${f.paymentId ?? '(none)'} transaction ${f.transactionId ?? '(none)'}`);
  for (const p of await projectsShortOfMoney(db))
    problems.push(
      p.due === null
        ? `project ${p.projectId} is ${p.status} without an accepted quote: nothing says what had to be funded`
        : `project ${p.projectId} is ${p.status} with ${p.covered} ${p.currency} held or released, less than ${p.dueKind === 'to_begin' ? 'the money to begin' : 'the whole price'} (${p.due})`,
    );
  for (const c of await completedNotSettled(db))
    problems.push(
      `project ${c.projectId} is completado but released ${c.released} and refunded ${c.refunded} ${c.currency} of its price ${c.price}, and no sysadmin decided a claim`,
    );
  for (const d of await duplicateKeys(db)) problems.push(`idempotency key used ${d.count} times in ${d.table}: ${d.key}`);
  for (const r of await railProblems(db)) problems.push(r);
  for (const r of await payoutProblems(db)) problems.push(r);
  for (const r of await holdbackProblems(db)) problems.push(r);
  for (const r of await currencyProblems(db)) problems.push(r);
  return problems;
}

/**
 * Payouts (decision 052): a failed payout's money is back in the contractor's payable exactly once
 * and exactly its amount (one `payout_return`, from `payouts`); a payout that did not fail has none.
 */
async function payoutProblems(db: DbOrTx): Promise<string[]> {
  const r = await db.execute<{ problem: string }>(sql`
    SELECT 'payout ' || p.id || ' is ' || p.status || ' and its money went back to the payable ' || count(t.id) || ' times' AS problem
      FROM payouts p LEFT JOIN ledger_transactions t ON t.kind = 'payout_return' AND t.idempotency_key = 'payout_return:' || p.id::text
     GROUP BY p.id
    HAVING (p.status = 'failed' AND count(t.id) <> 1) OR (p.status <> 'failed' AND count(t.id) > 0)
    UNION ALL
    SELECT 'payout ' || p.id || ' returned ' || e.amount_minor || ' to the payable, not its ' || p.amount_minor
      FROM payouts p JOIN ledger_transactions t ON t.kind = 'payout_return' AND t.idempotency_key = 'payout_return:' || p.id::text
      JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'contractor_payable' AND a.user_id = p.contractor_id
     WHERE e.amount_minor <> p.amount_minor
    UNION ALL
    SELECT 'payout_return ' || t.id || ' names no payout' FROM ledger_transactions t
     WHERE t.kind = 'payout_return' AND NOT EXISTS (SELECT 1 FROM payouts p WHERE t.idempotency_key = 'payout_return:' || p.id::text)`);
  return r.rows.map((x) => x.problem);
}

/**
 * Cash and transfer (decision 051): a pending voucher or reference holds nothing; a transfer's
 * statement lines brought exactly its amount when it succeeded (what it received while pending,
 * nothing once it failed or expired); every statement line is matched, refunded or queued, and a
 * return recorded names the bank's reference. Refunds (any rail) never send back more than their
 * ledger transaction posted to the client's refunds account; a transfer-funded refund is settled
 * only by a return recorded in the console (its bank reference and day) and is otherwise queued
 * (pending): the ledger posted it when decided, as a card's, and the return posts nothing more.
 */
async function railProblems(db: DbOrTx): Promise<string[]> {
  const r = await db.execute<{ problem: string }>(sql`
    SELECT 'pending ' || p.rail || ' payment ' || p.id || ' has a funding in the ledger' AS problem
      FROM payments p WHERE p.rail <> 'card' AND p.status = 'pending'
       AND EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.payment_id = p.id AND t.kind = 'fund')
    UNION ALL
    SELECT 'transfer ' || p.id || ' (' || p.status || ') applied ' || coalesce(sum(l.applied_minor), 0) || ' of its statement lines, expected '
           || CASE p.status WHEN 'succeeded' THEN p.amount_minor WHEN 'pending' THEN p.received_minor ELSE 0 END
      FROM payments p LEFT JOIN statement_lines l ON l.payment_id = p.id
     WHERE p.rail = 'transfer'
     GROUP BY p.id
    HAVING coalesce(sum(l.applied_minor), 0) <> CASE p.status WHEN 'succeeded' THEN p.amount_minor WHEN 'pending' THEN p.received_minor ELSE 0 END
    UNION ALL
    SELECT 'statement line ' || l.id || ' is ' || l.status || ' but ' ||
           CASE WHEN l.status = 'matched' AND l.payment_id IS NULL THEN 'names no payment'
                WHEN l.status = 'matched' AND l.applied_minor + l.return_minor <> l.amount_minor THEN 'is neither applied nor to be returned in full'
                WHEN l.status = 'unmatched' AND (l.applied_minor <> 0 OR l.payment_id IS NOT NULL) THEN 'went towards a payment'
                ELSE 'has no return recorded' END
      FROM statement_lines l
     WHERE (l.status = 'matched' AND (l.payment_id IS NULL OR l.applied_minor + l.return_minor <> l.amount_minor))
        OR (l.status = 'unmatched' AND (l.applied_minor <> 0 OR l.payment_id IS NOT NULL))
        OR (l.status = 'returned' AND l.returned_at IS NULL)
    UNION ALL
    SELECT 'statement line ' || l.id || ' has a return recorded without ' || CASE WHEN l.return_ref IS NULL THEN 'the bank''s reference' ELSE 'money to return' END
      FROM statement_lines l
     WHERE l.returned_at IS NOT NULL AND (l.return_ref IS NULL OR l.return_minor = 0)
    UNION ALL
    SELECT CASE WHEN r.status = 'succeeded' THEN 'transfer refund ' || r.id || ' is settled without its return recorded (the bank''s reference and day)'
                ELSE 'refund ' || r.id || ' (' || p.rail || ', ' || r.status || ') has a return by transfer recorded' END
      FROM processor_refunds r JOIN payments p ON p.id = r.payment_id
     WHERE (p.rail = 'transfer' AND r.status = 'succeeded' AND (r.processor_ref IS NULL OR r.returned_on IS NULL))
        OR (r.returned_on IS NOT NULL AND (p.rail <> 'transfer' OR r.status <> 'succeeded'))
    UNION ALL
    SELECT 'refunds of ledger transaction ' || x.id || ' send back ' || x.sent || ', more than it refunded (' || x.posted || ')'
      FROM (SELECT t.id,
                   (SELECT sum(r.amount_minor) FROM processor_refunds r WHERE r.ledger_transaction_id = t.id) AS sent,
                   (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                     WHERE e.transaction_id = t.id AND a.kind = 'refunds') AS posted
              FROM ledger_transactions t
             WHERE EXISTS (SELECT 1 FROM processor_refunds r WHERE r.ledger_transaction_id = t.id)) x
     WHERE x.sent > x.posted`);
  return r.rows.map((x) => x.problem);
}
