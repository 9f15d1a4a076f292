import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { NewsletterCreatedSchema, NewsletterSchema } from '@arreglaya/shared/schemas/newsletter';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { askPage, HTML_TYPE, linkPage, wantsPage } from '../../lib/link-page.ts';
import { escapeHtml } from '../mail/layout.ts';
import { isUnsubscribeToken, subscribe, unsubscribe, type NewsletterDeps } from './newsletter.service.ts';

const TokenQuery = z.object({ token: z.string().min(10).max(100) });
const t = es.newsletterUnsubscribe;

const page = (title: string, body: string) => linkPage(title, body, t.home);
const donePage = () => page(t.doneTitle, `<p>${escapeHtml(t.doneText)}</p>`);
const invalidPage = () => page(t.invalidTitle, `<p>${escapeHtml(t.invalidText)}</p>`);
const html = HTML_TYPE;

export function newsletterRoutes(deps: NewsletterDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/newsletter',
      {
        config: { access: 'public', rateLimit: { max: 10, windowMs: 10 * 60_000 } },
        schema: {
          tags: ['boletín'],
          summary: 'Suscribirse al boletín',
          body: NewsletterSchema,
          response: { 201: NewsletterCreatedSchema, 400: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        await subscribe(deps, req.body.email, req.user?.id ?? null);
        return reply.status(201).send({ message: es.success.subscriptionCreated });
      },
    );

    // The link in every newsletter mail opens a page with a button; opening it changes nothing (mail
    // scanners and link previews open links). The button, and RFC 8058 one-click from mail clients
    // (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), POST the same URL.
    app.get(
      '/api/newsletter/unsubscribe',
      {
        config: { access: 'public' },
        schema: { tags: ['boletín'], summary: 'Página del enlace para darse de baja (no cambia nada; su botón envía el POST)', querystring: TokenQuery },
      },
      async (req, reply) => {
        const known = await isUnsubscribeToken(deps, req.query.token);
        // The token is in this page's form: no shared cache keeps it, and no link from it tells it to another site.
        return reply
          .status(known ? 200 : 404)
          .headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' })
          .type(html)
          .send(known ? askPage(t, `/api/newsletter/unsubscribe?token=${encodeURIComponent(req.query.token)}`) : invalidPage());
      },
    );

    // Both send a form body (the button's is empty; one-click's is `List-Unsubscribe=One-Click`): the token is in the query.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    app.post(
      '/api/newsletter/unsubscribe',
      {
        // The token is the credential, never the session: the page's plain form needs only our Origin.
        config: { access: 'public', sessionless: true, rateLimit: { max: 30, windowMs: 10 * 60_000 } },
        schema: {
          tags: ['boletín'],
          summary: 'Darse de baja: el botón de la página del enlace (responde una página) o un clic desde el cliente de correo (RFC 8058, 204)',
          querystring: TokenQuery,
          response: { 204: z.null(), 404: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const ok = await unsubscribe(deps, req.query.token);
        if (wantsPage(req.headers.accept)) {
          // A page for the page's button (its 200 and 404 are HTML, outside the JSON schema above).
          return (reply as FastifyReply)
            .status(ok ? 200 : 404)
            .type(html)
            .send(ok ? donePage() : invalidPage());
        }
        if (!ok) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: es.apiErrors.NOT_FOUND } });
        return reply.status(204).send(null);
      },
    );
  };
}
