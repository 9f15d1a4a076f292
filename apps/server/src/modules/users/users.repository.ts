import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

// The lookups of an account that several modules make (auth, contact, referral,
// notifications), in one place; other modules call them through users.service.ts.

/** The account with this e-mail, whatever its case, or undefined. */
export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: sql`lower(${users.email}) = ${email.toLowerCase()}` });
}

/** The account's e-mail, or undefined for an unknown id. */
export function findUserEmail(db: DbOrTx, userId: string): Promise<{ email: string } | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
}

/** The account's first name and e-mail (to write as themselves), or undefined for an unknown id. */
export function findUserGreeting(db: DbOrTx, userId: string): Promise<{ firstName: string; email: string } | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, userId), columns: { firstName: true, email: true } });
}

/** The account's status ('active', 'banned', 'deleted'), or undefined for an unknown id. */
export async function findUserStatus(db: DbOrTx, userId: string): Promise<string | undefined> {
  const row = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { status: true } });
  return row?.status;
}

/**
 * The account's status, its row share-locked until the transaction ends (a ban or a deletion,
 * which update the row, wait for the transaction; and it waits for them), or undefined.
 */
export async function lockUserStatus(tx: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('share');
  return row?.status;
}
