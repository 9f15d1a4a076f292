import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { NoticeParamsSchema, NoticesPageSchema, NoticesQuerySchema, NoticesReadSchema } from '@arreglaya/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { listNotices, readAllNotices, readNotice, type NoticeCentreDeps } from './notice-centre.service.ts';

const noStore = { 'Cache-Control': 'private, no-store' };
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
/** Read marks per person: a page of clicks and a few "mark all" are far below it. */
const marks: RateLimitRule[] = [{ name: 'user', max: 120, windowMs: 60_000, key: (req) => req.user?.id }];

/** The notification centre (issue 31, decision 031): the bell, the phone menu's Avisos and /perfil/avisos. The person's own notices only. */
export function noticeCentreRoutes(deps: NoticeCentreDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/notices',
      {
        config: { access: 'user' },
        schema: {
          tags: ['mensajes'],
          summary: 'Mis avisos, el más reciente primero (?before=<id del último> para la página siguiente), con los contadores sin leer',
          querystring: NoticesQuerySchema,
          response: { 200: NoticesPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return listNotices(deps, req.user!.id, req.query);
      },
    );

    app.post(
      '/api/me/notices/read',
      {
        config: { access: 'user', rateLimit: marks },
        schema: { tags: ['mensajes'], summary: 'Marcar todos mis avisos como leídos', response: { 200: NoticesReadSchema, ...errors } },
      },
      async (req) => readAllNotices(deps, req.user!.id),
    );

    app.post(
      '/api/me/notices/:id/read',
      {
        config: { access: 'user', rateLimit: marks },
        schema: { tags: ['mensajes'], summary: 'Marcar un aviso como leído (solo uno mío)', params: NoticeParamsSchema, response: { 200: NoticesReadSchema, ...errors } },
      },
      async (req) => readNotice(deps, req.user!.id, req.params.id),
    );
  };
}
