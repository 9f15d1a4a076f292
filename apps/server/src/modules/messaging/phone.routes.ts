import { messaging } from '@arreglaya/shared/i18n/messaging';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { AddPhoneSchema, PhoneStatusSavedSchema, PhoneStatusSchema, VerifyPhoneSchema } from '@arreglaya/shared/schemas/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { phoneStatus, removePhone, requestCode, verifyCode, type PhoneDeps } from './phone.service.ts';

/** The person's own phone number for WhatsApp and SMS (decision 040): always req.user's, nobody else's. */
export function phoneRoutes(deps: PhoneDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const byUser = (max: number) => [{ name: 'user', max, windowMs: 15 * 60_000, key: (req: { user?: { id: string } | null }) => req.user?.id }];
    const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema };

    app.get(
      '/api/me/phone',
      { config: { access: 'user' }, schema: { tags: ['cuenta'], summary: 'Mi número para WhatsApp y SMS', response: { 200: PhoneStatusSchema, 401: ApiErrorSchema } } },
      async (req) => phoneStatus(deps.db, req.user!.id),
    );

    app.post(
      '/api/me/phone',
      {
        config: { access: 'user', rateLimit: byUser(20) },
        schema: {
          tags: ['cuenta'],
          summary: 'Enviar un código de 6 dígitos a mi número por WhatsApp o SMS',
          body: AddPhoneSchema,
          response: { 200: PhoneStatusSavedSchema, ...errors },
        },
      },
      async (req, reply) => {
        const phone = await requestCode(deps, req.user!.id, req.body, { req, reply });
        return { message: messaging.phone.codeSent(req.body.channel, req.body.number), phone };
      },
    );

    app.post(
      '/api/me/phone/verify',
      {
        config: { access: 'user', rateLimit: byUser(40) },
        schema: { tags: ['cuenta'], summary: 'Confirmar mi número con el código', body: VerifyPhoneSchema, response: { 200: PhoneStatusSavedSchema, ...errors } },
      },
      async (req, reply) => ({ message: messaging.phone.verified, phone: await verifyCode(deps, req.user!.id, req.body.code, { req, reply }) }),
    );

    app.delete(
      '/api/me/phone',
      { config: { access: 'user' }, schema: { tags: ['cuenta'], summary: 'Quitar mi número', response: { 200: PhoneStatusSavedSchema, ...errors } } },
      async (req) => ({ message: messaging.phone.removed, phone: await removePhone(deps.db, req.user!.id) }),
    );
  };
}
