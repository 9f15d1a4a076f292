import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { WithdrawResultSchema } from '@arreglaya/shared/schemas/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { idempotencyKeyOf } from './payments.service.ts';
import { withdrawPayout, type PayoutsDeps } from './payouts.service.ts';

const CONTRACTORS = ['contractor'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

// Retirar (issue 46): the contractor asks for their available balance now. Per person: the page
// sends one request per tap; 60 a minute leaves room for a retried request and its replays.
const perUser: RateLimitRule = { name: 'user', max: 60, windowMs: 60_000, key: (req) => req.user?.id };

export function payoutsRoutes(deps: PayoutsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/me/payouts',
      {
        config: { access: CONTRACTORS, rateLimit: perUser },
        schema: {
          tags: ['pagos'],
          summary: 'Retirar: enviar ahora mi saldo disponible a mi cuenta bancaria',
          description:
            'Con el encabezado Idempotency-Key (8 a 60 letras, números, - o _): la misma clave repite la primera respuesta y el dinero se mueve una vez. 200: el pago salió (paid) o sale con el próximo pago automático (pending); 409: no hay saldo disponible o falta la cuenta bancaria.',
          headers: z.object({ 'idempotency-key': z.string().optional() }),
          response: { 200: WithdrawResultSchema, ...errors },
        },
      },
      async (req, reply) => {
        const key = idempotencyKeyOf(req.headers['idempotency-key']);
        return reply.headers({ 'cache-control': 'private, no-store' }).send(await withdrawPayout(deps, req.user!.id, key));
      },
    );
  };
}
