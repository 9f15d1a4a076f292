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
    // Whatever minute the test runs in (a slot may end during it): every slot sent is run once.
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE name = 'quotes-expire' OR (name = '__pgboss__send-it' AND singleton_key = 'quotes-expire')`);
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
    const cronChecks = async () => (await t.db.execute<{ at: string | null }>(sql`SELECT cron_on AS at FROM pgboss.version`)).rows[0]?.at;
    const count = async (where: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE ${where}`)).rows[0]!.n;
    const firstSlot = Math.floor(Date.now() / 60_000);
    await Promise.all(instances.map((q) => q.start()));
    // Both timekeepers check the schedules every second; each check that sends moves cron_on.
    const seen = new Set<string>();
    const check = async () => {
      const at = await cronChecks();
      if (at) seen.add(String(at));
    };
    await until(async () => {
      await check();
      return seen.size >= 5 && runs.length >= 1;
    });
    // Two more checks after the run (each instance's chance to send the slot again), and every job sent has run.
    const afterRun = seen.size;
    await until(async () => {
      await check();
      const pending = sql`state IN ('created', 'retry', 'active') AND (name = 'quotes-expire' OR (name = '__pgboss__send-it' AND singleton_key = 'quotes-expire'))`;
      return seen.size >= afterRun + 2 && (await count(pending)) === 0;
    });
    await Promise.all(instances.map((q) => q.stop()));
    const slotsSpanned = Math.floor(Date.now() / 60_000) - firstSlot + 1;
    // At most one run per minute slot the test spanned, one job per slot sent, one run per job.
    const sent = await count(sql`name = '__pgboss__send-it' AND singleton_key = 'quotes-expire' AND state = 'completed'`);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(slotsSpanned);
    expect(await count(sql`name = 'quotes-expire'`)).toBe(sent);
    expect(await count(sql`name = 'quotes-expire' AND state = 'completed'`)).toBe(runs.length);
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
