import type { JobQueueName } from '@arreglaya/shared/domain';
import { adminJobs as t } from '@arreglaya/shared/i18n/admin-ops';
import type { JobQueues } from '@arreglaya/shared/schemas/admin-ops';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { databaseErrorOf } from '../../lib/database-error.ts';
import type { JobQueue } from './job-queue.ts';
import { listFailedJobs, readLastRuns, readQueueCounts, retryFailedJob, type QueueCounts } from './jobs.repository.ts';

export type { QueueCounts };

/** Each queue's waiting, active and failed jobs (the console and /metrics). */
export const queueCounts = (db: Db): Promise<QueueCounts[]> => readQueueCounts(db);

/** The console's page of the job queue: each queue's counts and last run, and the failed jobs (decision 035). */
export async function listJobQueues(db: Db): Promise<JobQueues> {
  const counts = await queueCounts(db);
  if (counts.length === 0) return { queues: [], failed: [] };
  const [lastRuns, failed] = await Promise.all([readLastRuns(db), listFailedJobs(db)]);
  return {
    queues: counts.map((q) => ({ ...q, lastRunAt: lastRuns.get(q.name)?.toISOString() ?? null })),
    failed: failed.map((f) => ({ id: f.id, queue: f.queue, failedAt: f.failedAt.toISOString(), attempts: f.retryCount + 1, error: f.error })),
  };
}

/** The console's "Reintentar": the failed job runs once more (its dead letter removed); 404 when it is not failed any more. */
export async function retryJob(db: Db, queue: Pick<JobQueue, 'wake'>, name: JobQueueName, id: string): Promise<{ message: string }> {
  let retried: boolean;
  try {
    retried = await retryFailedJob(db, name, id);
  } catch (err) {
    // One job waits for a retry per queue at most (pg-boss's stately policy).
    if (databaseErrorOf(err)?.code === '23505') throw new AppError('CONFLICT', t.alreadyWaiting);
    throw err;
  }
  if (!retried) throw new AppError('NOT_FOUND', t.notFailed);
  queue.wake(name);
  return { message: t.retried };
}
