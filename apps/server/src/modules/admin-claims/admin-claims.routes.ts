import { AdminClaimListSchema, ClaimConversationSchema, ProjectIdParamsSchema } from '@arreglaya/shared/schemas/admin-ops';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { listOpenClaims, readClaimConversation } from './admin-claims.service.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const noStore = { 'Cache-Control': 'no-store' };

/**
 * The claims committee's pages (issue 16, console item 4): the open claims, and the two people's
 * conversation on one. The decision itself is POST /api/admin/projects/:id/decision (projects).
 */
export function adminClaimsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/claims',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Reclamos abiertos, los más antiguos primero', response: { 200: AdminClaimListSchema, ...errors } },
      },
      async (_req, reply) => {
        void reply.headers(noStore);
        return { items: await listOpenClaims(db) };
      },
    );

    app.get(
      '/api/admin/claims/:projectId/conversation',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'La conversación entre cliente y contratista de un proyecto en reclamación (queda registrada)',
          params: ProjectIdParamsSchema,
          response: { 200: ClaimConversationSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return readClaimConversation(db, { id: req.user!.id, sessionId: req.user!.sessionId }, req.params.projectId);
      },
    );
  };
}
