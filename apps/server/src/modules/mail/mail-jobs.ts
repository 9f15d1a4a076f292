import type { Db } from '../../db/client.ts';
import type { JobDefinition, JobQueue } from '../jobs/job-queue.ts';
import { nextRetryAt } from './mail.repository.ts';
import type { OutboxWorker } from './outbox-worker.ts';

/**
 * The outbox's delivery as a job (decisions 003 and 035). The outbox table stays the source of
 * truth: a mail is a row written in the caller's transaction; the job only delivers what is due.
 * Sent after each commit that queued mail (coalesced: one waiting job at most), every minute as a
 * safety net, and at the time the next refused mail's back-off ends (its own slot, `retry`). A run
 * that cannot read or mark the outbox fails and is retried with the queue's back-off.
 */
export function mailJobs(worker: OutboxWorker, db: Db, queue: Pick<JobQueue, 'send'>): JobDefinition[] {
  return [
    {
      name: 'mail-delivery',
      cron: '* * * * *',
      run: async () => {
        const sent = await worker.deliver();
        const next = await nextRetryAt(db);
        if (next) await queue.send('mail-delivery', {}, { startAfter: next, key: 'retry' });
        return sent;
      },
    },
  ];
}
