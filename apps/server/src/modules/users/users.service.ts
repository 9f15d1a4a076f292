import type { DbOrTx } from '../../db/client.ts';
import { findUserByEmail, findUserEmail, findUserGreeting, findUserStatus } from './users.repository.ts';

// What other modules may ask about an account (decision 001: a module calls another's service,
// never its repository).
export { findUserByEmail, findUserEmail, findUserGreeting };

/** Whether the account may act (sign in, get a session): only an active one may. */
export async function isActiveUser(db: DbOrTx, userId: string): Promise<boolean> {
  return (await findUserStatus(db, userId)) === 'active';
}
