import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ContactCreatedSchema } from '@arreglaya/shared/schemas/contact';
import { QuickBookingSchema } from '@arreglaya/shared/schemas/quick-booking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perRecipient } from '../../lib/route-config.ts';
import { createQuickBooking, type QuickBookingDeps } from './quick-booking.service.ts';

export function quickBookingRoutes(deps: QuickBookingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/quick-bookings',
      {
        config: { access: 'public', rateLimit: [{ max: 10, windowMs: 10 * 60_000 }, perRecipient((b: { correo: string }) => b.correo)] },
        schema: {
          tags: ['contacto'],
          summary: 'Reserva rápida desde la página de inicio',
          body: QuickBookingSchema,
          response: { 201: ContactCreatedSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const { id } = await createQuickBooking(deps, req.body, { userId: req.user?.id ?? null, sessionId: req.user?.sessionId ?? null });
        return reply.status(201).send({ id, message: es.success.quickBookingSent });
      },
    );
  };
}
