import { JOB_QUEUES, type JobQueueName } from '@arreglaya/shared/domain';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';

/** pg-boss keeps its tables in this schema of the app's database (decision 035). */
export const JOBS_SCHEMA = 'pgboss';
/** Where a job that failed its last retry is copied (no worker: the console lists them). */
export const DEAD_LETTERS: JobQueueName = 'dead-letters';

/** What a job is sent with: `at` runs a time-dependent check as of that instant (tests); absent, now. */
export interface JobData {
  at?: string;
  /** The project a project-alerts job is about (decision 036). */
  projectId?: string;
  /** The campaign a campaign-send job sends (decision 041). */
  campaignId?: string;
}

/** The instant a job runs as of. */
export function jobTime(data: JobData): Date {
  const at = data.at === undefined ? NaN : Date.parse(data.at);
  return Number.isNaN(at) ? new Date() : new Date(at);
}

export interface JobDefinition {
  name: JobQueueName;
  /** A cron expression in UTC: pg-boss sends it once per slot across every instance. Absent: only sent (kicked). */
  cron?: string;
  /** The work; its result (a count) is kept as the job's output. Throwing fails the run: retried with back-off. */
  run(data: JobData): Promise<unknown>;
}

export interface JobQueueSettings {
  /** Create the cron schedules and fire them (every instance may; pg-boss sends each slot once). Tests trigger jobs by name instead. */
  schedules: boolean;
  /** How often an idle worker looks for jobs sent by other instances (a send from this instance wakes its worker at once). */
  pollingSeconds: number;
  /** Retries after the first failed run, and the first retry's delay (doubled, with jitter, at each further retry). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long stop() waits for running jobs before failing them back to the queue. */
  stopTimeoutMs: number;
  /** How often pg-boss's timekeeper checks the schedules and sends due ones (tests shorten it). */
  cronCheckSeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobQueueSettings = {
  schedules: true,
  pollingSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 30,
  stopTimeoutMs: 10_000,
  cronCheckSeconds: 30,
};

/** A job as the tests and the console's retry read it back. */
export interface JobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  output: unknown;
  retryCount: number;
  startAfter: Date;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * What a failed run keeps as its output (pg-boss serialises the thrown error, every property
 * included): the message alone, and for a database error PostgreSQL's own message and code, never
 * Drizzle's wrapper, whose message and `params` carry the statement's values.
 */
function plainError(err: unknown): Error {
  const db = databaseErrorOf(err) as { code: string; message?: string } | undefined;
  if (db) return new Error(`${db.message ?? 'database error'} (SQLSTATE ${db.code})`.slice(0, 500));
  // Drizzle's "Failed query: <text> params: <values>" wraps what really failed (a lost connection).
  let e: unknown = err;
  while (e instanceof Error && e.message.startsWith('Failed query') && e.cause) e = e.cause;
  return new Error((e instanceof Error ? e.message : String(e)).slice(0, 500));
}

/** The node-postgres pool behind drizzle: pg-boss runs its statements on the app's own pool (no second pool per instance). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/**
 * pg-boss marks a job completed or failed after its handler without awaiting or catching the
 * statement: with the database away (decision 002's outage tests) the rejection would be unhandled
 * and end the process. Those two statements (its own texts) fail quietly instead: the job stays
 * active until its expiry (15 minutes), when pg-boss's maintenance fails it into a retry; the
 * jobs are idempotent, so running it again is harmless.
 */
let settling: Promise<ReadonlySet<string>> | undefined;
/**
 * Those two statements' texts, learnt through pg-boss's public `complete` and `fail` (the worker
 * runs the very same texts) on a PgBoss whose executor only records them: nothing reaches the
 * database, and no private file of pg-boss is imported (decision 068).
 */
export function settlingStatements(): Promise<ReadonlySet<string>> {
  settling ??= (async () => {
    const texts = new Set<string>();
    const recorder = new PgBoss({
      db: {
        executeSql: async (text: string) => {
          texts.add(text);
          return { rows: [{ count: 0 }] };
        },
      },
      schema: JOBS_SCHEMA,
    });
    const none = '00000000-0000-0000-0000-000000000000';
    await recorder.complete('settling', none);
    await recorder.fail('settling', none);
    return texts;
  })();
  return settling;
}

/** pg-boss's statements on the app's pool. */
function executorFor(db: Db, log?: Log): { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> } {
  const pool = poolOf(db);
  return {
    async executeSql(text: string, values: unknown[]) {
      try {
        return await pool.query(text, values);
      } catch (err) {
        if (!(await settlingStatements()).has(text)) throw err;
        log?.warn({ error: plainError(err).message }, 'job queue: a finished job could not be marked; it is retried after its expiry');
        return { rows: [{ count: 0 }] };
      }
    },
  };
}

function bossFor(db: Db, settings: JobQueueSettings, log: Log): PgBoss {
  return new PgBoss({
    db: executorFor(db, log),
    schema: JOBS_SCHEMA,
    schedule: settings.schedules,
    cronMonitorIntervalSeconds: settings.cronCheckSeconds,
    cronWorkerIntervalSeconds: Math.min(5, settings.cronCheckSeconds),
    // Completed jobs stay a day (the console's "last run" of a daily job); failed ones two weeks, for a sysadmin to retry.
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 14 * 24 * 3600,
    deleteAfterDays: 7,
  });
}

/**
 * Runs `setUp` while holding a session advisory lock on a connection of its own: instances starting
 * together create and update the same queue and schedule rows, and pg-boss's create_queue run by
 * three of them at once deadlocked (40P01, seen in the cluster test). One sets up, the others wait
 * and then find the rows there (ON CONFLICT DO NOTHING).
 */
async function oneInstanceAtATime<T>(db: Db, setUp: () => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('arreglaya:job-queues'))");
    try {
      return await setUp();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('arreglaya:job-queues'))");
    }
  } finally {
    client.release();
  }
}

