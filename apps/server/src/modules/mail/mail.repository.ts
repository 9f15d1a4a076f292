import { desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
import { emailOutbox, users } from '../../db/schema/index.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which mail this is (contact-team, newsletter-welcome, ...), for the outbox page and tests. */
  template: string;
  /** Extra headers (List-Unsubscribe of a mail with an unsubscribe link: list-unsubscribe.ts). */
  headers?: Record<string, string>;
}

/**
 * Queues a mail; inside a transaction the insert is deferred to its commit (db/deferred-writes.ts:
 * one statement with the transaction's other deferred writes). Its id either way.
 */
export async function insertMail(db: DbOrTx, mail: NewMail): Promise<string> {
  const later = deferred(db);
  if (later) {
    const id = randomUUID();
    later.write(
      sql`INSERT INTO ${emailOutbox} (id, to_address, subject, text_body, html_body, template, headers) VALUES (${id}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template}, ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb)`,
    );
    return id;
  }
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, template: mail.template, headers: mail.headers ?? null })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Takes up to `limit` due mails for delivery. SKIP LOCKED plus a lease (locked_until)
 * lets several instances deliver from one outbox without sending a mail twice; a lease
 * left by a crashed instance expires and the mail is taken over.
 */
export async function claimDueMails(db: Db, limit: number): Promise<OutboxRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH claimed AS (
    UPDATE email_outbox SET locked_until = now() + interval '2 minutes', attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM email_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at, created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, to_address, subject, text_body, html_body, template, headers, status, attempts, last_error, next_attempt_at, locked_until, sent_at, created_at)
    SELECT * FROM claimed ORDER BY created_at, id`);
  // The claimed rows as the UPDATE left them (one statement, no second read), sent in the order
  // they were queued (a code mail must not overtake its replacement).
  return result.rows.map((r) => ({
    id: r.id as string,
    toAddress: r.to_address as string,
    subject: r.subject as string,
    textBody: r.text_body as string,
    htmlBody: r.html_body as string | null,
    template: r.template as string,
    headers: r.headers as Record<string, string> | null,
    status: r.status as OutboxRow['status'],
    attempts: r.attempts as number,
    lastError: r.last_error as string | null,
    nextAttemptAt: new Date(r.next_attempt_at as string),
    lockedUntil: r.locked_until === null ? null : new Date(r.locked_until as string),
    sentAt: r.sent_at === null ? null : new Date(r.sent_at as string),
    createdAt: new Date(r.created_at as string),
  }));
}

/** Marks mails delivered, in one statement. */
export async function markSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`UPDATE email_outbox SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = ANY(${sql.param(ids)}::uuid[])`);
}

const MAX_ATTEMPTS = 8;

/** Retries with exponential backoff (5 s, 10 s, 20 s, ...); gives up after MAX_ATTEMPTS. */
export async function markFailed(db: Db, row: OutboxRow, error: string): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  const delayMs = 5_000 * 2 ** Math.max(0, row.attempts - 1);
  await db
    .update(emailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lastError: error.slice(0, 2000),
      lockedUntil: null,
      nextAttemptAt: new Date(Date.now() + delayMs),
    })
    .where(eq(emailOutbox.id, row.id));
}

export function listRecentMails(db: Db, limit: number, template?: string): Promise<OutboxRow[]> {
  return db.query.emailOutbox.findMany({
    where: template ? eq(emailOutbox.template, template) : undefined,
    orderBy: [desc(emailOutbox.createdAt)],
    limit,
  });
}

/** The accounts these addresses belong to (lower-cased address → user id), to log a mail by its recipient's id, never its address. */
export async function findAccountIds(db: Db, addresses: readonly string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const rows = await db
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(sql`lower(${users.email}) = ANY(${sql.param(lower)}::text[])`);
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** When the next mail waiting for a retry (its back-off) is due; null when none waits. */
export async function nextRetryAt(db: Db): Promise<Date | null> {
  const result = await db.execute<{ at: string | null }>(sql`SELECT min(next_attempt_at) AS at FROM email_outbox WHERE status = 'pending' AND next_attempt_at > now()`);
  const at = result.rows[0]?.at;
  return at ? new Date(at) : null;
}
