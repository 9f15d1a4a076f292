import { referral as t } from '@arreglaya/shared/i18n/site-forms';
import { splitReferralContact, type Referral } from '@arreglaya/shared/schemas/referral';
import type { Db } from '../../db/client.ts';
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
 * Refer a friend: the referral is stored; a friend given by e-mail gets an invitation in our
 * words only: not the friend's name as typed, no message; the referrer's first name when
 * signed in and when it is a name (nameForThirdParty), so nobody can put words in our mail.
 */
export async function referFriend(deps: ReferralDeps, input: Referral, actor: Actor): Promise<{ id: string; mailed: boolean }> {
  const { email, phone } = splitReferralContact(input.contact);
  const referrer = actor.userId ? await findUserGreeting(deps.db, actor.userId) : undefined;
  let mailed = false;
  const id = await deps.db.transaction(async (tx) => {
    const id = await insertReferral(tx, { name: input.name, email, phone, referrerId: actor.userId });
    mailed = email !== null && (await mayMailTypedAddress(tx, email));
    if (email && mailed) {
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
      details: { referralId: id, by: email ? 'email' : 'phone' },
    });
    return id;
  });
  if (mailed) deps.mailer.kick();
  return { id, mailed };
}
