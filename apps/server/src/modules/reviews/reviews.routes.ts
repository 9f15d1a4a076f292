import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import {
  AdminReviewsPageSchema,
  AdminReviewsQuerySchema,
  MyReviewsPageSchema,
  MyReviewsQuerySchema,
  ProjectIdParamsSchema,
  ProjectReviewStateSchema,
  ReviewFormSchema,
  ReviewIdParamsSchema,
  ReviewRejectSchema,
  ReviewReplySchema,
  ReviewResultSchema,
} from '@arreglaya/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approveReview, createReview, editReview, myReviews, pendingReviews, projectReviewState, rejectReview, replyToReview, type ReviewsDeps } from './reviews.service.ts';

// Reviews both ways (docs/decisions/026-reviews.md). Who may act on which review (a party of the
// project, its author, the reviewed person) is checked in the service.
const PARTIES = ['client', 'contractor'] as const;
const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
const tags = ['reseñas'];

export function reviewsRoutes(deps: ReviewsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/projects/:projectId/review',
      {
        config: { access: PARTIES },
        schema: { tags, summary: 'Si puedo dejar una reseña de este proyecto, y mi reseña', params: ProjectIdParamsSchema, response: { 200: ProjectReviewStateSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return projectReviewState(deps.db, req.user!, req.params.projectId);
      },
    );

    app.post(
      '/api/projects/:projectId/review',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          summary: 'Dejar una reseña de un proyecto completado (una vez por lado)',
          params: ProjectIdParamsSchema,
          body: ReviewFormSchema,
          response: { 201: ReviewResultSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await createReview(deps, req.user!, req.params.projectId, req.body)),
    );

    app.put(
      '/api/reviews/:id',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          summary: 'Editar mi reseña mientras está pendiente',
          params: ReviewIdParamsSchema,
          body: ReviewFormSchema,
          response: { 200: ReviewResultSchema, ...errors },
        },
      },
      async (req) => editReview(deps, req.user!, req.params.id, req.body),
    );

    app.put(
      '/api/reviews/:id/reply',
      {
        config: { access: PARTIES },
        schema: {
          tags,
          summary: 'Responder públicamente (una vez) a una reseña sobre mí',
          params: ReviewIdParamsSchema,
          body: ReviewReplySchema,
          response: { 200: ReviewResultSchema, ...errors },
        },
      },
      async (req) => replyToReview(deps, req.user!, req.params.id, req.body.reply),
    );

    app.get(
      '/api/me/reviews',
      {
        config: { access: PARTIES },
        schema: { tags, summary: "Mis reseñas: 'Sobre ti' o 'De ti'", querystring: MyReviewsQuerySchema, response: { 200: MyReviewsPageSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return myReviews(deps.db, req.user!, req.query);
      },
    );

    app.get(
      '/api/admin/reviews',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Reseñas pendientes, las más antiguas primero',
          querystring: AdminReviewsQuerySchema,
          response: { 200: AdminReviewsPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return pendingReviews(deps.db, req.user!, req.query.page);
      },
    );

    app.post(
      '/api/admin/reviews/:id/approve',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Aprobar y publicar una reseña', params: ReviewIdParamsSchema, response: { 200: ReviewResultSchema, ...errors } },
      },
      async (req) => approveReview(deps, req.user!, req.params.id),
    );

    app.post(
      '/api/admin/reviews/:id/reject',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Rechazar una reseña con un motivo',
          params: ReviewIdParamsSchema,
          body: ReviewRejectSchema,
          response: { 200: ReviewResultSchema, ...errors },
        },
      },
      async (req) => rejectReview(deps, req.user!, req.params.id, req.body.reason),
    );
  };
}
