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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wantsPage } from '../../lib/link-page.ts';
import { escapeHtml } from '../mail/layout.ts';
import { personDeliveries, readChannels, saveChannels, unsubscribeChannel, unsubscribeLinkHolds, type NotificationChannelsDeps } from './notification-channels.service.ts';
import type { UnsubscribeChannel } from './notification-unsubscribe.ts';

// The outside channels (decision 038): the person's channels per type, the one-tap unsubscribe
// link, and the console's deliveries of a person.

const html = 'text/html; charset=utf-8';

/** A small page of our own (no script, no style), as the newsletter's. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/perfil/notificaciones">${escapeHtml(tn.unsubscribe.settings)}</a></p></main></body></html>`;
}

const invalidPage = () => page(tn.unsubscribe.invalidTitle, `<p>${escapeHtml(tn.unsubscribe.invalid)}</p>`);

/** A channel's name inside a sentence: "por correo", "por notificación push", "por WhatsApp", "por SMS". */
const channelInText = (c: UnsubscribeChannel) => (c === 'whatsapp' || c === 'sms' ? tn.channels[c] : tn.channels[c].toLowerCase());

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

    // The link in the notifications' footers and their List-Unsubscribe header (the link is the
    // credential, never a session). Opening it changes nothing: mail scanners and link previews
    // open links (GET, HEAD). Its page's button, a plain form that needs no script, and a mail
    // client's RFC 8058 one-click (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`) POST the
    // same URL, which turns the channel off.
    app.get(
      '/api/notifications/unsubscribe',
      {
        config: { access: 'public', rateLimit: { max: 30, windowMs: 10 * 60_000 } },
        schema: { tags: ['cuenta'], summary: 'Página del enlace para darse de baja de un canal de notificación (no cambia nada; su botón envía el POST)' },
      },
      async (req, reply) => {
        const q = UnsubscribeQuerySchema.safeParse(req.query);
        const holds = q.success && unsubscribeLinkHolds(deps, q.data.u, q.data.c, q.data.s);
        // The signature is in this page's form: no shared cache keeps it, and a link from it tells it to no other site
        // (same-origin, not no-referrer: the button's POST must carry our Origin).
        return reply
          .status(holds ? 200 : 400)
          .headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' })
          .type(html)
          .send(
            holds
              ? page(
                  tn.unsubscribe.askTitle(channelInText(q.data.c)),
                  `<p>${escapeHtml(tn.unsubscribe.askText(channelInText(q.data.c)))}</p><form method="post" action="${escapeHtml(`/api/notifications/unsubscribe?${new URLSearchParams(q.data).toString()}`)}"><button type="submit">${escapeHtml(tn.unsubscribe.button)}</button></form>`,
                )
              : invalidPage(),
          );
      },
    );

    // The button's form body is empty and one-click's is `List-Unsubscribe=One-Click`: the link's query is what counts.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    app.post(
      '/api/notifications/unsubscribe',
      {
        // The signed link is the credential, never the session: the page's plain form needs only our Origin.
        config: { access: 'public', sessionless: true, rateLimit: { max: 30, windowMs: 10 * 60_000 } },
        schema: {
          tags: ['cuenta'],
          summary: 'Darse de baja de un canal: el botón de la página del enlace (responde una página) o un clic desde el cliente de correo (RFC 8058, 204)',
          response: { 204: z.null(), 400: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const q = UnsubscribeQuerySchema.safeParse(req.query);
        const done = q.success && (await unsubscribeChannel(deps, q.data.u, q.data.c, q.data.s));
        if (wantsPage(req.headers.accept)) {
          // A page for the page's button (its 200 and 400 are HTML, outside the JSON schema above).
          return (reply as FastifyReply)
            .status(done ? 200 : 400)
            .headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' })
            .type(html)
            .send(done ? page(tn.unsubscribe.title, `<p>${escapeHtml(tn.unsubscribe.done(channelInText(q.data.c)))}</p>`) : invalidPage());
        }
        if (!done) return reply.status(400).send({ error: { code: 'VALIDATION', message: tn.unsubscribe.invalid } });
        return reply.status(204).send(null);
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
