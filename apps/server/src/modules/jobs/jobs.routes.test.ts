import { adminJobs } from '@arreglaya/shared/i18n/admin-ops';
import type { JobQueues } from '@arreglaya/shared/schemas/admin-ops';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTrail } from '../../db/schema/index.ts';
import { waitForJob } from '../../../test/support/jobs.ts';
import { post, sysadmin } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// The job queue (decision 035): a failing job is retried with back-off, then fails for good with a
// copy in the dead letters; the console lists it and its retry button puts it back. Sysadmins only.

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await sysadmin(t);
});
afterAll(() => t.close());

const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const console_ = async () => {
  const res = await get(admin, '/api/admin/jobs');
  expect(res.statusCode).toBe(200);
  return res.json<JobQueues>();
};
const queue = (page: JobQueues, name: string) => page.queues.find((q) => q.name === name);

/** How long until the job's next run (s), as pg-boss scheduled it. */
async function waitBeforeRetry(id: string): Promise<number> {
  const r = await t.db.execute<{ s: number }>(sql`SELECT extract(epoch FROM start_after - now())::float8 AS s FROM pgboss.job WHERE id = ${id}::uuid`);
  return r.rows[0]!.s;
}
/** Skips the back-off: the job is due now (its wait was asserted first). */
async function dueNow(id: string) {
  await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}::uuid`);
  t.app.jobs.wake('digest-daily');
}

describe('the job queue in the console', () => {
  it('retries a failing job with growing waits, then keeps it failed with a dead letter; the console shows it and its retry runs it again', async () => {
    // The digest's table is away (a broken deployment, a restore gone wrong): every run fails.
    await t.db.execute(sql`ALTER TABLE digest_deliveries RENAME TO digest_deliveries_away`);
    const at = '2030-05-10T12:00:00Z';
    const id = (await t.app.jobs.send('digest-daily', { at }))!;
    expect(id).toBeTruthy();

    // Three retries (the default), each waiting about twice as long as the one before: 30–60 s, 60–120 s, 120–240 s.
    const waits: number[] = [];
    for (let retry = 0; retry < 3; retry++) {
      const job = await waitForJob(t.app.jobs, 'digest-daily', id, ['retry'], (j) => j.retryCount === retry);
      expect(job.startAfter.getTime()).toBeGreaterThan(Date.now());
      waits.push(await waitBeforeRetry(id));
      await dueNow(id);
    }
    expect(waits[0]).toBeGreaterThan(25);
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(55);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(waits[2]).toBeGreaterThan(115);
    expect(waits[2]).toBeLessThanOrEqual(240);
    const failed = await waitForJob(t.app.jobs, 'digest-daily', id, ['failed']);
    expect(failed.retryCount).toBe(3);

    let page = await console_();
    expect(queue(page, 'digest-daily')).toMatchObject({ waiting: 0, active: 0, failed: 1, lastRunAt: null });
    expect(queue(page, 'dead-letters')).toMatchObject({ waiting: 1 });
    const listed = page.failed.find((f) => f.id === id)!;
    expect(listed).toMatchObject({ queue: 'digest-daily', attempts: 4 });
    expect(listed.error).toBe('relation "digest_deliveries" does not exist (SQLSTATE 42P01)');
    // And /metrics says so (decision 029's scrape, from this machine).
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('job_queue_jobs{queue="digest-daily",state="failed"} 1');
    expect(metrics).toContain('job_queue_jobs{queue="dead-letters",state="waiting"} 1');
    // Every queue of the app is listed, with its counts.
    expect(page.queues.map((q) => q.name)).toEqual(expect.arrayContaining(['quotes-expire', 'hires-lapse', 'deliveries-auto-approve', 'mail-delivery', 'payouts-daily']));

    // While another run of the queue waits for its retry, the queue has no room for this one: a 409 that changes nothing.
    const other = (await t.app.jobs.send('digest-daily', { at }))!;
    await waitForJob(t.app.jobs, 'digest-daily', other, ['retry']);
    const busy = await post(t, admin, `/api/admin/jobs/digest-daily/${id}/retry`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(adminJobs.alreadyWaiting);
    expect((await t.app.jobs.job('digest-daily', id))!.state).toBe('failed');
    await t.db.execute(sql`DELETE FROM pgboss.job WHERE id = ${other}::uuid`);

    // Fixed; the sysadmin presses "Reintentar": the job runs again and completes, its dead letter gone.
    await t.db.execute(sql`ALTER TABLE digest_deliveries_away RENAME TO digest_deliveries`);
    const retried = await post(t, admin, `/api/admin/jobs/digest-daily/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ message: adminJobs.retried });
    expect((await waitForJob(t.app.jobs, 'digest-daily', id, ['completed', 'failed'])).state).toBe('completed');
    page = await console_();
    expect(queue(page, 'digest-daily')).toMatchObject({ failed: 0, lastRunAt: expect.any(String) });
    expect(queue(page, 'dead-letters')).toMatchObject({ waiting: 0 });
    expect(page.failed.find((f) => f.id === id)).toBeUndefined();
    // The console's guard wrote the sysadmin's act to the log trail.
    const audit = await t.db.query.logTrail.findFirst({ where: and(eq(logTrail.userId, admin.id), eq(logTrail.action, 'admin')) });
    expect(audit?.location).toBe('POST /api/admin/jobs/:queue/:id/retry');

    // Pressed again (another tab): the job is not failed any more.
    const again = await post(t, admin, `/api/admin/jobs/digest-daily/${id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(adminJobs.notFailed);
  });

  it('refuses an unknown queue or a malformed id with a Spanish 400', async () => {
    const unknown = await post(t, admin, '/api/admin/jobs/borrar-todo/3f1c1b1e-8d3a-4c55-9a55-0e6f3c1d2b10/retry');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ queue: 'Elige una opción válida.' });
    const badId = await post(t, admin, '/api/admin/jobs/digest-daily/123/retry');
    expect(badId.statusCode).toBe(400);
  });

  it('is for sysadmins only: clients and contractors cannot list or retry, nor can anyone signed out', async () => {
    const url = '/api/admin/jobs/digest-daily/3f1c1b1e-8d3a-4c55-9a55-0e6f3c1d2b10/retry';
    for (const who of [await person(t, 'client'), await person(t, 'contractor')]) {
      expect((await get(who, '/api/admin/jobs')).statusCode).toBe(403);
      expect((await post(t, who, url)).statusCode).toBe(403);
    }
    expect((await get(null, '/api/admin/jobs')).statusCode).toBe(401);
  });
});
