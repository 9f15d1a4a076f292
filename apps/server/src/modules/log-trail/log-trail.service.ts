import { adminLog } from '@arreglaya/shared/i18n/admin-ops';
import type { LogEntryView, LogTrailQuery } from '@arreglaya/shared/schemas/admin-ops';
import type { DbOrTx } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { insertLogEntry, listLogEntries, type LogEntry, type LogFilter } from './log-trail.repository.ts';

export type { LogEntry };

/**
 * Writes one line of the log trail (spec's LogTrail). Other modules call this, inside their
 * own transaction when the line belongs to a change they make.
 */
export function recordLogEntry(db: DbOrTx, entry: LogEntry): Promise<void> {
  return insertLogEntry(db, entry);
}

export const LOG_PAGE_SIZE = 50;
/** The most rows one CSV export carries (narrow the filters for more). */
export const LOG_CSV_MAX = 50_000;

/** Days are the Dominican Republic's (UTC−4, no daylight saving): 'to' includes its whole day. */
function filterOf(q: LogTrailQuery): LogFilter {
  const dayStart = (d: string) => new Date(`${d}T00:00:00-04:00`);
  const to = q.to ? dayStart(q.to) : undefined;
  if (to) to.setUTCDate(to.getUTCDate() + 1);
  return { who: q.who, what: q.what, where: q.where, from: q.from ? dayStart(q.from) : undefined, to };
}

function view(r: Awaited<ReturnType<typeof listLogEntries>>['rows'][number]): LogEntryView {
  return {
    id: r.id,
    email: r.email,
    action: r.action,
    location: r.location,
    sessionId: r.sessionId,
    details: r.details === null || r.details === undefined ? null : JSON.stringify(r.details),
    createdAt: r.createdAt.toISOString(),
  };
}

/** One page of the log trail for the console, newest first. */
export async function readLogTrail(db: DbOrTx, q: LogTrailQuery) {
  const { rows, total } = await listLogEntries(db, filterOf(q), { limit: LOG_PAGE_SIZE, offset: (q.page - 1) * LOG_PAGE_SIZE });
  return { items: rows.map(view), page: q.page, pageSize: LOG_PAGE_SIZE, total };
}

/** The filtered log trail (every page, up to LOG_CSV_MAX rows) as CSV with Spanish headers. */
export async function exportLogTrailCsv(db: DbOrTx, q: LogTrailQuery): Promise<string> {
  const { rows } = await listLogEntries(db, filterOf(q), { limit: LOG_CSV_MAX, offset: 0 });
  const h = adminLog.csvHeaders;
  return toCsv(
    [h.when, h.who, h.action, h.location, h.session, h.details],
    rows.map(view).map((r) => [r.createdAt, r.email ?? adminLog.visitor, r.action, r.location, r.sessionId, r.details]),
  );
}
