import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { ContactContextSchema, ContactContractorSchema, ContactContractorSentSchema } from '@arreglaya/shared/schemas/directory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactContractor, getContactContext, type ContractorContactDeps } from './contractor-contact.service.ts';

// Contacting a contractor is a client feature (spec §6).
const CLIENTS = ['client'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };

export function contractorContactRoutes(deps: ContractorContactDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contractors/:id/contact-context',
      {
        config: { access: CLIENTS },
        schema: {
          tags: ['contratistas'],
          summary: 'Lo que necesita el formulario de contacto: mis proyectos abiertos',
          params: IdSchema,
          response: { 200: ContactContextSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return getContactContext(deps, req.user!.id, req.params.id);
      },
    );

    app.post(
      '/api/contractors/:id/contact',
      {
        // Each request may mail a contractor: 20 an hour per client.
        config: { access: CLIENTS, rateLimit: { name: 'client', max: 20, windowMs: 60 * 60_000, key: (req) => req.user?.id } },
        schema: {
          tags: ['contratistas'],
          summary: 'Enviar una solicitud de servicio a un contratista',
          params: IdSchema,
          body: ContactContractorSchema,
          response: { 201: ContactContractorSentSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = req.user!;
        const sent = await contactContractor(deps, { userId: user.id, sessionId: user.sessionId }, req.params.id, req.body);
        return reply.status(201).send(sent);
      },
    );
  };
}
