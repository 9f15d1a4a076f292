import type { Db } from '../../db/client.ts';
import { forgetPhone } from '../messaging/phone.service.ts';
import { forgetVerifications } from '../verification/verification.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { endAccess } from '../auth/end-access.ts';
import { verifyPassword } from '../auth/password-hash.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { photoFileKeys, type PhotoStorage } from '../media/photo-storage.ts';
import { closeOpenProjectsOf } from '../projects/leaving-client.ts';
import { openProjectsChanged } from '../projects/open-projects-cache.ts';
import { tellClientsOffersWithdrawn } from '../projects/withdrawn-offers.ts';
import { countActiveWork, eraseAccount, findCredentialHash, heldInEscrow, lockUser } from './account.repository.ts';

export interface AccountDeps {
  db: Db;
  storage: PhotoStorage;
  /** The clients of a contractor's withdrawn offers are told (decision 023), the contractors of a client's closed projects too (issue 29). */
  mailer: Mailer;
  appUrl: string;
  log: { warn(obj: object, msg: string): void };
  /** Production's session cookies are `__Secure-` ones. */
  isProduction: boolean;
  /** This instance forgets the person's kept sessions at once (decision 028). */
  forgetSessions?: (userId: string) => void;
}

/**
 * Deletes an account (docs/decisions/008-deleting-an-account.md). The password is asked
 * again so a stolen session cannot do it. Refused while work is in progress or money is
 * held, since the other party relies on it.
 */
export async function deleteAccount(deps: AccountDeps, userId: string, password: string): Promise<void> {
  const hash = await findCredentialHash(deps.db, userId);
  if (hash !== undefined && !(hash && (await verifyPassword({ hash, password })))) {
    throw new AppError('WRONG_PASSWORD', undefined, { password: 'La contraseña no es correcta.' });
  }
  const { photoKeys, voiceKeys, closed } = await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.status === 'deleted') throw new AppError('NOT_FOUND');
    if ((await countActiveWork(tx, userId)) > 0 || (await heldInEscrow(tx, userId)) !== 0) {
      throw new AppError('ACCOUNT_HAS_ACTIVE_WORK');
    }
    // A client's open requests are cancelled, the offers on them withdrawn and their contractors told (issue 29).
    const closedProjects = await closeOpenProjectsOf(tx, deps, userId, { actorId: userId, because: 'account-deleted' });
    const { photoKeys, voiceKeys, withdrawn } = await eraseAccount(tx, userId, user.email);
    // Every session and every device's push subscription ends with the account (issue 48).
    await endAccess(tx, userId);
    // The verified phone number and any code waiting (decision 040): the number is free for its next owner.
    await forgetPhone(tx, userId);
    // Verification requests, badges and any document waiting for review (decision 056).
    await forgetVerifications(tx, userId);
    // After the erasure: the notice names the contractor as the project page now does (no name left).
    await tellClientsOffersWithdrawn(tx, deps, userId, withdrawn);
    await recordLogEntry(tx, { userId, action: 'account-deleted', location: '/perfil/info' });
    return { photoKeys, voiceKeys, closed: closedProjects };
  });
  deps.forgetSessions?.(userId);
  if (closed.length > 0) openProjectsChanged(deps.db, closed);
  deps.mailer.kick();
  // Files go after the commit; a failure leaves an orphan file, never a dangling row.
  for (const base of photoKeys) {
    for (const key of photoFileKeys(base)) {
      await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, base }, 'could not delete photo file'));
    }
  }
  for (const key of voiceKeys) await deps.storage.delete(key).catch((err: unknown) => deps.log.warn({ err, key }, 'could not delete voice note file'));
}
