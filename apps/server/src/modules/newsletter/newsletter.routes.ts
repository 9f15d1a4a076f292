import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { NewsletterCreatedSchema, NewsletterSchema } from '@arreglaya/shared/schemas/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../mail/layout.ts';
import { subscribe, unsubscribe, type NewsletterDeps } from './newsletter.service.ts';

const TokenQuery = z.object({ token: z.string().min(10).max(100) });

function unsubscribePage(ok: boolean): string {
  const title = ok ? 'Te diste de baja del boletín' : 'Enlace no válido';
  const text = ok
    ? 'Ya no recibirás el boletín de ArreglaYa. Puedes volver a suscribirte cuando quieras desde el pie de página.'
    : 'No encontramos esta suscripción. Es posible que el enlace esté incompleto.';
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ArreglaYa</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="/">Volver al inicio</a></p></main></body></html>`;
}

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

    // The link in every newsletter mail (GET, for people) and RFC 8058 one-click (POST, for mail clients).
    app.get(
      '/api/newsletter/unsubscribe',
      { config: { access: 'public' }, schema: { tags: ['boletín'], summary: 'Darse de baja (enlace del correo)', querystring: TokenQuery } },
      async (req, reply) => {
        const ok = await unsubscribe(deps, req.query.token);
        return reply
          .status(ok ? 200 : 404)
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(ok));
      },
    );
    app.post(
      '/api/newsletter/unsubscribe',
      {
        config: { access: 'public' },
        schema: { tags: ['boletín'], summary: 'Darse de baja con un clic (RFC 8058)', querystring: TokenQuery, response: { 204: z.null(), 404: ApiErrorSchema } },
      },
      async (req, reply) => {
        const ok = await unsubscribe(deps, req.query.token);
        if (!ok) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: es.apiErrors.NOT_FOUND } });
        return reply.status(204).send(null);
      },
    );
  };
}
