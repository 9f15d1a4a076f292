import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Where mails go: a real SMTP server, or (without SMTP_URL) the log. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
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

/** Without SMTP a mail is "delivered" to the log; the outbox keeps it for /dev/outbox. */
export function createLogTransport(log: (obj: object, msg: string) => void): MailTransport {
  return {
    kind: 'log',
    send(mail) {
      log({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL: kept in the outbox, see /dev/outbox)');
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
