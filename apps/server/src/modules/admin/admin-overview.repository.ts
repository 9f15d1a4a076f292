import type { Currency, Role } from '@arreglaya/shared/domain';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// The counts of the console's overview, each one read query (docs/decisions/025-sysadmin-console.md).
// Money comes from the ledger's entries (decision 021): held = the sum of the escrow accounts'
// entries; released this month = what left escrow in 'release' transactions since the 1st.

export async function countPeople(db: DbOrTx, weekAgo: Date) {
  const r = await db.execute<{ role: Role; total: number; recent: number }>(sql`
    SELECT role, count(*)::int AS total, count(*) FILTER (WHERE created_at >= ${weekAgo})::int AS recent
    FROM users WHERE status <> 'deleted' GROUP BY role`);
  return r.rows;
}

export async function countProjectsByStatus(db: DbOrTx) {
  const r = await db.execute<{ status: ProjectStatus; total: number }>(sql`SELECT status, count(*)::int AS total FROM projects GROUP BY status`);
  return r.rows;
}

export async function countQuotesSince(db: DbOrTx, since: Date): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM quotes WHERE created_at >= ${since}`);
  return r.rows[0]!.n;
}

export async function escrowHeld(db: DbOrTx) {
  const r = await db.execute<{ currency: Currency; amount: string }>(sql`
    SELECT e.currency, sum(e.amount_minor)::bigint AS amount
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.kind = 'escrow' GROUP BY e.currency ORDER BY e.currency`);
  return r.rows.map((x) => ({ currency: x.currency, amountMinor: Number(x.amount) }));
}

export async function releasedSince(db: DbOrTx, since: Date) {
  const r = await db.execute<{ currency: Currency; amount: string }>(sql`
    SELECT e.currency, -sum(e.amount_minor)::bigint AS amount
    FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
    WHERE a.kind = 'escrow' AND t.kind = 'release' AND t.created_at >= ${since}
    GROUP BY e.currency ORDER BY e.currency`);
  return r.rows.map((x) => ({ currency: x.currency, amountMinor: Number(x.amount) }));
}

export async function countWaiting(db: DbOrTx) {
  const r = await db.execute<{ claims: number; reviews: number; contact: number; others: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM projects WHERE status = 'disputed') AS claims,
      (SELECT count(*)::int FROM reviews WHERE status = 'pending') AS reviews,
      -- Unanswered contact messages: the contact page's, still 'new' in the inbox (neither answered nor
      -- closed). Quick bookings and store applications are other inboxes, not messages to answer here.
      (SELECT count(*)::int FROM contact_requests WHERE kind = 'contact_page' AND status = 'new') AS contact,
      -- The other inboxes' items still new: quick bookings, store applications, referrals.
      (SELECT count(*)::int FROM contact_requests WHERE kind <> 'contact_page' AND status = 'new')
        + (SELECT count(*)::int FROM referrals WHERE status = 'new') AS others`);
  return r.rows[0]!;
}

/** New projects per calendar day (in `timeZone`) from `firstDay` on; days without any are absent. */
export async function projectsPerDay(db: DbOrTx, firstDay: string, timeZone: string) {
  const r = await db.execute<{ day: string; n: number }>(sql`
    SELECT to_char((created_at AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
    FROM projects WHERE created_at >= (${firstDay}::date)::timestamp AT TIME ZONE ${timeZone}
    GROUP BY 1 ORDER BY 1`);
  return r.rows;
}
