import type { Db } from '../../db/client.ts';
import { claimDueMails, findAccountIds, markFailed, markSent } from './mail.repository.ts';
import type { MailTransport } from './transport.ts';

export interface OutboxWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often to look for due mails written by any instance (ms); none with `trigger` unless given. */
  pollMs?: number;
  /**
   * Where a kick goes: the job queue's `mail-delivery` job (decision 035), whose run calls
   * deliver() on whichever instance takes it. Without it, a kick delivers in this process.
   */
  trigger?: () => void;
}

/**
 * Delivers the outbox. Mails are queued in the database, in the same transaction as the record
 * that causes them where there is one (contact messages, offers, …; auth mails such as codes
 * are queued on their own, since better-auth writes its records itself), then delivered here: a
 * request never waits on SMTP, and a mail is never lost when SMTP is down (it is retried) or
 * sent for a change that was rolled back.
 */
/** Mails claimed at a time (and marked sent together). */
const BATCH = 25;
/**
 * A kick waits this long before delivering, so the mails queued by requests arriving together go
 * out in one claim and one mark instead of a pair of statements each.
 */
const KICK_DELAY_MS = 20;

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private delayed: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: OutboxWorkerOptions) {}

  start(): void {
    const pollMs = this.opts.pollMs ?? (this.opts.trigger ? undefined : 5_000);
    if (pollMs !== undefined) {
      this.timer = setInterval(() => this.kick(), pollMs);
      this.timer.unref();
    }
    this.kick();
  }

  /** Deliver soon (called after a transaction that queued mail commits). */
  kick(): void {
    if (this.stopped || this.delayed) return;
    this.delayed = setTimeout(() => {
      if (!this.opts.trigger) return this.run();
      this.delayed = undefined;
      if (!this.stopped) this.opts.trigger();
    }, KICK_DELAY_MS);
  }

  /**
   * Delivers every due mail now (the queue's job); waits for a delivery already running here
   * first. Throws when the outbox cannot be read or marked (the job is retried); a mail SMTP
   * refuses is not a failure of the run: it waits for its own retry (markFailed).
   */
  async deliver(): Promise<number> {
    while (this.running) await this.running;
    let sent = 0;
    const run = this.drain().then((n) => {
      sent = n;
    });
    this.running = run.catch(() => undefined).finally(() => (this.running = undefined));
    await run;
    return sent;
  }

  private run(): void {
    this.delayed = undefined;
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((err: unknown) => this.opts.log.error({ err }, 'outbox delivery failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claimDueMails(this.opts.db, BATCH);
      if (batch.length === 0 || this.stopped) return delivered;
      // Delivered mails are marked sent together once the batch is through (one statement); an
      // instance dying before that sends them again when their lease ends (at-least-once, decision 003).
      const sent: string[] = [];
      // The outbox-only transport logs each mail by its recipient's account id (one read per batch).
      const accounts =
        this.opts.transport.kind === 'outbox'
          ? await findAccountIds(
              this.opts.db,
              batch.map((r) => r.toAddress),
            ).catch(() => new Map<string, string>())
          : new Map<string, string>();
      try {
        for (const row of batch) {
          try {
            await this.opts.transport.send({
              to: row.toAddress,
              subject: row.subject,
              text: row.textBody,
              html: row.htmlBody,
              id: row.id,
              template: row.template,
              headers: row.headers,
              recipientId: accounts.get(row.toAddress.toLowerCase()) ?? null,
            });
            sent.push(row.id);
          } catch (err) {
            this.opts.log.warn({ err, mailId: row.id }, 'mail delivery failed; will retry');
            await markFailed(this.opts.db, row, err instanceof Error ? err.message : String(err));
          }
        }
      } finally {
        await markSent(this.opts.db, sent);
      }
      delivered += sent.length;
      // A short batch took every mail due at that moment: a mail queued since kicks again (or the poll finds it).
      if (batch.length < BATCH) return delivered;
    }
  }

  /** Stops polling and waits for the delivery in progress. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (this.delayed) {
      // A kick was waiting: deliver what it was for before stopping.
      clearTimeout(this.delayed);
      this.run();
    }
    await this.running;
    this.stopped = true;
    clearTimeout(this.delayed);
    this.delayed = undefined;
    this.opts.transport.close();
  }
}
