import type { DbOrTx } from '../../db/client.ts';
import { referrals } from '../../db/schema/index.ts';

export async function insertReferral(db: DbOrTx, row: { name: string; email: string | null; phone: string | null; referrerId: string | null }): Promise<string> {
  const [created] = await db.insert(referrals).values(row).returning({ id: referrals.id });
  return created!.id;
}
