import { FailedJobParamsSchema, JobQueuesSchema } from '@arreglaya/shared/schemas/admin-ops';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from './job-queue.ts';
import { listJobQueues, retryJob } from './jobs.service.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const noStore = { 'Cache-Control': 'no-store' };

/** The console's "Tareas programadas" (decision 035): the queues, and a retry for a failed job. Sysadmins only (audited by the console's guard). */
export function jobsRoutes(db: Db, queue: Pick<JobQueue, 'wake'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/jobs',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Las colas de tareas: en espera, en curso, fallidas, última ejecución; y los trabajos fallidos',
          response: { 200: JobQueuesSchema, ...errors },
        },
      },
      async (_req, reply) => {
        void reply.headers(noStore);
        return listJobQueues(db);
      },
    );

    app.post(
      '/api/admin/jobs/:queue/:id/retry',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Vuelve a poner en la cola un trabajo fallido', params: FailedJobParamsSchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req) => retryJob(db, queue, req.params.queue, req.params.id),
    );
  };
}
