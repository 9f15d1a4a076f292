/**
 * Mail to an address a visitor typed (a referral, an acknowledgement) may reach someone who
 * never asked for it. Such mail carries our words only (decision 019); the one exception is a
 * signed-in referrer's first name: its first word, when that is a name (letters, with an
 * apostrophe or hyphen, at most 30 characters). Anything else (a link, digits, punctuation)
 * is left out and the mail says "Un amigo". One word of letters says nothing harmful.
 */
export function nameForThirdParty(name: string | null | undefined): string | null {
  const word = name?.trim().split(/\s+/)[0] ?? '';
  return /^\p{L}[\p{L}'’-]{0,29}$/u.test(word) ? word : null;
}
