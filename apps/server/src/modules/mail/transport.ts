import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers (List-Unsubscribe of a campaign's mail). */
  headers?: Record<string, string> | null;
  /** For the log, which names a mail by these, never by its address or subject (issue 30). */
  id?: string;
  template?: string;
  /** The account the address belongs to, when it is one's. */
  recipientId?: string | null;
}

/** Where mails go: a real SMTP server, or nowhere (kept in the database outbox). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(url: string, from: string): MailTransport {
  // Pooled: mails go over connections kept open (one at a time, so they arrive in the order they were
  // queued), not a new TCP connection, greeting and TLS handshake per mail. `?pool=false` in SMTP_URL
  // turns it off.
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 1 });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined, headers: mail.headers ?? undefined });
    },
    close: () => transporter.close(),
  };
}

/**
 * MAIL_TRANSPORT=outbox (the default without SMTP_URL): a mail stays in the database outbox
 * (readable at /dev/outbox outside production). The log says only that it was kept: its id, its
 * template and the recipient's account id. Never its text (sign-up and reset codes), nor its
 * address or subject ('Nuevos mensajes de Fernando Martínez'): a log is read by more people, and
 * kept longer, than a mailbox (issue 30).
 */
export function createOutboxOnlyTransport(log: (obj: object, msg: string) => void): MailTransport {
  return {
    kind: 'outbox',
    send(mail) {
      log(
        { mailId: mail.id, template: mail.template, recipientId: mail.recipientId ?? null },
        'mail kept in the outbox (MAIL_TRANSPORT=outbox: not delivered; see /dev/outbox outside production)',
      );
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
