import type { DbOrTx } from '../../db/client.ts';
import { insertMail, type NewMail } from './mail.repository.ts';

/**
 * What services use to send mail: queue inside the transaction that causes the mail,
 * then kick() once it has committed.
 */
export interface Mailer {
  queue(tx: DbOrTx, mail: NewMail): Promise<string>;
  kick(): void;
}

export function createMailer(kick: () => void): Mailer {
  return { queue: (tx, mail) => insertMail(tx, mail), kick };
}
