import type { Db } from '../../db/client.ts';
import { findUserByEmail } from '../users/users.service.ts';
import { endAllSessions, findCredentialHash, insertSysadmin, promoteToSysadmin, replaceCredentialHash, setDemoAccountsHash } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';

/**
 * Creates the sysadmin, or brings an existing account with that e-mail up to date (role,
 * confirmed, active, password). Used at start (ADMIN_EMAIL/ADMIN_PASSWORD), by `npm run
 * admin:create` and by the console's "create sysadmin".
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
    else if (existing.role !== 'sysadmin') await endAllSessions(tx, id);
    return { id, created: false };
  });
}

/** Lets a newcomer sign in as any demo person (e-mails under demo.arreglaya.do) with one password. */
export async function giveDemoAccountsPassword(db: Db, password: string): Promise<number> {
  return setDemoAccountsHash(db, await hashPassword(password));
}
