import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { ClaimDecisionSchema } from '@arreglaya/shared/schemas/payments';
import { WarrantyAnswerSchema, WarrantyClaimInputSchema, WarrantyClaimsSchema } from '@arreglaya/shared/schemas/warranty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { decideWarrantyClaim, getWarranty, listWarrantyClaims, openWarrantyClaim, type WarrantyDeps } from './warranty.service.ts';

// The warranty holdback (decision 055): the project page's read, the client's claim, the console's list and decision.

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };
const perUser = (max: number, windowMs = 60_000): RateLimitRule => ({ name: 'user', max, windowMs, key: (req) => req.user?.id });
const actorOf = (user: { id: string; role: string; sessionId?: string | null }) => ({ id: user.id, role: user.role, sessionId: user.sessionId ?? null });
const MessageSchema = z.object({ message: z.string() });
const DecidedSchema = z.object({ message: z.string(), status: z.string(), released: z.number().int(), refunded: z.number().int() });

export function warrantyRoutes(deps: WarrantyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/projects/:id/warranty',
      {
        config: { access: 'user' },
        schema: {
          tags: ['pagos'],
          summary: 'La retención de garantía de un proyecto (su cliente, su contratista o un administrador)',
          params: IdSchema,
          response: { 200: WarrantyAnswerSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return getWarranty(deps.db, actorOf(req.user!), req.params.id);
      },
    );

    app.post(
      '/api/projects/:id/warranty/claim',
      {
        config: { access: ['client'], rateLimit: perUser(20) },
        schema: {
          tags: ['pagos'],
          summary: 'Abrir un reclamo de garantía mientras dura la garantía (cliente del proyecto)',
          params: IdSchema,
          body: WarrantyClaimInputSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => openWarrantyClaim(deps, actorOf(req.user!), req.params.id, req.body),
    );

    app.get(
      '/api/admin/warranty-claims',
      {
        config: { access: ['sysadmin'] },
        schema: { tags: ['pagos'], summary: 'Reclamos de garantía abiertos (administrador)', response: { 200: WarrantyClaimsSchema, ...errors } },
      },
      async (_req, reply) => {
        void reply.headers(noStore);
        return { items: await listWarrantyClaims(deps.db) };
      },
    );

    app.post(
      '/api/admin/projects/:id/warranty/decision',
      {
        config: { access: ['sysadmin'], rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Resolver un reclamo de garantía: liberar la retención, devolverla o repartirla (administrador)',
          params: IdSchema,
          body: ClaimDecisionSchema,
          response: { 200: DecidedSchema, ...errors },
        },
      },
      async (req) => decideWarrantyClaim(deps, actorOf(req.user!), req.params.id, req.body),
    );
  };
}
