import { CURRENCY_MINOR_DIGITS } from '@arreglaya/shared/domain';
import { PROJECT_STATUSES } from '@arreglaya/shared/lifecycles';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { queueCounts, type QueueCounts } from '../jobs/jobs.service.ts';
import { readMarketplaceSnapshot, type MarketplaceSnapshot as DatabaseSnapshot } from './metrics.repository.ts';

/** The database's series of a scrape: the marketplace's, and the job queue's queues (decision 035). */
type MarketplaceSnapshot = DatabaseSnapshot & { jobs: QueueCounts[] };

/** The database's series are read at most this often (ms): a scrape every few seconds costs one read. */
export const SNAPSHOT_TTL_MS = 10_000;

export interface MetricsDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Open chat sockets on this instance. */
  chatSockets: () => number;
  snapshotTtlMs?: number;
}

export interface Metrics {
  /** The Prometheus text (version 0.0.4): Node's defaults, then this app's series. */
  render(): Promise<string>;
  contentType: string;
  /** Times every answered request by route pattern, method and status class. */
  recordRequests(app: FastifyInstance): void;
}

/**
 * Node's default metrics belong to the process (one event-loop monitor, one GC observer), so they
 * are registered once per process, not once per app (tests build many apps in one process).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The node-postgres pool behind drizzle (the Db alias types it away). */
function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/**
 * The app's metrics (decision 029): prom-client series read when scraped. Pool, sockets and the
 * request histogram come from memory; the outbox and the marketplace's `arreglaya_` series from
 * the database through one cached snapshot, shared by every series of a scrape.
 */
export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  const pool = poolOf(deps.db);
  const ttl = deps.snapshotTtlMs ?? SNAPSHOT_TTL_MS;

  let snapshot: MarketplaceSnapshot | undefined;
  let readAt = 0;
  let inFlight: Promise<MarketplaceSnapshot | undefined> | undefined;
  let readOk = 1;
  /** The last snapshot, read again when older than the TTL; a failed read keeps the previous values (and says so). */
  const current = (): Promise<MarketplaceSnapshot | undefined> => {
    if (snapshot && Date.now() - readAt < ttl) return Promise.resolve(snapshot);
    inFlight ??= Promise.all([readMarketplaceSnapshot(deps.db), queueCounts(deps.db)])
      .then(([s, jobs]) => ({ ...s, jobs }))
      .then(
        (s) => {
          snapshot = s;
          readAt = Date.now();
          readOk = 1;
          return s;
        },
        (err: unknown) => {
          readOk = 0;
          deps.log.warn({ err }, 'metrics: database read failed');
          return snapshot;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern (Fastify route URL), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections of this instance (total open, idle)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_clients',
    help: 'Queries waiting for a PostgreSQL pool connection on this instance',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'chat_open_sockets',
    help: 'Chat WebSockets open on this instance',
    registers: [registry],
    collect() {
      this.set(deps.chatSockets());
    },
  });
  new Gauge({
    name: 'metrics_database_read_ok',
    help: '1 when the last read of the database series succeeded; 0 when it failed (those series keep their previous values)',
    registers: [registry],
    async collect() {
      await current();
      this.set(readOk);
    },
  });

  const fromSnapshot = <T extends Gauge | Counter>(fill: (metric: T, s: MarketplaceSnapshot) => void) =>
    async function (this: T) {
      const s = await current();
      if (s) fill(this, s);
    };

  new Gauge({
    name: 'mail_outbox_pending',
    help: 'Mails waiting in the outbox (every instance)',
    registers: [registry],
    collect: fromSnapshot<Gauge>((g, s) => g.set(s.outbox.pending)),
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest mail waiting in the outbox (0 when none waits)',
    registers: [registry],
    collect: fromSnapshot<Gauge>((g, s) => g.set(s.outbox.oldestPendingSeconds)),
  });
  new Gauge({
    name: 'mail_outbox_failed',
    help: 'Mails the outbox gave up on',
    registers: [registry],
    collect: fromSnapshot<Gauge>((g, s) => g.set(s.outbox.failed)),
  });
  new Gauge({
    name: 'arreglaya_escrow_held',
    help: 'Money held in payment protection (the escrow accounts of the ledger), in currency units',
    labelNames: ['currency'] as const,
    registers: [registry],
    collect: fromSnapshot<Gauge>((g, s) => {
      g.reset();
      for (const h of s.held) g.set({ currency: h.currency }, h.minor / 10 ** CURRENCY_MINOR_DIGITS[h.currency]);
    }),
  });
  new Gauge({
    name: 'arreglaya_projects',
    help: 'Projects by status',
    labelNames: ['status'] as const,
    registers: [registry],
    collect: fromSnapshot<Gauge>((g, s) => {
      for (const status of PROJECT_STATUSES) g.set({ status }, s.projects.find((p) => p.status === status)?.count ?? 0);
    }),
  });
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs of the job queue (decision 035) by queue and state: waiting (created or waiting for a retry), active, failed (after the last retry; the console retries them)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    collect: fromSnapshot<Gauge>((g, s) => {
      g.reset();
      for (const q of s.jobs) {
        g.set({ queue: q.name, state: 'waiting' }, q.waiting);
        g.set({ queue: q.name, state: 'active' }, q.active);
        g.set({ queue: q.name, state: 'failed' }, q.failed);
      }
    }),
  });
  // Counts of rows that only ever grow, exposed as counters so rate() works on them.
  const counted = (name: string, help: string, value: (s: MarketplaceSnapshot) => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect: fromSnapshot<Counter>((c, s) => {
        c.reset();
        c.inc(value(s));
      }),
    });
  counted('arreglaya_offers_total', 'Offers made by contractors (every quote, withdrawn and expired ones included)', (s) => s.offers);
  counted('arreglaya_fundings_total', 'Fundings of payment protection (ledger transactions of kind fund)', (s) => s.fundings);
  counted('arreglaya_releases_total', 'Releases of held money to contractors (ledger transactions of kind release)', (s) => s.releases);

  return {
    contentType: registry.contentType,
    async render() {
      const [own, node] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${node}\n${own}`;
    },
    recordRequests(app) {
      app.addHook('onResponse', (req, reply, done) => {
        // A chat socket's upgrade is not a request answered: chat_open_sockets counts those.
        if (req.ws) return done();
        httpDuration.observe(
          { route: req.routeOptions.url ?? '(unmatched)', method: req.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
          reply.elapsedTime / 1000,
        );
        done();
      });
    },
  };
}
