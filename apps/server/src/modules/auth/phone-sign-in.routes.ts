import { auth as ta } from '@arreglaya/shared/i18n/auth';
import { MessageSchema, PhoneSignInCodeSchema, PhoneSignInSchema, SessionSchema } from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendSignInCode, signInWithCode, type PhoneSignInDeps } from './phone-sign-in.service.ts';

const MIN = 60_000;
const errors = { 400: ApiErrorSchema, 429: ApiErrorSchema };
const tags = ['cuenta'];

/** Signing in with a code to one's phone (decision 071). Per address here; per number and address, the account guard. */
export function phoneSignInRoutes(deps: PhoneSignInDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/phone/code',
      {
        config: { access: 'public', rateLimit: { name: 'ip', max: 10, windowMs: 15 * MIN } },
        schema: {
          tags,
          summary: 'Enviar un código para entrar al teléfono confirmado de una cuenta (la misma respuesta para cualquier número)',
          body: PhoneSignInCodeSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await sendSignInCode(deps, req.body.number, { req, reply });
        return { message: ta.phoneSignIn.codeSent(req.body.number) };
      },
    );

    app.post(
      '/api/auth/phone/sign-in',
      {
        config: { access: 'public', rateLimit: { name: 'ip', max: 30, windowMs: 15 * MIN } },
        schema: { tags, summary: 'Iniciar sesión con el código enviado al teléfono', body: PhoneSignInSchema, response: { 200: SessionSchema, ...errors } },
      },
      (req, reply) => signInWithCode(deps, req.body, { req, reply }),
    );
  };
}
