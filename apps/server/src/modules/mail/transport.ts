import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
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
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
    },
    close: () => transporter.close(),
  };
}

/**
 * MAIL_TRANSPORT=outbox (the default without SMTP_URL): a mail stays in the database outbox
 * (readable at /dev/outbox outside production). The log says only that it was kept, for
 * whom and about what: its text holds sign-up and reset codes, and a log is read by more
 * people, and kept longer, than a mailbox.
 */
export function createOutboxOnlyTransport(log: (obj: object, msg: string) => void): MailTransport {
  return {
    kind: 'outbox',
    send(mail) {
      log({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox (MAIL_TRANSPORT=outbox: not delivered; see /dev/outbox outside production)');
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
