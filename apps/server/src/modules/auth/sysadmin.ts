import type { Db } from '../../db/client.ts';
import { findUserByEmail } from '../users/users.service.ts';
import { insertSysadmin, promoteToSysadmin, setCredentialHash, setDemoAccountsHash } from './auth.repository.ts';
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
    const existing = await findUserByEmail(tx, normalised);
    let id: string;
    if (existing) {
      id = existing.id;
      await promoteToSysadmin(tx, id);
    } else {
      id = await insertSysadmin(tx, normalised);
    }
    await setCredentialHash(tx, id, hash);
    return { id, created: !existing };
  });
}

/** Lets a newcomer sign in as any demo person (e-mails under demo.arreglaya.do) with one password. */
export async function giveDemoAccountsPassword(db: Db, password: string): Promise<number> {
  return setDemoAccountsHash(db, await hashPassword(password));
}
