import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox, users } from '../../db/schema/index.ts';
import type { Mailer } from './mailer.ts';

// One mail to many people, set-based (decision 036, reused by decision 041's campaigns): the mail
// is rendered once with placeholders, and each batch is ONE statement and one transaction that
// picks the next recipients, writes their "told" rows (the caller's idempotency table, ON CONFLICT
// DO NOTHING) and, for the rows written, INSERT … SELECT the outbox's mails with the placeholders
// replaced per recipient. A retried or re-run fan-out skips whoever has a row.

/** Recipients per transaction of a fan-out. */
export const FAN_OUT_BATCH = 500;

/** Stands for the recipient's first name in a mail rendered once; replaced in SQL (HTML-escaped in the HTML part). */
export const FIRST_NAME_TOKEN = 'ARREGLAYAFIRSTNAME';

/** PostgreSQL's spelling of escapeHtml (mail/layout.ts) for a value replaced into a rendered HTML part. */
export function htmlEscapedSql(value: SQL): SQL {
  return sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;
}

export interface MailFanOut {
  /** The FROM of the audience; it joins `users` (the recipients' id, e-mail and first name). */
  from: SQL;
  /** Who gets the mail and has not had it (a NOT EXISTS on the caller's "told" table). */
  where: SQL;
  /**
   * The "told" rows: written from the batch's recipients (the CTE `recipients`, column `id`, the
   * user's id). `into` names the table and its columns, `select` the values (over `id`),
   * `returning` the column holding the recipient's id.
   */
  record: { into: SQL; select: SQL; returning: SQL };
  /** The mail rendered once; FIRST_NAME_TOKEN and `tokens`' keys are replaced per recipient. */
  mail: { subject: string; text: string; html: string; template: string };
  /** More placeholders: each key replaced by its SQL value over the FROM (URL-safe text: it goes into the HTML unescaped). */
  tokens?: Record<string, SQL>;
  /** Extra headers of every mail (List-Unsubscribe); their values may hold the placeholders too. */
  headers?: Record<string, string>;
}

/**
 * Mails everyone `where` still selects, in batches of `batch` ordered by user id, each batch one
 * statement that commits its told rows and their mails together. The outbox is kicked after each
 * batch, so delivery starts while the fan-out goes on. Returns the mails queued.
 */
export async function fanOutMail(deps: { db: Db; mailer: Mailer }, f: MailFanOut, batch = FAN_OUT_BATCH): Promise<number> {
  const extra = Object.entries(f.tokens ?? {});
  const extraColumns = extra.map(([, value], i) => sql`, ${value} AS ${sql.raw(`token_${i}`)}`);
  const replaced = (part: SQL, nameColumn: 'first_name' | 'html_name') =>
    extra.reduce((acc, [token], i) => sql`replace(${acc}, ${token}, ${sql.raw(`r.token_${i}`)})`, sql`replace(${part}, ${FIRST_NAME_TOKEN}, ${sql.raw(`r.${nameColumn}`)})`);
  const headers = Object.entries(f.headers ?? {});
  const headersSql =
    headers.length === 0
      ? sql`NULL`
      : sql`jsonb_build_object(${sql.join(
          headers.map(([name, value]) => sql`${name}::text, ${replaced(sql`${value}::text`, 'first_name')}`),
          sql`, `,
        )})`;
  let queued = 0;
  for (;;) {
    const result = await deps.db.execute<{ seen: number; mailed: number }>(sql`
      WITH recipients AS (
        SELECT ${users.id} AS id, ${users.email} AS email, ${users.firstName} AS first_name, ${htmlEscapedSql(sql`${users.firstName}`)} AS html_name${sql.join(extraColumns)}
        FROM ${f.from}
        WHERE ${f.where}
        ORDER BY ${users.id}
        LIMIT ${batch}
      ), told AS (
        INSERT INTO ${f.record.into}
        SELECT ${f.record.select} FROM recipients
        ON CONFLICT DO NOTHING
        RETURNING ${f.record.returning} AS recipient_id
      ), mails AS (
        INSERT INTO ${emailOutbox} (to_address, subject, text_body, html_body, template, headers)
        SELECT r.email, ${f.mail.subject}, ${replaced(sql`${f.mail.text}`, 'first_name')}, ${replaced(sql`${f.mail.html}`, 'html_name')}, ${f.mail.template}, ${headersSql}
        FROM told JOIN recipients r ON r.id = told.recipient_id
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM recipients)::int AS seen, (SELECT count(*) FROM mails)::int AS mailed`);
    const row = result.rows[0]!;
    queued += row.mailed;
    if (row.mailed > 0) deps.mailer.kick();
    // Fewer than a batch selected: everyone is told. A batch that wrote nothing (another run took those rows) ends too.
    if (row.seen < batch || row.mailed === 0) break;
  }
  return queued;
}
