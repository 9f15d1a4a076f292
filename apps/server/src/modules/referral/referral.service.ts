import { referral as t } from '@arreglaya/shared/i18n/site-forms';
import { splitReferralContact, type Referral } from '@arreglaya/shared/schemas/referral';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../contact/visitor-message.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { renderMail } from '../mail/layout.ts';
import { mayMailTypedAddress, nameForThirdParty } from '../mail/third-party.ts';
import type { Mailer } from '../mail/mailer.ts';
import { findUserGreeting } from '../users/users.service.ts';
import { insertReferral } from './referral.repository.ts';

export interface ReferralDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/**
 * Refer a friend by e-mail (a phone is refused, below): the referral is stored; the friend gets
 * an invitation in our words only: not the friend's name as typed, no message; the referrer's first name when
 * signed in and when it is a name (nameForThirdParty), so nobody can put words in our mail.
 */
export async function referFriend(deps: ReferralDeps, input: Referral, actor: Actor): Promise<{ id: string; mailed: boolean }> {
  const { email } = splitReferralContact(input.contact);
  // Nothing of ours writes to a stranger's phone (decision 058): the form offers the person's own
  // WhatsApp instead, and a number nothing would use is not stored.
  if (email === null) throw new AppError('VALIDATION', undefined, { contact: t.phoneRefused });
  const referrer = actor.userId ? await findUserGreeting(deps.db, actor.userId) : undefined;
  let mailed = false;
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertReferral(tx, { name: input.name, email, phone: null, referrerId: actor.userId });
    mailed = await mayMailTypedAddress(tx, email);
    if (mailed) {
      const mail = renderMail({
        title: t.emailTitle,
        paragraphs: [t.email(nameForThirdParty(referrer?.firstName))],
        actions: [{ label: t.emailAction, url: `${deps.appUrl}/` }],
      });
      await deps.mailer.queue(tx, { to: email, subject: t.emailSubject, template: 'referral-invite', ...mail });
    }
    await recordLogEntry(tx, {
      userId: actor.userId,
      sessionId: actor.sessionId,
      action: 'referral',
      location: '/comoferreterias',
      details: { referralId: id, by: 'email' },
    });
    return id;
  });
  if (mailed) deps.mailer.kick();
  return { id, mailed };
}
