import type { DbOrTx } from '../../db/client.ts';
import { findUserByEmail, findUserEmail, findUserGreeting, findUserStatus, lockUserStatus } from './users.repository.ts';

// What other modules may ask about an account (decision 001: a module calls another's service,
// never its repository).
export { findUserByEmail, findUserEmail, findUserGreeting };

/**
 * The one rule of who may act: only an active account may sign in, get a session, or have
 * something done on its behalf by a mailed secret (the offer mail's 'Aprobar oferta' and
 * 'Rechazar oferta' links, a password reset code, a confirmation code). A banned or deleted
 * account may not (issue 29, decision 025).
 */
export function mayAct(status: string | undefined): boolean {
  return status === 'active';
}

/** Whether the account may act (sign in, get a session, use a mail link): only an active one may. */
export async function isActiveUser(db: DbOrTx, userId: string): Promise<boolean> {
  return mayAct(await findUserStatus(db, userId));
}

/**
 * Whether the account may act, holding its row (FOR SHARE) until the transaction ends: what a
 * mail link does on its behalf and a ban or deletion of the account happen one after the other,
 * never interleaved (a link confirmed while the ban commits finds the account banned).
 */
export async function lockIfActive(tx: DbOrTx, userId: string): Promise<boolean> {
  return mayAct(await lockUserStatus(tx, userId));
}
