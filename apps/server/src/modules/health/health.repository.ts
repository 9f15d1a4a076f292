import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The cheapest question the database must answer to be called up. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
