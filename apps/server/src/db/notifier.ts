import type pg from 'pg';
import type { Notice } from './deferred-writes.ts';

/** How long the first NOTIFY of a batch waits for others to join it. */
const BATCH_MS = 5;

/**
 * NOTIFYs sent after their transaction commits (decision 020, "Notifications after commit").
 *
 * PostgreSQL lets only one transaction that NOTIFYs commit at a time: PreCommit_Notify takes a
 * lock for the whole database and holds it until the transaction has ended, through the flush of
 * its commit record to disk. Transactions that NOTIFY therefore never share a WAL flush, and at a
 * few hundred offers a second they queued behind each other's fsync (the `Lock:object` wait).
 *
 * A transaction of the app's Db hands its NOTIFYs to `DeferredWrites.notify` instead; once it has
 * committed, they go here, and everything queued meanwhile leaves in one statement of its own, in
 * the order queued. That statement writes no data, so it commits with `synchronous_commit` off:
 * its commit record need not reach the disk (there is nothing in it to lose), and it holds the lock
 * for microseconds. Listeners still hear only of committed rows. What this gives up: a process that
 * dies between a COMMIT and the statement here (milliseconds) never sends those NOTIFYs; the other
 * instances' kept answers then last at most their maximum age (open-projects-cache.ts), and a
 * chat notice shows on the next read of the inbox instead of live.
 */
export class Notifier {
  private queued: Notice[] = [];
  private sending: Promise<void> | null = null;
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues NOTIFYs of a committed transaction; they leave with the next statement (at once when none is in flight). */
  send(notices: readonly Notice[]): void {
    if (notices.length === 0) return;
    this.queued.push(...notices);
    if (this.scheduled || this.sending) return;
    this.scheduled = true;
    // The transactions that commit meanwhile join the same statement: at hundreds of commits a
    // second, one statement carries several instead of each adding one of its own.
    setTimeout(() => {
      this.scheduled = false;
      void this.drain();
    }, BATCH_MS).unref();
  }

  /** Resolves when everything queued so far has been sent (or failed). */
  async idle(): Promise<void> {
    while (this.sending || this.queued.length > 0) await (this.sending ?? this.drain());
  }

  private drain(): Promise<void> {
    if (this.sending || this.queued.length === 0) return this.sending ?? Promise.resolve();
    const batch = this.queued;
    this.queued = [];
    this.sending = this.pool
      .query(SEND, [batch.map((n) => n.channel), batch.map((n) => n.payload)])
      .then(
        () => undefined,
        (err: unknown) => this.onError(err),
      )
      .finally(() => {
        this.sending = null;
        // What was queued while this one was in flight leaves now, as one statement.
        if (this.queued.length > 0) void this.drain();
      });
    return this.sending;
  }
}

/**
 * One NOTIFY per row, in order, in a transaction of its own that commits without waiting for the
 * disk (set_config's third argument: for this transaction only).
 */
const SEND = `SELECT set_config('synchronous_commit', 'off', true),
  (SELECT count(*) FROM (SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(c, p, n) ORDER BY n) AS s)`;
