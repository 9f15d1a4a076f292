import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// POST /dev/jobs/:queue/run (not in production): the browser tests move a sweep's clock with it
// (the guarantee's deadlines, decision 054). Its queue holds one waiting job (stately), and every
// minute the schedule sends one from whichever instance keeps time, without waking this one's
// worker: a run asked for in the second before that worker's next poll must still run.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (queue: string, at: string) => t.app.inject({ method: 'POST', url: `/dev/jobs/${queue}/run`, payload: { at }, headers: { 'x-requested-with': 'fetch' } });

/** A job sent by another instance's timekeeper: in the queue, and this instance's worker not told. */
async function scheduledSlotWaiting(queue: string): Promise<string> {
  const r = await t.db.execute<{ id: string }>(sql`INSERT INTO pgboss.job (name, data, policy) VALUES (${queue}, '{}'::jsonb, 'stately') RETURNING id`);
  return r.rows[0]!.id;
}

describe('/dev/jobs/:queue/run', () => {
  it('runs the job as of the time asked for, even while the schedule’s slot waits for the worker', async () => {
    const slot = await scheduledSlotWaiting('deliveries-auto-approve');
    const res = await run('deliveries-auto-approve', '2031-01-10T12:00:00.000Z');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ state: 'completed', output: { value: 0 } });
    // The schedule's run was not lost either: the worker took it first.
    expect((await t.app.jobs.job('deliveries-auto-approve', slot))?.state).toBe('completed');
  });

  it('refuses an unknown queue and a time that is not one, changing nothing', async () => {
    expect((await run('no-such-queue', '2031-01-10T12:00:00.000Z')).statusCode).toBe(400);
    expect((await run('deliveries-auto-approve', 'mañana')).statusCode).toBe(400);
  });
});
