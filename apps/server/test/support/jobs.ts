import type { JobQueueName } from '@arreglaya/shared/domain';
import type { JobData, JobQueue, JobState } from '../../src/modules/jobs/job-queue.ts';

/** Waits until the job is in one of `states` (and passes `also`), polling pg-boss's row, and returns it. */
export async function waitForJob(
  jobs: JobQueue,
  name: JobQueueName,
  id: string,
  states: readonly JobState['state'][],
  also: (job: JobState) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<JobState> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobs.job(name, id);
    if (job && states.includes(job.state) && also(job)) return job;
    if (Date.now() > end) throw new Error(`job ${name} ${id} still ${job?.state ?? 'missing'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs a job the way its schedule would: sent to its queue by name, taken by the app's worker,
 * and waited for. Returns what the run reported (a count); throws when the run failed.
 */
export async function runJob(jobs: JobQueue, name: JobQueueName, data: JobData = {}): Promise<unknown> {
  const id = await jobs.send(name, data);
  if (!id) throw new Error(`a ${name} job is already waiting`);
  const job = await waitForJob(jobs, name, id, ['completed', 'failed', 'retry']);
  if (job.state !== 'completed') throw new Error(`job ${name} ${job.state}: ${JSON.stringify(job.output)}`);
  const output = job.output as { value?: unknown } | null;
  return output && typeof output === 'object' && 'value' in output ? output.value : output;
}
