import type { Db } from '../../db/client.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import { findUserByEmail } from '../users/users.service.ts';
import { findCredentialHash, insertSysadmin, promoteToSysadmin, replaceCredentialHash, setDemoAccountsHash } from './auth.repository.ts';
import { endAccess } from './end-access.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

/**
 * Creates the sysadmin, or brings an existing account with that e-mail up to date (role,
 * confirmed, active, password). Used at start (ADMIN_EMAIL/ADMIN_PASSWORD) and by `npm run
 * admin:create`: whoever runs them holds the server. The console's "Crear sysadmin" creates new
 * accounts only (`createNewSysadmin` below, decision 050).
 *
 * A promotion or a replaced password ends every session of the account (and, through the
 * sessions' triggers, closes its sockets on every instance): a session opened as a client, or
 * with the old password, must not read the console. The same password given again to a sysadmin
 * (ADMIN_PASSWORD at every start) changes nothing and keeps their sessions. The caller forgets
 * the account's kept sessions on this instance (`forgetSessions`) after the commit.
 */
export async function ensureSysadmin(db: Db, email: string, password: string): Promise<{ id: string; created: boolean }> {
  const hash = await hashPassword(password);
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, normalised);
    if (!existing) {
      const id = await insertSysadmin(tx, normalised);
      await replaceCredentialHash(tx, id, hash);
      return { id, created: true };
    }
    const id = existing.id;
    await promoteToSysadmin(tx, id);
    const old = await findCredentialHash(tx, id);
    const samePassword = old !== undefined && (await verifyPassword({ hash: old, password }));
    if (!samePassword) await replaceCredentialHash(tx, id, hash);
    // A promotion or a replaced password: every session and every device's push subscription ends.
    if (!samePassword || existing.role !== 'sysadmin') await endAccess(tx, id);
    return { id, created: false };
  });
}

/**
 * The console's "Crear sysadmin" (decision 050): a new confirmed sysadmin account with this
 * password, or null when the e-mail already has an account. That account is left exactly as it
 * is: its password, its role, its sessions. Two requests racing for one new e-mail: the unique
 * index on the e-mail refuses the second, which is answered the same way (null).
 */
export async function createNewSysadmin(db: Db, email: string, password: string): Promise<{ id: string } | null> {
  const normalised = email.trim().toLowerCase();
  if (await findUserByEmail(db, normalised)) return null;
  const hash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const id = await insertSysadmin(tx, normalised);
      await replaceCredentialHash(tx, id, hash);
      return { id };
    });
  } catch (err) {
    if (databaseErrorOf(err)?.constraint === 'users_email_lower_key') return null;
    throw err;
  }
}

/** Lets a newcomer sign in as any demo person (e-mails under demo.arreglaya.do) with one password. */
export async function giveDemoAccountsPassword(db: Db, password: string): Promise<number> {
  return setDemoAccountsHash(db, await hashPassword(password));
}
