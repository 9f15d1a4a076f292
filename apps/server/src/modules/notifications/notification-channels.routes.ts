import { es, PRODUCT_NAME } from '@arreglaya/shared/i18n/es';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import {
  DeliveriesPageSchema,
  DeliveriesQuerySchema,
  NotificationChannelsInputSchema,
  NotificationChannelsSavedSchema,
  NotificationChannelsSchema,
  UnsubscribeQuerySchema,
} from '@arreglaya/shared/schemas/notification-channels';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../mail/layout.ts';
import { personDeliveries, readChannels, saveChannels, unsubscribeChannel, type NotificationChannelsDeps } from './notification-channels.service.ts';

// The outside channels (decision 038): the person's channels per type, the one-tap unsubscribe
// link, and the console's deliveries of a person.

const html = 'text/html; charset=utf-8';

/** A small page of our own (no script, no style), as the newsletter's. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/perfil/notificaciones">${escapeHtml(tn.unsubscribe.settings)}</a></p></main></body></html>`;
}

export function notificationChannelsRoutes(deps: NotificationChannelsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/notification-channels',
      {
        config: { access: 'user' },
        schema: { tags: ['cuenta'], summary: 'Mis canales de notificación por tipo de aviso', response: { 200: NotificationChannelsSchema, 401: ApiErrorSchema } },
      },
      (req) => readChannels(deps, req.user!.id),
    );

    app.put(
      '/api/me/notification-channels',
      {
        config: { access: 'user', rateLimit: [{ name: 'user', max: 30, windowMs: 10 * 60_000, key: (req) => req.user?.id }] },
        schema: {
          tags: ['cuenta'],
          summary: 'Guardar mis canales por tipo de aviso y las horas de silencio',
          body: NotificationChannelsInputSchema,
          response: { 200: NotificationChannelsSavedSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (req) => ({ message: es.success.recordUpdated, channels: await saveChannels(deps, req.user!.id, req.body) }),
    );

    // The link in the notifications' footers: one tap turns that channel off (the link is the credential, never a session).
    app.get(
      '/api/notifications/unsubscribe',
      {
        config: { access: 'public', rateLimit: { max: 30, windowMs: 10 * 60_000 } },
        schema: { tags: ['cuenta'], summary: 'Darse de baja de un canal de notificación con un toque (enlace firmado)' },
      },
      async (req, reply) => {
        const q = UnsubscribeQuerySchema.safeParse(req.query);
        const done = q.success && (await unsubscribeChannel(deps, q.data.u, q.data.c, q.data.s));
        return reply
          .status(done ? 200 : 400)
          .headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' })
          .type(html)
          .send(
            done
              ? page(tn.unsubscribe.title, `<p>${escapeHtml(tn.unsubscribe.done(tn.channels[q.data.c].toLowerCase()))}</p>`)
              : page(tn.unsubscribe.invalidTitle, `<p>${escapeHtml(tn.unsubscribe.invalid)}</p>`),
          );
      },
    );

    app.get(
      '/api/admin/people/:id/deliveries',
      {
        config: { access: ['sysadmin'] },
        schema: {
          tags: ['administración'],
          summary: 'Envíos de notificaciones de una persona (push, WhatsApp, SMS), los más recientes primero',
          params: IdSchema,
          querystring: DeliveriesQuerySchema,
          response: { 200: DeliveriesPageSchema },
        },
      },
      (req) => personDeliveries(deps, req.params.id, req.query.before, req.query.limit),
    );
  };
}
