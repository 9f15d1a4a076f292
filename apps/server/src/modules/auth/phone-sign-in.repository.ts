import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { phoneSignInCodes } from '../../db/schema/index.ts';

export type PhoneSignInCodeRow = typeof phoneSignInCodes.$inferSelect;

/** The number's code; a new one replaces the last (and its attempts). */
export async function saveSignInCode(db: DbOrTx, row: Omit<PhoneSignInCodeRow, 'attempts' | 'sentAt'>): Promise<void> {
  await db
    .insert(phoneSignInCodes)
    .values({ ...row, attempts: 0 })
    .onConflictDoUpdate({ target: phoneSignInCodes.number, set: { ...row, attempts: 0, sentAt: sql`now()` } });
}

/** The number's code, held until the transaction ends: two sign-ins with one code take turns, the second finds it gone. */
export async function lockSignInCode(tx: DbOrTx, number: string): Promise<PhoneSignInCodeRow | undefined> {
  const [row] = await tx.select().from(phoneSignInCodes).where(eq(phoneSignInCodes.number, number)).for('update');
  return row;
}

/** Forgets the number's code (only this one when `codeHash` is given: a newer code sent meanwhile stays). */
export async function deleteSignInCode(db: DbOrTx, number: string, codeHash?: string): Promise<void> {
  await db.delete(phoneSignInCodes).where(and(eq(phoneSignInCodes.number, number), codeHash === undefined ? undefined : eq(phoneSignInCodes.codeHash, codeHash)));
}

/** One more wrong attempt on the number's code. */
export async function addSignInAttempt(db: DbOrTx, number: string): Promise<void> {
  await db
    .update(phoneSignInCodes)
    .set({ attempts: sql`${phoneSignInCodes.attempts} + 1` })
    .where(eq(phoneSignInCodes.number, number));
}
