import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ContactCreatedSchema, ContactSchema } from '@arreglaya/shared/schemas/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perRecipient } from '../../lib/route-config.ts';
import { sendContactMessage, type ContactDeps } from './contact.service.ts';

export function contactRoutes(deps: ContactDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/contact',
      {
        config: { access: 'public', rateLimit: [{ max: 10, windowMs: 10 * 60_000 }, perRecipient((b: { email: string }) => b.email)] },
        schema: {
          tags: ['contacto'],
          summary: 'Enviar un mensaje desde la página de contacto',
          body: ContactSchema,
          response: { 201: ContactCreatedSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const { id } = await sendContactMessage(deps, req.body, { userId: req.user?.id ?? null, sessionId: req.user?.sessionId ?? null });
        return reply.status(201).send({ id, message: es.success.contactSent });
      },
    );
  };
}
