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
  const transporter = nodemailer.createTransport(url);
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
