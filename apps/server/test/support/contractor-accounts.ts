import { sql } from 'drizzle-orm';
import type { TestDatabase } from './test-db.ts';

/**
 * `count` contractor accounts made in one statement, ids `00000000-0000-4000-8000-<i padded to 12>`
 * for i = 1…count, every `bannedEvery`-th banned and every `deletedEvery`-th deleted (never listed):
 * for directory tests that then insert the profiles beside them in SQL, at a scale the factories
 * would take long to make.
 */
export async function insertContractorAccounts(db: TestDatabase['db'], count: number, { bannedEvery, deletedEvery }: { bannedEvery: number; deletedEvery: number }): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name, banned_at, deleted_at)
    SELECT ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'c' || i || '@prueba.do', true, 'Contratista ' || i, 'contractor',
      CASE WHEN i % ${bannedEvery}::int = 0 THEN 'banned' WHEN i % ${deletedEvery}::int = 0 THEN 'deleted' ELSE 'active' END::user_status,
      'Contratista', i::text, CASE WHEN i % ${bannedEvery}::int = 0 THEN now() END, CASE WHEN i % ${deletedEvery}::int = 0 THEN now() END
    FROM generate_series(1, ${count}::int) i`);
}
