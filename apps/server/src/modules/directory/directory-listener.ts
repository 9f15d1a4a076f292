import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { startPgListener, type PgListener } from '../../db/pg-listener.ts';
import { EVERYTHING, type Changes, type ContractorChange, type SortKeys } from './directory-cache.ts';
import { isUuid } from '../../lib/uuid.ts';

/** What hears the changes: the cache, the in-memory counts. */
export interface ChangeSink {
  invalidate(changes: Changes): void;
  /** False while changes cannot be heard (nothing may be trusted), true once they can again. */
  setLive(live: boolean): void;
}

/** The channel the database triggers notify (migration 0003_directory_search.sql). */
export const DIRECTORY_CHANNEL = 'directory_changed';

function lexemes(value: unknown): readonly string[] | undefined {
  return Array.isArray(value) && value.every((w) => typeof w === 'string') ? (value as string[]) : undefined;
}

function sortKeys(value: unknown): SortKeys | undefined {
  return Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === 'number') ? (value as unknown as SortKeys) : undefined;
}

/**
 * The notification's payload (migrations 0004 and 0006): a JSON array of {i: contractor id,
 * c: kinds, o/n: sort keys before/after, w: the lexemes of its search vector, v: those before
 * when they changed}, or '*'. Anything unreadable means "forget everything"; words that are not
 * readable are left out (the reader then forgets as if it did not know them).
 */
export function parsePayload(payload: string | undefined): Changes {
  if (!payload || payload === EVERYTHING) return EVERYTHING;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return EVERYTHING;
  }
  if (!Array.isArray(parsed)) return EVERYTHING;
  const changes: ContractorChange[] = [];
  for (const item of parsed as unknown[]) {
    const { i, c, o, n, w, v } = (item ?? {}) as { i?: unknown; c?: unknown; o?: unknown; n?: unknown; w?: unknown; v?: unknown };
    if (typeof i !== 'string' || !isUuid(i) || typeof c !== 'string') return EVERYTHING;
    const before = sortKeys(o);
    const after = sortKeys(n);
    const wordsAfter = lexemes(w);
    const wordsBefore = v === undefined ? wordsAfter : lexemes(v);
    changes.push({
      id: i.toLowerCase(),
      kinds: c,
      ...(before && after ? { before, after } : {}),
      ...(wordsBefore && wordsAfter ? { words: { before: wordsBefore, after: wordsAfter } } : {}),
    });
  }
  return changes;
}

/**
 * Another channel heard on the same connection (the open projects' cache): its notifications,
 * and whether they are heard, as the directory's own.
 */
export interface ExtraChannel {
  channel: string;
  notify(payload: string | undefined): void;
  setLive(live: boolean): void;
}

export type DirectoryListener = PgListener;

/**
 * Keeps one dedicated connection (outside the pool) listening for directory changes and
 * invalidates the cache on each. While it is disconnected the cache is off (every read goes
 * to the database); it reconnects with a growing delay and starts again from an empty cache.
 */
export function startDirectoryListener(opts: {
  connection: pg.ClientConfig;
  cache: ChangeSink;
  log: FastifyBaseLogger;
  retryMs?: { first: number; max: number };
  also?: readonly ExtraChannel[];
}): DirectoryListener {
  const also = opts.also ?? [];
  // Every channel goes live and dead together: they share the connection.
  const cache: ChangeSink = {
    invalidate: (changes) => opts.cache.invalidate(changes),
    setLive(live) {
      opts.cache.setLive(live);
      for (const extra of also) extra.setLive(live);
    },
  };
  return startPgListener({
    connection: opts.connection,
    channels: [DIRECTORY_CHANNEL, ...also.map((extra) => extra.channel)],
    onNotification(channel, payload) {
      if (channel === DIRECTORY_CHANNEL) cache.invalidate(parsePayload(payload));
      else also.find((extra) => extra.channel === channel)?.notify(payload);
    },
    onLive: (live) => cache.setLive(live),
    log: opts.log,
    name: 'directory cache',
    retryMs: opts.retryMs,
  });
}
