import { es } from '@arreglaya/shared/i18n/es';
import { DeleteAccountSchema, MessageSchema } from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expiredSessionCookies } from '../auth/better-auth.ts';
import { deleteAccount, type AccountDeps } from './account.service.ts';

export function accountRoutes(deps: AccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.delete(
      '/api/account',
      {
        config: { access: 'user', rateLimit: [{ name: 'user', max: 5, windowMs: 15 * 60_000, key: (req) => req.user?.id }] },
        schema: {
          tags: ['cuenta'],
          summary: 'Eliminar la cuenta propia (pide la contraseña)',
          body: DeleteAccountSchema,
          response: { 200: MessageSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        await deleteAccount(deps, req.user!.id, req.body.password);
        // The session row is gone; tell the browser to drop its cookies too, by the names they have.
        void reply.header('set-cookie', expiredSessionCookies(deps.isProduction));
        return { message: es.success.accountDeleted };
      },
    );
  };
}
