import pg from 'pg';

/**
 * One dedicated connection (outside the pool) LISTENing on some channels, kept up: when it is lost
 * it is told (`onLive(false)`), and it reconnects and LISTENs again with a growing delay (first,
 * doubled each failure, at most max), then tells `onLive(true)`. What was notified while it was
 * down is lost: a listener that keeps anything from notifications starts again from nothing
 * (the session and open-projects caches, the chat's fan-out). The caches' listener
 * (db/notified-caches.ts) and the chat's fan-out (modules/chat/chat-fanout.ts) both keep their
 * connection with this (decision 068).
 */
export interface PgListenerOptions {
  connection: pg.ClientConfig;
  channels: readonly string[];
  onNotification(channel: string, payload: string | undefined): void;
  /** false when the connection is lost, true once every LISTEN succeeded (first time and after each reconnection). */
  onLive?(live: boolean): void;
  log: { warn(obj: object, msg: string): void };
  /** Names the listener in the log: `${name}: listener lost; retrying`. */
  name: string;
  retryMs?: { first: number; max: number };
}

export interface PgListener {
  /** Resolves once the first LISTEN succeeded or failed (a failure is retried in the background). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startPgListener(opts: PgListenerOptions): PgListener {
  const retry = opts.retryMs ?? { first: 500, max: 15_000 };
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = retry.first;
  let timer: NodeJS.Timeout | null = null;

  const close = (c: pg.Client) => {
    c.removeAllListeners();
    c.on('error', () => undefined);
    return c.end().catch(() => undefined);
  };

  const lost = (err: unknown) => {
    opts.onLive?.(false);
    const old = client;
    client = null;
    if (old) void close(old);
    if (stopped) return;
    opts.log.warn({ err }, `${opts.name}: listener lost; retrying`);
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, retry.max);
  };

  const connect = async (): Promise<void> => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client(opts.connection);
    client = c;
    c.on('notification', (msg) => opts.onNotification(msg.channel, msg.payload));
    c.on('error', (err) => {
      if (client === c) lost(err);
    });
    c.on('end', () => {
      if (client === c) lost(new Error('connection ended'));
    });
    try {
      await c.connect();
      await c.query(opts.channels.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; '));
      // Stopped or lost meanwhile: that connection is not the listener any more.
      if (client !== c) return;
      delay = retry.first;
      opts.onLive?.(true);
    } catch (err) {
      if (client === c) lost(err);
    }
  };

  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      opts.onLive?.(false);
      if (c) await close(c);
    },
  };
}
