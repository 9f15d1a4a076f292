import type { DbOrTx } from '../../db/client.ts';
import { forgetAllDevices } from '../push/push.service.ts';
import { endAllSessions } from './auth.repository.ts';

// Devices follow sessions (issue 48): the one place for the rule. Whatever ends every session of
// an account (a ban, an account deletion, a promotion, a password replaced by the console or the
// command line) ends its devices' push subscriptions in the same transaction, so a phone that
// lost its session stops receiving the person's notices too.

/** Every session of the account and every push subscription of its devices, in the caller's transaction. */
export async function endAccess(tx: DbOrTx, userId: string): Promise<void> {
  await endAllSessions(tx, userId);
  await forgetAllDevices(tx, userId);
}

/**
 * A password change or reset: better-auth ends the sessions (all of them on a reset, the others on
 * a change) in its own statements; the devices go right after it answered. The device the change
 * was made on subscribes again when its person turns the notices back on.
 */
export async function endDevicesAfterPasswordChange(db: DbOrTx, userId: string): Promise<void> {
  await forgetAllDevices(db, userId);
}
