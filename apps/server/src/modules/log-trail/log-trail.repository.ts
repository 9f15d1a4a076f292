import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { deferred } from '../../db/deferred-writes.ts';
import { logTrail, users } from '../../db/schema/index.ts';

export interface LogEntry {
  /** Null for a visitor (shown as 'visitor', as the spec's log trail does). */
  userId: string | null;
  action: string;
  location: string;
  sessionId?: string | null;
  postOnWall?: boolean;
  details?: Record<string, unknown>;
  /**
   * A jsonb object merged into `details` when the line is written, computed in the statement that
   * writes it (a deferred write's other CTEs: what only that statement knows). Only inside a
   * transaction that defers writes.
   */
  moreDetails?: SQL;
}

/** Writes one line; inside a transaction, deferred to its commit (db/deferred-writes.ts). */
export async function insertLogEntry(db: DbOrTx, entry: LogEntry): Promise<void> {
  const later = deferred(db);
  if (later) {
    const details = entry.details === undefined ? null : JSON.stringify(entry.details);
    const more = entry.moreDetails ? sql`coalesce(${details}::jsonb, '{}'::jsonb) || ${entry.moreDetails}` : sql`${details}::jsonb`;
    later.write(sql`INSERT INTO ${logTrail} (user_id, action, location, session_id, post_on_wall, details)
      VALUES (${entry.userId}, ${entry.action}, ${entry.location}, ${entry.sessionId ?? null}, ${entry.postOnWall ?? false}, ${more})`);
    return;
  }
  if (entry.moreDetails) throw new Error('moreDetails needs a transaction that defers writes');
  await db.insert(logTrail).values({
    userId: entry.userId,
    action: entry.action,
    location: entry.location,
    sessionId: entry.sessionId ?? null,
    postOnWall: entry.postOnWall ?? false,
    details: entry.details ?? null,
  });
}

export interface LogFilter {
  /** Part of the person's e-mail, case-insensitive. */
  who?: string;
  /** Part of the action. */
  what?: string;
  /** Part of the route or page. */
  where?: string;
  /** Instants: from inclusive, to exclusive. */
  from?: Date;
  to?: Date;
}

/** LIKE with the user's text taken literally (%, _ and \ escaped). */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(f: LogFilter): SQL | undefined {
  return and(
    f.who ? ilike(users.email, contains(f.who)) : undefined,
    f.what ? ilike(logTrail.action, contains(f.what)) : undefined,
    f.where ? ilike(logTrail.location, contains(f.where)) : undefined,
    f.from ? gte(logTrail.createdAt, f.from) : undefined,
    f.to ? lt(logTrail.createdAt, f.to) : undefined,
  );
}

const columns = {
  id: logTrail.id,
  email: users.email,
  action: logTrail.action,
  location: logTrail.location,
  sessionId: logTrail.sessionId,
  details: logTrail.details,
  createdAt: logTrail.createdAt,
};

/** Log lines matching the filter, newest first: one page (limit/offset) and the total. */
export async function listLogEntries(db: DbOrTx, f: LogFilter, page: { limit: number; offset: number }) {
  const where = whereOf(f);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(logTrail)
      .leftJoin(users, eq(users.id, logTrail.userId))
      .where(where)
      .orderBy(desc(logTrail.createdAt), desc(logTrail.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(logTrail)
      .leftJoin(users, eq(users.id, logTrail.userId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
