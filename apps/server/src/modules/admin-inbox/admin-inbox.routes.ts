import { adminInbox as t } from '@arreglaya/shared/i18n/admin-ops';
import { InboxKindParamsSchema, InboxPageSchema, InboxQuerySchema, InboxReplySchema, PageQuerySchema, SubscriberPageSchema } from '@arreglaya/shared/schemas/admin-ops';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName } from '../../lib/csv.ts';
import { closeInboxItem, exportSubscribersCsv, readInbox, readSubscribers, replyToInboxItem, type AdminInboxDeps } from './admin-inbox.service.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const MessageSchema = z.object({ message: z.string() });

/** The console's inboxes (issue 16, item 5): contact forms, quick bookings, store applications, referrals; the newsletter list. */
export function adminInboxRoutes(deps: AdminInboxDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const actor = (req: { user: { id: string; sessionId: string } | null }) => ({ id: req.user!.id, sessionId: req.user!.sessionId });

    app.get(
      '/api/admin/inbox/:kind',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Una bandeja, lo más reciente primero',
          params: InboxKindParamsSchema,
          querystring: InboxQuerySchema,
          response: { 200: InboxPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return readInbox(deps, req.params.kind, req.query.status, req.query.page);
      },
    );

    app.post(
      '/api/admin/inbox/items/:id/reply',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Responder por correo (queda como respondido)',
          params: IdSchema,
          body: InboxReplySchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => {
        await replyToInboxItem(deps, actor(req), req.params.id, req.body.reply);
        return { message: t.sent };
      },
    );

    app.post(
      '/api/admin/inbox/items/:id/close',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Cerrar un mensaje', params: IdSchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req) => {
        await closeInboxItem(deps, actor(req), req.params.id);
        return { message: t.closedDone };
      },
    );

    app.get(
      '/api/admin/newsletter',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Suscriptores del boletín', querystring: PageQuerySchema, response: { 200: SubscriberPageSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return readSubscribers(deps.db, req.query.page);
      },
    );

    app.get(
      '/api/admin/newsletter.csv',
      { config: { access: SYSADMINS }, schema: { tags: ['administración'], summary: 'Suscriptores del boletín en CSV' } },
      async (req, reply) => {
        const csv = await exportSubscribersCsv(deps.db, actor(req));
        return reply
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `attachment; filename="${csvFileName('boletin')}"`)
          .type('text/csv; charset=utf-8')
          .send(csv);
      },
    );
  };
}
