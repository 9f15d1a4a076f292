import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

// Money per country (issue 51 item 1, decision 067): a project's currency is its country's, and
// nothing mixes currencies. `ledger:check` names every place that does: a ledger entry in another
// currency than its account's (an account never mixes), a project whose currency is not its
// country's, an offer, a payment or a project's ledger account in another currency than its
// project's. (Every transaction balancing per currency is `unbalancedTransactions`.)

export async function currencyProblems(db: DbOrTx): Promise<string[]> {
  const r = await db.execute<{ problem: string }>(sql`
    SELECT 'account ' || a.id || ' (' || a.kind || ', ' || a.currency || ') has ' || count(*) || ' entries in ' || e.currency AS problem
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.currency <> a.currency
     GROUP BY a.id, a.kind, a.currency, e.currency
    UNION ALL
    SELECT 'project ' || p.id || ' in ' || p.country || ' is priced in ' || p.currency || ', not its country''s ' ||
           CASE p.country WHEN 'DO' THEN 'DOP' WHEN 'CO' THEN 'COP' ELSE 'MXN' END
      FROM projects p
     WHERE p.currency::text <> CASE p.country WHEN 'DO' THEN 'DOP' WHEN 'CO' THEN 'COP' ELSE 'MXN' END
    UNION ALL
    SELECT 'offer ' || q.id || ' is in ' || q.currency || ', its project ' || p.id || ' in ' || p.currency
      FROM quotes q JOIN projects p ON p.id = q.project_id WHERE q.currency <> p.currency
    UNION ALL
    SELECT 'payment ' || x.id || ' is in ' || x.currency || ', its project ' || p.id || ' in ' || p.currency
      FROM payments x JOIN projects p ON p.id = x.project_id WHERE x.currency <> p.currency
    UNION ALL
    SELECT 'ledger account ' || a.id || ' (' || a.kind || ') of project ' || p.id || ' is in ' || a.currency || ', the project in ' || p.currency
      FROM ledger_accounts a JOIN projects p ON p.id = a.project_id WHERE a.currency <> p.currency`);
  return r.rows.map((x) => x.problem);
}
