import type { DbOrTx } from '../../db/client.ts';
import { logTrail } from '../../db/schema/index.ts';

export interface LogEntry {
  /** Null for a visitor (shown as 'visitor', as the spec's log trail does). */
  userId: string | null;
  action: string;
  location: string;
  sessionId?: string | null;
  postOnWall?: boolean;
  details?: Record<string, unknown>;
}

export async function insertLogEntry(db: DbOrTx, entry: LogEntry): Promise<void> {
  await db.insert(logTrail).values({
    userId: entry.userId,
    action: entry.action,
    location: entry.location,
    sessionId: entry.sessionId ?? null,
    postOnWall: entry.postOnWall ?? false,
    details: entry.details ?? null,
  });
}
