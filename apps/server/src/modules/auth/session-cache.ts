// Sessions kept in each instance's memory (decision 028): the row `findSessionByToken` reads
// (the session's id, person, expiry, and the person's role and status), by token, so a signed-in
// read costs no PostgreSQL round trip for its session.
//
// What may end a session or change what it grants writes the database: a sign-out, a password
// change or reset, a revocation, an account deletion (each deletes `sessions` rows), a sliding
// refresh (updates one), a ban or a role change (updates `users`). Migration 0021's triggers
// notify 'sessions_changed' on commit with the user ids concerned (or '*'), which every instance
// hears on the directory's listener connection and drops those people's sessions. This instance
// also forgets synchronously, before its answer goes out (`forgetUser` / `clear`), so the person
// who signed out or was banned here is refused on the very next request whatever the
// notification's delay.
//
// Safety over hits: nothing is kept while the listener is not connected, and its loss and every
// reconnection empty the cache (a notice missed while down cannot keep a revoked session alive);
// an answer read while any change arrived is not kept (it may predate it); an entry is trusted
// for `maxAgeMs` at most; expiry and the sliding refresh are checked on every request against
// the kept `expiresAt`, as for a row read fresh.

import { LRUCache } from 'lru-cache';
import { isUuid } from '../../lib/uuid.ts';

/** The channel migration 0021's triggers notify. */
export const SESSIONS_CHANNEL = 'sessions_changed';
const EVERYONE = '*';

export interface CachedSession {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  role: string;
  status: string;
}

/** The notification's payload: user ids separated by commas, or '*'; anything unreadable is '*'. */
export function parseSessionChanges(payload: string | undefined): readonly string[] | typeof EVERYONE {
  if (!payload || payload === EVERYONE) return EVERYONE;
  const ids = payload.split(',');
  return ids.every((id) => isUuid(id)) ? ids.map((id) => id.toLowerCase()) : EVERYONE;
}

export class SessionCache {
  private live = false;
  /** Moves on every change: a row read while one happened may predate it and is not kept. */
  private generation = 0;
  /** By token, at most `maxEntries` (the least recently used go first), each trusted `maxAgeMs` from when it was kept. */
  private readonly byToken: LRUCache<string, CachedSession>;
  private readonly byUser = new Map<string, Set<string>>();

  constructor(opts: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) {
    const now = opts.now ?? Date.now;
    this.byToken = new LRUCache<string, CachedSession>({
      max: opts.maxEntries ?? 100_000,
      ttl: opts.maxAgeMs ?? 60_000,
      // The clock read on every check (tests move it), not a cached one; lru-cache takes a start at
      // 0 for "no start", so a clock that starts at 0 is read one millisecond on.
      perf: { now: () => now() + 1 },
      ttlResolution: 0,
      // However an entry goes (evicted, stale, replaced, forgotten), its person's index follows.
      dispose: (row, token) => this.unindex(token, row.userId),
    });
  }

  /** A kept session, or undefined (then read it and `keep` it with the generation taken before reading). */
  get(token: string): CachedSession | undefined {
    if (!this.live) return undefined;
    return this.byToken.get(token);
  }

  /** Taken before reading the database; `keep` stores the row only if nothing changed since. */
  mark(): number {
    return this.generation;
  }

  keep(token: string, row: CachedSession, mark: number): void {
    if (!this.live || mark !== this.generation) return;
    this.byToken.set(token, row);
    const userId = row.userId.toLowerCase();
    let tokens = this.byUser.get(userId);
    if (!tokens) this.byUser.set(userId, (tokens = new Set()));
    tokens.add(token);
  }

  /** Every session of these people (a notification, or this instance's own sign-out, ban, deletion). */
  forgetUsers(userIds: readonly string[]): void {
    this.generation++;
    for (const id of userIds) {
      const userId = id.toLowerCase();
      const tokens = this.byUser.get(userId);
      if (!tokens) continue;
      for (const token of [...tokens]) this.byToken.delete(token);
      this.byUser.delete(userId);
    }
  }

  clear(): void {
    this.generation++;
    this.byToken.clear();
    this.byUser.clear();
  }

  /** A notification on SESSIONS_CHANNEL. */
  notify(payload: string | undefined): void {
    const changes = parseSessionChanges(payload);
    if (changes === EVERYONE) this.clear();
    else this.forgetUsers(changes);
  }

  /** The listener's state: down or back, the cache starts empty (anything may have been missed). */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  get size(): number {
    return this.byToken.size;
  }

  private unindex(token: string, userId: string): void {
    const tokens = this.byUser.get(userId.toLowerCase());
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(userId.toLowerCase());
  }
}
