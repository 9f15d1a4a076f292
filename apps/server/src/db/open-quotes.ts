import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { quoteActionTokens, quotes } from './schema/index.ts';

// A contractor who leaves (a sysadmin bans them, or they delete their account) cannot do the
// work of an offer still open: those offers are withdrawn in the same transaction, so no
// client accepts (on the project page or by the mail's 'Aprobar oferta' link) an offer nobody
// will honour (docs/decisions/023-client-project-pages.md). Accepted offers are not touched:
// hired work with money held goes to the console's claims, and deleting is refused then.
// A client who leaves closes the other way round: the offers on their open projects are
// withdrawn (`withdrawOpenQuotesOn`, modules/projects/leaving-client.ts, issue 29).

/** An open offer just withdrawn: the client of its project is told (modules/projects/withdrawn-offers.ts). */
export interface WithdrawnQuote {
  id: string;
  projectId: string;
}

/**
 * Withdraws every open (`created`) quote of the contractor and spends their mail links, in one
 * statement; returns the quotes withdrawn, so the caller tells each project's client in the same
 * transaction. The quotes table's trigger tells the open projects' caches (decision 020) when the
 * transaction commits.
 */
export async function withdrawOpenQuotesOf(tx: DbOrTx, contractorId: string, now: Date): Promise<WithdrawnQuote[]> {
  const { rows } = await tx.execute<{ id: string; project_id: string }>(sql`
    WITH q AS (
      UPDATE ${quotes} SET status = 'withdrawn', closed_at = ${now}, updated_at = ${now}
       WHERE contractor_id = ${contractorId} AND status = 'created'
      RETURNING id, project_id),
    t AS (UPDATE ${quoteActionTokens} SET used_at = ${now} WHERE quote_id IN (SELECT id FROM q) AND used_at IS NULL)
    SELECT id, project_id FROM q ORDER BY project_id`);
  return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
}

/** An open offer closed because its project closed: its contractor is told (modules/projects/leaving-client.ts). */
export interface ClosedQuote extends WithdrawnQuote {
  contractorId: string;
}

/**
 * Withdraws every open (`created`) quote on the projects, spending their mail links, in one
 * statement: a client who leaves (banned or deleted) hires nobody (issue 29). Returns the quotes
 * closed, so the caller tells each contractor in the same transaction. The caller holds the
 * projects' locks.
 */
export async function withdrawOpenQuotesOn(tx: DbOrTx, projectIds: readonly string[], now: Date): Promise<ClosedQuote[]> {
  if (projectIds.length === 0) return [];
  const { rows } = await tx.execute<{ id: string; project_id: string; contractor_id: string }>(sql`
    WITH q AS (
      UPDATE ${quotes} SET status = 'withdrawn', closed_at = ${now}, updated_at = ${now}
       WHERE project_id IN (${sql.join(
         projectIds.map((id) => sql`${id}`),
         sql`, `,
       )}) AND status = 'created'
      RETURNING id, project_id, contractor_id),
    t AS (UPDATE ${quoteActionTokens} SET used_at = ${now} WHERE quote_id IN (SELECT id FROM q) AND used_at IS NULL)
    SELECT id, project_id, contractor_id FROM q ORDER BY project_id, id`);
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, contractorId: r.contractor_id }));
}
