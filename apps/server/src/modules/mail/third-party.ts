import type { DbOrTx } from '../../db/client.ts';
import { countHit } from '../rate-limits/rate-limits.service.ts';

// Mail to an address a visitor typed (an acknowledgement, a referral, the newsletter welcome)
// may reach someone who never asked for it (decision 019). Two rules keep our mail from being
// anyone's relay: such mail carries our words only, and one address gets only so many a day.

/**
 * The one word of a person that may appear in such a mail: a signed-in referrer's first name,
 * its first word, when that is a name (letters, with an apostrophe or hyphen, at most 30
 * characters). Anything else (a link, digits, punctuation) is left out and the mail says
 * "Un amigo". One word of letters says nothing harmful.
 */
export function nameForThirdParty(name: string | null | undefined): string | null {
  const word = name?.trim().split(/\s+/)[0] ?? '';
  return /^\p{L}[\p{L}'’-]{0,29}$/u.test(word) ? word : null;
}

/** At most this many mails a day to one typed address, however many IPs ask and through whichever form. */
export const TYPED_ADDRESS_LIMIT = { max: 5, windowMs: 24 * 60 * 60_000 } as const;

/**
 * Counts one more mail to `address` (in PostgreSQL, decision 004; inside the caller's
 * transaction, so a rolled-back request does not count) and says whether it may go. Over the
 * limit the form still works (the record is kept, the team is told); only the mail to that
 * address is left out, so nobody can lock a person out of our forms by using up their count.
 */
export async function mayMailTypedAddress(tx: DbOrTx, address: string): Promise<boolean> {
  const { hits } = await countHit(tx, `mail-to-typed-address:${address.trim().toLowerCase()}`, TYPED_ADDRESS_LIMIT.windowMs);
  return hits <= TYPED_ADDRESS_LIMIT.max;
}
