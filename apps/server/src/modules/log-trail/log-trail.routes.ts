import { LogTrailPageSchema, LogTrailQuerySchema } from '@arreglaya/shared/schemas/admin-ops';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { csvFileName } from '../../lib/csv.ts';
import { exportLogTrailCsv, readLogTrail } from './log-trail.service.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The console's log-trail viewer (issue 16, item 6): filters who, what, where, when; CSV of the filtered rows. */
export function logTrailRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/log-trail',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Registro de actividad, lo más reciente primero',
          querystring: LogTrailQuerySchema,
          response: { 200: LogTrailPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return readLogTrail(db, req.query);
      },
    );

    app.get(
      '/api/admin/log-trail.csv',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'El registro filtrado en CSV', querystring: LogTrailQuerySchema },
      },
      async (req, reply) => {
        const csv = await exportLogTrailCsv(db, req.query);
        return reply
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `attachment; filename="${csvFileName('registro')}"`)
          .type('text/csv; charset=utf-8')
          .send(csv);
      },
    );
  };
}
