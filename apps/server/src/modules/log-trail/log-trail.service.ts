import type { DbOrTx } from '../../db/client.ts';
import { insertLogEntry, type LogEntry } from './log-trail.repository.ts';

export type { LogEntry };

/**
 * Writes one line of the log trail (spec's LogTrail). Other modules call this, inside their
 * own transaction when the line belongs to a change they make.
 */
export function recordLogEntry(db: DbOrTx, entry: LogEntry): Promise<void> {
  return insertLogEntry(db, entry);
}
