import { adminModeration as tm, reports as tr } from '@arreglaya/shared/i18n/admin-ops';
import { FlaggedProfileListSchema, ReportDecisionSchema, ReportFormSchema, ReportListSchema } from '@arreglaya/shared/schemas/admin-ops';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { decideReport, fileReport, flaggedProfiles, openReports } from './moderation.service.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const MessageSchema = z.object({ message: z.string() });
const perUser: RateLimitRule = { name: 'user', max: 20, windowMs: 60 * 60_000, key: (req) => req.user?.id };

/** Reports (issue 15) and the console's moderation queue (issue 16, item 3). */
export function moderationRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const actor = (req: { user: { id: string; sessionId: string } | null }) => ({ id: req.user!.id, sessionId: req.user!.sessionId });

    app.post(
      '/api/reports',
      {
        config: { access: 'user', rateLimit: perUser },
        schema: {
          tags: ['moderación'],
          summary: 'Reportar un mensaje de una conversación propia o el perfil de un contratista',
          body: ReportFormSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await fileReport(db, actor(req), req.body);
        return reply.code(201).send({ message: tr.sent });
      },
    );

    app.get(
      '/api/admin/reports',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Reportes abiertos, los más antiguos primero', response: { 200: ReportListSchema, ...errors } },
      },
      async (_req, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return { items: await openReports(db) };
      },
    );

    app.post(
      '/api/admin/reports/:id/decision',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Descartar un reporte o actuar (ocultar el mensaje)',
          params: IdSchema,
          body: ReportDecisionSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => {
        await decideReport(db, actor(req), req.params.id, req.body.action);
        return { message: req.body.action === 'act' ? tm.actioned : tm.dismissed };
      },
    );

    app.get(
      '/api/admin/moderation/flagged',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Perfiles con enlaces, correos o teléfonos en su texto público', response: { 200: FlaggedProfileListSchema, ...errors } },
      },
      async (_req, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return { items: await flaggedProfiles(db) };
      },
    );
  };
}
