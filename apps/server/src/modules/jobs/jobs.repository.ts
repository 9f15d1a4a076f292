import { JOB_QUEUES, type JobQueueName } from '@arreglaya/shared/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEAD_LETTERS } from './job-queue.ts';

/** A queue's jobs by state: what the console and /metrics show (one read for both). */
export interface QueueCounts {
  name: JobQueueName;
  waiting: number;
  active: number;
  failed: number;
}

const names = sql.param([...JOB_QUEUES]);

/**
 * Every app queue's waiting (created or waiting for a retry), active and failed jobs, from pg-boss's
 * table (decision 035). Empty when the queue has never started on this database.
 */
export async function readQueueCounts(db: Db): Promise<QueueCounts[]> {
  const installed = await db.execute<{ ok: boolean }>(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
  if (!installed.rows[0]?.ok) return [];
  const result = await db.execute<{ name: JobQueueName; waiting: number; active: number; failed: number }>(sql`
    SELECT q.name,
           count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS waiting,
           count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
           count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
      FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name
     WHERE q.name = ANY(${names}::text[])
     GROUP BY q.name ORDER BY q.name`);
  return result.rows;
}

/** When each queue's last job completed (kept a day in the job table, then a week in the archive). */
export async function readLastRuns(db: Db): Promise<Map<JobQueueName, Date>> {
  const result = await db.execute<{ name: JobQueueName; at: string }>(sql`
    SELECT name, max(completed_on) AS at FROM (
      SELECT name, completed_on FROM pgboss.job WHERE state = 'completed' AND name = ANY(${names}::text[])
      UNION ALL
      SELECT name, completed_on FROM pgboss.archive WHERE state = 'completed' AND name = ANY(${names}::text[])) runs
     GROUP BY name`);
  return new Map(result.rows.map((r) => [r.name, new Date(r.at)]));
}

export interface FailedJobRow {
  id: string;
  queue: JobQueueName;
  failedAt: Date;
  retryCount: number;
  error: string | null;
}

/** The jobs that failed their last retry (the newest first), waiting for a sysadmin. */
export async function listFailedJobs(db: Db, limit = 50): Promise<FailedJobRow[]> {
  const result = await db.execute<{ id: string; name: JobQueueName; completed_on: string; retry_count: number; error: string | null }>(sql`
    SELECT id, name, completed_on, retry_count, left(output->>'message', 500) AS error
      FROM pgboss.job
     WHERE state = 'failed' AND name = ANY(${names}::text[]) AND name <> ${DEAD_LETTERS}
     ORDER BY completed_on DESC, id LIMIT ${limit}`);
  return result.rows.map((r) => ({ id: r.id, queue: r.name, failedAt: new Date(r.completed_on), retryCount: r.retry_count, error: r.error }));
}

/**
 * Puts a failed job back in its queue for one more run, and removes its copy from `dead-letters`
 * (written by the statement that failed it: the same instant, the same data), in one statement.
 * False when the job is not failed (retried already, archived, unknown).
 */
export async function retryFailedJob(db: Db, queue: JobQueueName, id: string): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`
    WITH retried AS (
      UPDATE pgboss.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
       WHERE name = ${queue} AND id = ${id}::uuid AND state = 'failed'
       RETURNING completed_on, data),
    copy AS (
      DELETE FROM pgboss.job WHERE name = ${DEAD_LETTERS} AND id IN (
        SELECT d.id FROM pgboss.job d, retried r
         WHERE d.name = ${DEAD_LETTERS} AND d.created_on = r.completed_on AND d.data IS NOT DISTINCT FROM r.data
         LIMIT 1))
    SELECT count(*)::int AS n FROM retried`);
  return (result.rows[0]?.n ?? 0) > 0;
}
