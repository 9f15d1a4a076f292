import type { ChatServerFrame } from '@arreglaya/shared/schemas/chat';
import pg from 'pg';
import { startPgListener, type PgListener } from '../../db/pg-listener.ts';

/** A text message as its live event carries it (short keys: NOTIFY payloads are limited to 8000 bytes). */
export interface LiveText {
  id: string;
  /** Conversation, sender, body, the conversation's project, created at (ISO). */
  c: string;
  s: string;
  b: string;
  p: string | null;
  t: string;
}

/**
 * What one instance tells all of them (itself included). PostgreSQL's NOTIFY payload is limited
 * to 8000 bytes: a text message travels whole (`msg`) when it fits, else (and for notices and
 * photos) as its id (`message`), and each instance that holds a socket of one of its people reads
 * it from the database.
 */
export type FanOutEvent =
  | { k: 'msg'; m: LiveText; to: string[]; ref?: string | null }
  | { k: 'message'; id: string; to: string[]; ref?: string | null }
  | { k: 'frame'; to: string[]; frame: ChatServerFrame }
  /** These users have (online) or no longer have (offline) a socket on instance `i`. */
  | { k: 'presence'; i: string; u: string[]; online: boolean }
  /** Instance `i` started: every other instance re-announces its online users. */
  | { k: 'sync'; i: string }
  /** Instance `i` is alive (every minute); an instance not heard for 3 minutes is forgotten. */
  | { k: 'alive'; i: string }
  /** Instance `i` stopped: its users are offline. */
  | { k: 'gone'; i: string }
  /**
   * Sessions that ended (signed out, revoked, deleted: `s`) or people who can no longer sign in
   * (banned, deleted: `u`): their sockets are closed (4001). Sent by database triggers (migration
   * 0018), so every way a session ends is covered.
   */
  | { k: 'ended'; s?: string[]; u?: string[] };

/**
 * The fan-out between server instances. PostgreSQL LISTEN/NOTIFY by default (one database is
 * all the deployment needs); a Redis or NATS adapter implements the same three methods.
 */
export interface ChatFanOut {
  /**
   * The PostgreSQL channel this fan-out listens on, when it is one: the chat's statements then
   * NOTIFY their events on it themselves (one commit for the rows and their events).
   */
  readonly notifyChannel?: string;
  start(onEvent: (event: FanOutEvent) => void, onReconnect: () => void): Promise<void>;
  publish(event: FanOutEvent): Promise<void>;
  /** Several events in one round trip when the transport allows (optional: else one publish each). */
  publishMany?(events: FanOutEvent[]): Promise<void>;
  stop(): Promise<void>;
}

export const CHAT_CHANNEL = 'chat_events';
const MAX_PAYLOAD = 7900; // PostgreSQL refuses 8000 bytes or more

export function parseFanOutEvent(payload: string | undefined): FanOutEvent | undefined {
  if (!payload) return undefined;
  try {
    const parsed = JSON.parse(payload) as unknown;
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { k?: unknown }).k !== 'string') return undefined;
    return parsed as FanOutEvent;
  } catch {
    return undefined;
  }
}

/** LISTEN on a dedicated connection (db/pg-listener.ts: reconnecting with a growing delay), NOTIFY through the app's pool. */
export class PgNotifyFanOut implements ChatFanOut {
  readonly notifyChannel = CHAT_CHANNEL;
  private listener: PgListener | null = null;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly pool: pg.Pool,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(onEvent: (event: FanOutEvent) => void, onReconnect: () => void): Promise<void> {
    let first = true;
    this.listener = startPgListener({
      connection: this.connection,
      channels: [CHAT_CHANNEL],
      onNotification: (channel, payload) => {
        if (channel !== CHAT_CHANNEL) return;
        const event = parseFanOutEvent(payload);
        if (event) onEvent(event);
      },
      onLive: (live) => {
        if (!live) return;
        if (!first) onReconnect();
        first = false;
      },
      log: this.log,
      name: 'chat fan-out',
    });
    await this.listener.ready;
  }

  async publish(event: FanOutEvent): Promise<void> {
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`chat fan-out payload too large (${event.k})`);
    await this.pool.query('SELECT pg_notify($1, $2)', [CHAT_CHANNEL, payload]);
  }

  async publishMany(events: FanOutEvent[]): Promise<void> {
    if (events.length === 0) return;
    const payloads = events.map((e) => JSON.stringify(e));
    for (const [i, p] of payloads.entries()) if (Buffer.byteLength(p) > MAX_PAYLOAD) throw new Error(`chat fan-out payload too large (${events[i]!.k})`);
    // One statement, one round trip; NOTIFYs of one transaction are delivered in the order sent.
    await this.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS u(p, n) ORDER BY n', [CHAT_CHANNEL, payloads]);
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
  }
}
