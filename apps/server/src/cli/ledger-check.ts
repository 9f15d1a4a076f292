/**
 * `npm run ledger:check`: verifies every invariant of the money records in the configured database
 * (docs/decisions/021-payment-protection.md) and exits non-zero naming each problem. With the
 * embedded database the server must be stopped first (it holds DATA_DIR); or point DATABASE_URL at it.
 */
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { checkLedger } from '../modules/payments/ledger-check.ts';

const config = loadConfig();
const database = await openDatabase(config, () => undefined);
let problems: string[];
try {
  problems = await checkLedger(database.db);
} finally {
  await database.close();
}
if (problems.length === 0) {
  console.log(
    'ledger:check: OK (balanced transactions per currency, no account or project mixing currencies, no negative escrow, releases approved, funding matches charges, idempotency keys unique, every started project funded as its status needs)',
  );
} else {
  for (const p of problems) console.error(`ledger:check: ${p}`);
  console.error(`ledger:check: ${problems.length} problem(s)`);
  process.exitCode = 1;
}
