import { es } from '@arreglaya/shared/i18n/es';
import {
  ChangePasswordSchema,
  EmailConfirmedSchema,
  EmailOnlySchema,
  MessageSchema,
  ResetPasswordSchema,
  SessionSchema,
  SignInSchema,
  SignUpSchema,
  VerifyEmailSchema,
} from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { SignOutSchema } from '@arreglaya/shared/schemas/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import * as service from './auth.service.ts';
import { SOCIAL_PROVIDERS } from './auth.service.ts';
import { findSessionUser } from './session-user.repository.ts';
import { forgetDevice } from '../push/push.service.ts';

const MIN = 60_000;
/**
 * Per address only: the per-account side of sign-up, sign-in, codes and mailed codes is the
 * account guard (modules/rate-limits/account-guard.ts), counted per account and address and
 * slowing the account down by seconds, so nobody can lock its owner out (issue 30; sign-up:
 * issue 34, decision 019).
 */
const perIp = (max: number, windowMs: number): RateLimitRule => ({ name: 'ip', max, windowMs });

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };
const tags = ['cuenta'];

export function authRoutes(deps: service.AuthServiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/sign-up',
      {
        config: { access: 'public', rateLimit: perIp(10, 10 * MIN) },
        schema: { tags, summary: 'Crear una cuenta (envía un código de confirmación)', body: SignUpSchema, response: { 201: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        await service.signUp(deps, req.body, { req, reply });
        return reply.status(201).send({ message: es.auth.signUpCodeSent });
      },
    );

    app.post(
      '/api/auth/verify-email',
      {
        config: { access: 'public', rateLimit: perIp(30, 15 * MIN) },
        schema: {
          tags,
          summary: 'Confirmar el correo con el código recibido (inicia la sesión en el navegador que creó la cuenta)',
          body: VerifyEmailSchema,
          response: { 200: EmailConfirmedSchema, ...errors },
        },
      },
      async (req, reply) => {
        const session = await service.verifyEmail(deps, req.body, { req, reply });
        return { message: session ? es.auth.emailConfirmedSignedIn : es.auth.emailConfirmed, session };
      },
    );

    app.post(
      '/api/auth/resend-code',
      {
        config: { access: 'public', rateLimit: perIp(10, 10 * MIN) },
        schema: { tags, summary: 'Enviar otro código de confirmación', body: EmailOnlySchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        await service.requestCode(deps, req.body.email, { req, reply });
        return { message: es.auth.codeResent };
      },
    );

    app.post(
      '/api/auth/sign-in',
      {
        config: { access: 'public', rateLimit: perIp(30, 15 * MIN) },
        schema: { tags, summary: 'Iniciar sesión', body: SignInSchema, response: { 200: SessionSchema, ...errors } },
      },
      (req, reply) => service.signIn(deps, req.body, { req, reply }),
    );

    app.post(
      '/api/auth/sign-out',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Cerrar sesión (y dejar de recibir avisos en este dispositivo)', body: SignOutSchema.nullish(), response: { 204: z.null(), ...errors } },
      },
      async (req, reply) => {
        // This device's push subscription goes with the session (decision 039): the next person here is not told of this one's notices.
        if (req.body?.pushEndpoint) await forgetDevice(deps.db, req.user!.id, req.body.pushEndpoint);
        await service.signOut(deps, { req, reply });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/session',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'La sesión actual (user null si no hay sesión)', response: { 200: SessionSchema } },
      },
      async (req) => {
        if (!req.user) return { user: null, expiresAt: null };
        return { user: await findSessionUser(deps.db, req.user.id), expiresAt: req.user.expiresAt.toISOString() };
      },
    );

    app.get(
      '/api/auth/providers',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Proveedores de inicio de sesión social configurados', response: { 200: z.object({ providers: z.array(z.enum(SOCIAL_PROVIDERS)) }) } },
      },
      () => ({ providers: service.configuredProviders(deps) }),
    );

    // Social sign-in: a plain link starts it; better-auth handles the provider's callback.
    app.get(
      '/api/auth/social/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Iniciar sesión con Google o Facebook (redirige al proveedor)',
          params: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }),
          querystring: z.object({ redirect: z.string().max(200).optional() }),
        },
      },
      async (req, reply) => reply.redirect(await service.startSocialSignIn(deps, req.params.provider, req.query.redirect, { req, reply })),
    );
    app.get(
      '/api/auth/callback/:provider',
      // A person comes back here once per social sign-in; per address, so forged callbacks cannot fill the log.
      {
        config: { access: 'public', rateLimit: { max: 20, windowMs: 10 * MIN } },
        schema: { tags, summary: 'Regreso del proveedor social', params: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }) },
      },
      (req, reply) => service.finishSocialSignIn(deps, { req, reply }),
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public', rateLimit: perIp(10, 15 * MIN) },
        schema: { tags, summary: 'Pedir un código para restablecer la contraseña', body: EmailOnlySchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        await service.forgotPassword(deps, req.body.email, { req, reply });
        return { message: es.success.resetCodeSent };
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public', rateLimit: perIp(30, 15 * MIN) },
        schema: { tags, summary: 'Restablecer la contraseña con el código', body: ResetPasswordSchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        await service.resetPassword(deps, req.body, { req, reply });
        return { message: es.success.passwordUpdated };
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        config: { access: 'user', rateLimit: [{ name: 'user', max: 5, windowMs: 15 * MIN, key: (req) => req.user?.id }] },
        schema: { tags, summary: 'Cambiar la contraseña (cierra las demás sesiones)', body: ChangePasswordSchema, response: { 200: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        await service.changePassword(deps, req.user!.id, req.body, { req, reply });
        return { message: es.success.passwordUpdated };
      },
    );
  };
}
