import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '../../../test/support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { JobQueue } from './job-queue.ts';

// The queue itself (decision 035), on a real PostgreSQL: a schedule fires once however many
// instances run it, and stopping waits for the running job.

const quiet = { warn: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

describe('the job queue', () => {
  it('fires a schedule once per slot with two instances on one database checking it every second', { timeout: 90_000 }, async () => {
    // The test must stay inside one minute (the schedule's slot): start early in a minute.
    if (new Date().getUTCSeconds() > 30) await sleep((61 - new Date().getUTCSeconds()) * 1000);
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'quotes-expire'`);
    const runs: string[] = [];
    const instances = ['a', 'b'].map((label) => {
      const queue = new JobQueue(t.db, quiet, { schedules: true, cronCheckSeconds: 1, pollingSeconds: 0.5 });
      queue.define({
        name: 'quotes-expire',
        cron: '* * * * *',
        run: () => {
          runs.push(label);
          return Promise.resolve(1);
        },
      });
      return queue;
    });
    const minute = new Date().getUTCMinutes();
    const cronChecks = async () => (await t.db.execute<{ at: string | null }>(sql`SELECT cron_on AS at FROM pgboss.version`)).rows[0]?.at;
    await Promise.all(instances.map((q) => q.start()));
    // Both timekeepers check the schedules every second; each check that sends moves cron_on.
    const seen = new Set<string>();
    await until(async () => {
      const at = await cronChecks();
      if (at) seen.add(String(at));
      return seen.size >= 5 && runs.length >= 1;
    });
    await sleep(1500);
    await Promise.all(instances.map((q) => q.stop()));
    expect(new Date().getUTCMinutes()).toBe(minute);
    expect(runs).toHaveLength(1);
    const jobs = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'quotes-expire'`);
    expect(jobs.rows[0]!.n).toBe(1);
  });

  it('fires a due schedule at start, not at the next check: the first check already finds it', { timeout: 60_000 }, async () => {
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'hires-lapse'`);
    await t.db.execute(sql`DELETE FROM pgboss.schedule`);
    await t.db.execute(sql`UPDATE pgboss.version SET cron_on = NULL`);
    let runs = 0;
    // The production check interval (30 s): a run within 20 s can only come from the check at start.
    const queue = new JobQueue(t.db, quiet, { schedules: true, cronCheckSeconds: 30, pollingSeconds: 0.5 });
    queue.define({
      name: 'hires-lapse',
      cron: '* * * * *',
      run: () => {
        runs += 1;
        return Promise.resolve(0);
      },
    });
    await queue.start();
    try {
      await until(() => Promise.resolve(runs >= 1), 20_000);
    } finally {
      await queue.stop();
    }
    expect(runs).toBe(1);
  });

  it('stops gracefully: waits for the running job, which completes', async () => {
    let finish: () => void = () => undefined;
    let started = false;
    const queue = new JobQueue(t.db, quiet, { schedules: false, stopTimeoutMs: 20_000 });
    queue.define({
      name: 'payouts-daily',
      run: () => {
        started = true;
        return new Promise((resolve) => {
          finish = () => resolve('done');
        });
      },
    });
    const id = (await queue.send('payouts-daily'))!;
    await until(() => Promise.resolve(started));
    const stopped = queue.stop();
    let stoppedYet = false;
    void stopped.then(() => (stoppedYet = true));
    await sleep(1200);
    expect(stoppedYet).toBe(false);
    finish();
    await stopped;
    expect((await waitForJob(queue, 'payouts-daily', id, ['completed'])).output).toEqual({ value: 'done' });
  });

  it('after its stop timeout, puts a job still running back in its queue for another instance', async () => {
    const queue = new JobQueue(t.db, quiet, { schedules: false, stopTimeoutMs: 1000 });
    let started = false;
    queue.define({
      name: 'payments-reconcile',
      run: () => {
        started = true;
        return new Promise(() => undefined);
      },
    });
    const id = (await queue.send('payments-reconcile'))!;
    await until(() => Promise.resolve(started));
    await queue.stop();
    const job = await waitForJob(queue, 'payments-reconcile', id, ['retry']);
    expect(job.output).toMatchObject({ value: 'pg-boss shut down while active' });
  });
});
