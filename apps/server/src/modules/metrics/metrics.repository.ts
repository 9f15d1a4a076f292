import type { Currency } from '@arreglaya/shared/domain';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What `/metrics` reads from the database (decision 029), a few aggregate queries. */
export interface MarketplaceSnapshot {
  /** Money held in escrow per currency, in minor units (the balance of every escrow account). */
  held: { currency: Currency; minor: number }[];
  projects: { status: ProjectStatus; count: number }[];
  /** Offers ever made (quote rows, withdrawn and expired ones included). */
  offers: number;
  /** Ledger transactions of kind `fund` and `release`. */
  fundings: number;
  releases: number;
  outbox: { pending: number; failed: number; oldestPendingSeconds: number };
}

export async function readMarketplaceSnapshot(db: Db): Promise<MarketplaceSnapshot> {
  const held = await db.execute<{ currency: Currency; minor: number }>(sql`
    SELECT e.currency, sum(e.amount_minor)::bigint AS minor
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE a.kind = 'escrow' GROUP BY e.currency`);
  const projects = await db.execute<{ status: ProjectStatus; count: number }>(sql`SELECT status, count(*)::int AS count FROM projects GROUP BY status`);
  const counts = await db.execute<{ offers: number; fundings: number; releases: number }>(sql`
    SELECT (SELECT count(*) FROM quotes)::bigint AS offers,
           (SELECT count(*) FROM ledger_transactions WHERE kind = 'fund')::bigint AS fundings,
           (SELECT count(*) FROM ledger_transactions WHERE kind = 'release')::bigint AS releases`);
  // The pending mails through the outbox's partial index on pending rows.
  const outbox = await db.execute<{ pending: number; failed: number; oldest: number | null }>(sql`
    SELECT (SELECT count(*) FROM email_outbox WHERE status = 'pending')::bigint AS pending,
           (SELECT count(*) FROM email_outbox WHERE status = 'failed')::bigint AS failed,
           (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM email_outbox WHERE status = 'pending') AS oldest`);
  const c = counts.rows[0]!;
  const o = outbox.rows[0]!;
  return {
    held: held.rows.map((r) => ({ currency: r.currency, minor: Number(r.minor) })),
    projects: projects.rows,
    offers: Number(c.offers),
    fundings: Number(c.fundings),
    releases: Number(c.releases),
    outbox: { pending: Number(o.pending), failed: Number(o.failed), oldestPendingSeconds: o.oldest ?? 0 },
  };
}
