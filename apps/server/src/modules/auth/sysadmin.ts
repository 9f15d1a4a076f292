import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAccounts, notificationPreferences, users } from '../../db/schema/index.ts';
import { hashPassword } from './password-hash.ts';

/**
 * Creates the sysadmin, or brings an existing account with that e-mail up to date (role,
 * confirmed, active, password). Used at start (ADMIN_EMAIL/ADMIN_PASSWORD) and by
 * `npm run admin:create`.
 */
export async function ensureSysadmin(db: Db, email: string, password: string): Promise<{ id: string; created: boolean }> {
  const hash = await hashPassword(password);
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await tx.query.users.findFirst({ where: sql`lower(${users.email}) = ${normalised}` });
    let id: string;
    if (existing) {
      id = existing.id;
      await tx.update(users).set({ role: 'sysadmin', emailVerified: true, status: 'active' }).where(eq(users.id, id));
    } else {
      const [row] = await tx
        .insert(users)
        .values({ email: normalised, emailVerified: true, role: 'sysadmin', firstName: 'Administrador', lastName: 'ArreglaYa', name: 'Administrador ArreglaYa' })
        .returning({ id: users.id });
      id = row!.id;
      await tx.insert(notificationPreferences).values({ userId: id }).onConflictDoNothing();
    }
    const credential = await tx.query.authAccounts.findFirst({
      where: and(eq(authAccounts.userId, id), eq(authAccounts.providerId, 'credential')),
    });
    if (credential) await tx.update(authAccounts).set({ password: hash }).where(eq(authAccounts.id, credential.id));
    else await tx.insert(authAccounts).values({ userId: id, providerId: 'credential', accountId: id, password: hash });
    return { id, created: !existing };
  });
}

/** Lets a newcomer sign in as any demo person (e-mails under demo.arreglaya.do) with one password. */
export async function giveDemoAccountsPassword(db: Db, password: string): Promise<number> {
  const hash = await hashPassword(password);
  const result = await db.execute(sql`
    INSERT INTO auth_accounts (user_id, provider_id, account_id, password)
    SELECT id, 'credential', id::text, ${hash} FROM users
     WHERE email LIKE '%@demo.arreglaya.do'
       AND NOT EXISTS (SELECT 1 FROM auth_accounts a WHERE a.user_id = users.id AND a.provider_id = 'credential')`);
  return result.rowCount ?? 0;
}
