import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ContactCreatedSchema } from '@arreglaya/shared/schemas/contact';
import { ReferralSchema } from '@arreglaya/shared/schemas/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referFriend, type ReferralDeps } from './referral.service.ts';

export function referralRoutes(deps: ReferralDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/referrals',
      {
        // As the contact form's, per IP; the mail to the typed address has its own daily limit
        // per address (modules/mail/third-party.ts), since each call may mail a stranger.
        config: { access: 'public', rateLimit: { max: 10, windowMs: 10 * 60_000 } },
        schema: {
          tags: ['contacto'],
          summary: 'Recomendar ArreglaYa a un amigo',
          body: ReferralSchema,
          response: { 201: ContactCreatedSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const { id } = await referFriend(deps, req.body, { userId: req.user?.id ?? null, sessionId: req.user?.sessionId ?? null });
        return reply.status(201).send({ id, message: es.success.referralSent });
      },
    );
  };
}
