import { JOB_QUEUES } from '@arreglaya/shared/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isLoopback } from '../mail/dev-outbox.routes.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * POST /dev/jobs/:queue/run (not in production; from the machine itself only, as /dev/outbox.json):
 * runs a job as of `at`, as its schedule would, and answers once it ran. The browser tests move a
 * time-dependent sweep's clock this way (the guarantee's deadlines, decision 054).
 */
export function devJobsRoutes(jobs: JobQueue): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) throw new AppError('ROUTE_NOT_FOUND');
    });
    app.post('/dev/jobs/:queue/run', { schema: { hide: true, params: z.object({ queue: z.enum(JOB_QUEUES) }), body: z.object({ at: z.iso.datetime() }) } }, async (req) => {
      const end = Date.now() + 30_000;
      // A queue holds one waiting job (stately): a slot its schedule just sent waits for the
      // worker's next poll. Wake the worker for it and send ours once the slot is free.
      let id = await jobs.send(req.params.queue, { at: req.body.at });
      while (!id) {
        if (Date.now() > end) throw new AppError('CONFLICT');
        jobs.wake(req.params.queue);
        await new Promise((r) => setTimeout(r, 100));
        id = await jobs.send(req.params.queue, { at: req.body.at });
      }
      for (;;) {
        const job = await jobs.job(req.params.queue, id);
        if (job && ['completed', 'failed'].includes(job.state)) return { state: job.state, output: job.output ?? null };
        if (Date.now() > end) throw new AppError('UNAVAILABLE');
        await new Promise((r) => setTimeout(r, 100));
      }
    });
  };
}
