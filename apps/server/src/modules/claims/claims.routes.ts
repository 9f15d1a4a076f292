import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { ClaimAnswerSchema, ProjectClaimSchema } from '@arreglaya/shared/schemas/claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, perUser } from '../projects/route-helpers.ts';
import { answerClaim, readProjectClaim, type ClaimsDeps } from './claims.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };

/** The guarantee's claim on a project (decision 054): its deadlines, and the other side's answer. */
export function claimsRoutes(deps: ClaimsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/projects/:id/claim',
      {
        config: { access: ['client', 'contractor', 'sysadmin'], rateLimit: perUser(120) },
        schema: {
          tags: ['proyectos'],
          summary: 'El reclamo del proyecto y sus plazos (respuesta, decisión), y hasta cuándo se puede reclamar',
          params: IdSchema,
          response: { 200: ProjectClaimSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return readProjectClaim(deps, actorOf(req), req.params.id);
      },
    );

    app.post(
      '/api/projects/:id/claim/answer',
      {
        config: { access: ['contractor'], rateLimit: perUser(30) },
        schema: {
          tags: ['proyectos'],
          summary: 'El contratista responde el reclamo del cliente (se puede cambiar hasta la decisión)',
          params: IdSchema,
          body: ClaimAnswerSchema,
          response: { 200: ProjectClaimSchema, ...errors },
        },
      },
      async (req) => answerClaim(deps, actorOf(req), req.params.id, req.body.answer),
    );
  };
}
