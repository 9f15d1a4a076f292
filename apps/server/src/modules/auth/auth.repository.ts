import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { appSettings, authAccounts, notificationPreferences, sessions, users, verifications } from '../../db/schema/index.ts';

/** Removes an unconfirmed account and its pending sign-up code (a confirmed one is left alone). */
export async function deleteUnconfirmedAccount(tx: DbOrTx, userId: string, email: string): Promise<void> {
  await tx.delete(verifications).where(eq(verifications.identifier, `email-verification-otp-${email}`));
  await tx.delete(users).where(and(eq(users.id, userId), eq(users.emailVerified, false), eq(users.phoneVerified, false)));
}

/** When the account's newest session ends, or undefined when it has none. */
export async function findNewestSessionExpiry(db: DbOrTx, userId: string): Promise<Date | undefined> {
  const session = await db.query.sessions.findFirst({ where: eq(sessions.userId, userId), orderBy: [desc(sessions.createdAt)] });
  return session?.expiresAt;
}

function sessionQuery(db: DbOrTx) {
  return db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt, role: users.role, status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('auth_session_by_token');
}

// Prepared once per database handle: every signed-in request runs it, and PostgreSQL then parses and plans it once per connection.
const preparedSession = preparedPerDb(sessionQuery);

/** A session by its token, with what access control needs of its person (one prepared query, decision 022). */
export async function findSessionByToken(db: DbOrTx, token: string) {
  const [row] = await preparedSession(db).execute({ token });
  return row;
}

/** The stored signing key, created once by whichever instance asks first. */
export async function loadOrCreateStoredAuthSecret(db: DbOrTx): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: 'auth_secret', value: sql`to_jsonb(${crypto.randomBytes(32).toString('base64url')}::text)` })
    .onConflictDoNothing();
  const row = await db.query.appSettings.findFirst({ where: eq(appSettings.key, 'auth_secret') });
  return row!.value as string;
}

/** Makes the account a confirmed, active sysadmin. */
export async function promoteToSysadmin(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(users).set({ role: 'sysadmin', emailVerified: true, status: 'active' }).where(eq(users.id, userId));
}

/** A new confirmed sysadmin account (e-mail already normalised) with default notification preferences. */
export async function insertSysadmin(tx: DbOrTx, email: string): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ email, emailVerified: true, role: 'sysadmin', firstName: 'Administrador', lastName: 'ArreglaYa', name: 'Administrador ArreglaYa' })
    .returning({ id: users.id });
  const id = row!.id;
  await tx.insert(notificationPreferences).values({ userId: id }).onConflictDoNothing();
  return id;
}

/** A user without a password (an account made from a phone, decision 064). */
export async function insertPhoneOnlyUser(tx: DbOrTx, v: { email: string; role: 'contractor'; firstName: string; lastName: string; name: string }): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ ...v, emailVerified: false, phoneVerified: true })
    .returning({ id: users.id });
  return row!.id;
}

/** Sets the account's password hash, creating its credential account when it has none. */
/** The account's password hash, or undefined when it has none (social sign-in only). */
export async function findCredentialHash(tx: DbOrTx, userId: string): Promise<string | undefined> {
  const credential = await tx.query.authAccounts.findFirst({
    where: and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')),
    columns: { password: true },
  });
  return credential?.password ?? undefined;
}

/**
 * Ends every session of the account (in the caller's transaction). The `sessions` triggers then
 * tell every instance at commit: their kept sessions are dropped (decision 028) and the
 * sockets opened with them closed with 4001 (decision 024). better-auth does the same on a
 * password change (the other sessions) and a reset (all of them).
 */
export async function endAllSessions(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Replaces the account's password outside better-auth (the console's "create sysadmin", `npm
 * run admin:create`, ADMIN_PASSWORD at start). The caller ends every session and device of the
 * account with it (end-access.ts), as a change or a reset does, so a session opened with the old
 * one reads nothing.
 */
export async function replaceCredentialHash(tx: DbOrTx, userId: string, hash: string): Promise<void> {
  const credential = await tx.query.authAccounts.findFirst({
    where: and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')),
  });
  if (credential) await tx.update(authAccounts).set({ password: hash }).where(eq(authAccounts.id, credential.id));
  else await tx.insert(authAccounts).values({ userId, providerId: 'credential', accountId: userId, password: hash });
}

/** Gives every demo account (under demo.arreglaya.do) without a password this hash; how many got it. */
export async function setDemoAccountsHash(db: DbOrTx, hash: string): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO auth_accounts (user_id, provider_id, account_id, password)
    SELECT id, 'credential', id::text, ${hash} FROM users
     WHERE email LIKE '%@demo.arreglaya.do'
       AND NOT EXISTS (SELECT 1 FROM auth_accounts a WHERE a.user_id = users.id AND a.provider_id = 'credential')`);
  return result.rowCount ?? 0;
}
