import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PhotoStorage } from '../media/photo-storage.ts';
import { CHAT_AWAY_MS, startAwayMail } from './chat-away-mail.ts';
import type { NotificationDispatcher } from '../notifications/notification-dispatch.ts';
import { PgNotifyFanOut, type ChatFanOut } from './chat-fanout.ts';
import { ChatHub } from './chat-hub.ts';
import { SendQueue } from './chat-send-queue.ts';
import { CHAT_LOCATION, ConversationCache, type ChatDeps } from './chat.service.ts';

export interface Chat {
  deps: ChatDeps & { hub: ChatHub };
  stop(): Promise<void>;
}

/**
 * The chat's live side for this instance (docs/decisions/024-chat.md): the hub of its sockets,
 * joined to the other instances through PostgreSQL LISTEN/NOTIFY unless another fan-out is given,
 * and the sweep that mails people away from the chat.
 */
export async function startChat(opts: {
  db: Db;
  storage: PhotoStorage;
  log: FastifyBaseLogger;
  mailer: Mailer;
  appUrl: string;
  fanOut?: ChatFanOut;
  awayMs?: number;
  sessionCheckMs?: number;
  /** The outside channels of the away notice (decision 038). */
  notifications?: NotificationDispatcher;
}): Promise<Chat> {
  // The node-postgres pool behind drizzle (typed away by the Db alias) gives the connection settings.
  const pool = (opts.db as unknown as { $client: pg.Pool }).$client;
  const fanOut = opts.fanOut ?? new PgNotifyFanOut({ ...pool.options }, pool, opts.log);
  const hub = new ChatHub(opts.db, fanOut, opts.log, opts.sessionCheckMs);
  // Text messages: one statement and one commit per turn, which NOTIFYs their events itself when the fan-out is PostgreSQL's.
  const sendQueue = new SendQueue(opts.db, CHAT_LOCATION, fanOut.notifyChannel);
  const deps = { db: opts.db, storage: opts.storage, log: opts.log, events: hub, hub, conversations: new ConversationCache(), sendQueue };
  hub.bind(deps);
  await hub.start();
  // Messages nobody's socket received for 5 minutes (CHAT_AWAY_AFTER_MS) become one e-mail per
  // conversation; the sweep runs every minute, or as often as the wait when it is shorter.
  const awayMs = opts.awayMs ?? CHAT_AWAY_MS;
  const stopAwayMail = startAwayMail({ db: opts.db, mailer: opts.mailer, appUrl: opts.appUrl, log: opts.log, awayMs, notifications: opts.notifications }, Math.min(60_000, awayMs));
  return {
    deps,
    stop: () => {
      stopAwayMail();
      return hub.stop();
    },
  };
}
