import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { startPgListener, type PgListener } from './pg-listener.ts';

/** A cache kept consistent by a NOTIFY channel: its notifications, and whether they are heard. */
export interface NotifiedChannel {
  channel: string;
  notify(payload: string | undefined): void;
  /** False while notifications cannot be heard (nothing kept may be trusted), true once they can again. */
  setLive(live: boolean): void;
}

/**
 * One dedicated connection hearing the channels of this instance's notified caches (the open
 * projects' cache, the session cache): they go live and dead together, as they share it.
 */
export function startNotifiedCaches(opts: { connection: pg.ClientConfig; channels: readonly NotifiedChannel[]; log: FastifyBaseLogger }): PgListener {
  const { channels } = opts;
  return startPgListener({
    connection: opts.connection,
    channels: channels.map((c) => c.channel),
    onNotification: (channel, payload) => channels.find((c) => c.channel === channel)?.notify(payload),
    onLive: (live) => {
      for (const c of channels) c.setLive(live);
    },
    log: opts.log,
    name: 'notified caches',
  });
}