/**
 * Creates pg-boss's schema (its own migrations, under its advisory lock) and the app's queues.
 * Safe to run from several instances at once; the test setup runs it once on the template database.
 */
export async function installJobQueues(
  db: Db,
  settings: Pick<JobQueueSettings, 'retryLimit' | 'retryDelaySeconds'> = DEFAULT_JOB_SETTINGS,
  names?: readonly JobQueueName[],
  schedules: readonly { name: JobQueueName; cron: string }[] = [],
): Promise<void> {
  const boss = new PgBoss({ db: executorFor(db), schema: JOBS_SCHEMA, schedule: false, supervise: false });
  await oneInstanceAtATime(db, async () => {
    await boss.start();
    await createQueues(boss, settings, names);
    for (const s of schedules) await boss.schedule(s.name, s.cron, {}, { tz: 'UTC' });
  });
  await boss.stop({ graceful: false });
}

async function createQueues(boss: PgBoss, settings: Pick<JobQueueSettings, 'retryLimit' | 'retryDelaySeconds'>, names?: readonly JobQueueName[]): Promise<void> {
  await boss.createQueue(DEAD_LETTERS, { name: DEAD_LETTERS, policy: 'standard' });
  for (const name of names ?? JOB_QUEUES) {
    if (name === DEAD_LETTERS) continue;
    // Stately: at most one job waiting and one running per queue across every instance, so a
    // schedule or a kick arriving while one waits adds nothing, and no sweep runs twice at once.
    const options = { name, policy: 'stately' as const, retryLimit: settings.retryLimit, retryDelay: settings.retryDelaySeconds, retryBackoff: true, deadLetter: DEAD_LETTERS };
    await boss.createQueue(name, options);
    // A queue made by an older version keeps its row: bring its retry settings up to date.
    await boss.updateQueue(name, options);
  }
}

/**
 * The job queue (decision 035): pg-boss on the app's database. Each definition is a queue with a
 * worker in every instance; schedules fire once per slot across instances; a failed run is retried
 * with back-off, and after its last retry stays `failed` (the console's retry button) with a copy
 * in `dead-letters`.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly settings: JobQueueSettings;
  private readonly definitions = new Map<JobQueueName, JobDefinition>();
  private readonly workers = new Map<JobQueueName, string>();
  private started: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    settings: Partial<JobQueueSettings> = {},
  ) {
    this.settings = { ...DEFAULT_JOB_SETTINGS, ...settings };
    this.boss = bossFor(db, this.settings, log);
    // pg-boss reports a failed poll or maintenance run (the database away) as an event; unheard, it would end the process.
    this.boss.on('error', (err: unknown) => this.log.warn({ err }, 'job queue error'));
  }

  define(...definitions: JobDefinition[]): void {
    for (const d of definitions) this.definitions.set(d.name, d);
  }

  /** After the migrations (the app's onReady): pg-boss's schema, the queues, the schedules, a worker per queue. */
  start(): Promise<void> {
    this.started ??= this.startNow();
    return this.started;
  }

  private async startNow(): Promise<void> {
    // The queues and schedules exist before this instance's timekeeper starts: its first check, at
    // start, then finds the schedules and sends the due slots. Created after it, they waited for the
    // next check, which pg-boss's debounce (cron_on older than the interval, by a hair) often
    // skipped: the minute sweeps first ran a minute or more after start.
    const schedules = this.settings.schedules ? [...this.definitions.values()].flatMap((d) => (d.cron ? [{ name: d.name, cron: d.cron }] : [])) : [];
    await installJobQueues(this.db, this.settings, [...this.definitions.keys()], schedules);
    await this.boss.start();
    for (const d of this.definitions.values()) {
      const id = await this.boss.work<JobData>(d.name, { pollingIntervalSeconds: this.settings.pollingSeconds, batchSize: 1 }, async ([job]) => {
        try {
          return await d.run(job?.data ?? {});
        } catch (err) {
          const plain = plainError(err);
          this.log.warn({ queue: d.name, jobId: job?.id, error: plain.message }, 'job failed; the queue retries it');
          throw plain;
        } finally {
          // Look for the next job at once rather than after the polling interval: jobs sent while
          // this one ran (project-alerts, one per project, decision 036) drain one after another,
          // not one per poll. An empty look costs one indexed query, then the worker waits as usual.
          this.wake(d.name);
        }
      });
      this.workers.set(d.name, id);
    }
  }

  /**
   * Sends a job and wakes this instance's worker for it. Coalesced: while one waits in its queue,
   * another adds nothing (null). `key` keeps a separate slot (the outbox's delayed retry).
   */
  async send(name: JobQueueName, data: JobData = {}, options: { startAfter?: Date; key?: string } = {}): Promise<string | null> {
    await this.start();
    if (this.stopped) return null;
    const id = await this.boss.send(name, data, { ...(options.startAfter ? { startAfter: options.startAfter } : {}), ...(options.key ? { singletonKey: options.key } : {}) });
    if (!options.startAfter) this.wake(name);
    return id;
  }

  /** Wakes this instance's worker of a queue (a job was sent or put back): no wait for its next poll. */
  wake(name: JobQueueName): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** A job's state, output and retries (null once archived or unknown). */
  async job(name: JobQueueName, id: string): Promise<JobState | null> {
    const job = await this.boss.getJobById(name, id);
    if (!job) return null;
    return { state: job.state, output: job.output, retryCount: job.retryCount, startAfter: new Date(job.startAfter) };
  }

  /** Stops taking jobs and waits for the running ones (up to stopTimeoutMs; then they are failed back for a retry). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.settings.stopTimeoutMs });
  }
}
