import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ContactCreatedSchema } from '@arreglaya/shared/schemas/contact';
import { StoreApplicationSchema } from '@arreglaya/shared/schemas/store-application';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perRecipient } from '../../lib/route-config.ts';
import { applyAsStore, type StoreApplicationDeps } from './store-application.service.ts';

export function storeApplicationRoutes(deps: StoreApplicationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/store-applications',
      {
        config: { access: 'public', rateLimit: [{ max: 10, windowMs: 10 * 60_000 }, perRecipient((b: { email: string }) => b.email)] },
        schema: {
          tags: ['contacto'],
          summary: 'Solicitud de una ferretería para ser socia',
          body: StoreApplicationSchema,
          response: { 201: ContactCreatedSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const { id } = await applyAsStore(deps, req.body, { userId: req.user?.id ?? null, sessionId: req.user?.sessionId ?? null });
        return reply.status(201).send({ id, message: es.siteSuccess.storeApplicationSent });
      },
    );
  };
}
