import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { ReviewIdParamsSchema, ReviewVoteSchema, ReviewVotesListSchema, ReviewVotesQuerySchema, ReviewVotesSchema } from '@arreglaya/shared/schemas/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { removeReviewVote, reviewVotes, voteOnReview } from './review-votes.service.ts';

// "Me gusta" / "No me gusta" on public reviews (docs/decisions/058-review-votes.md). Counts are
// public; voting needs a session (any role); who may vote on which review is the service's rule.
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
const tags = ['reseñas'];
// Per person (a vote needs a session), one bucket for setting and removing: a fast thumb on twenty
// tiles is fine, a script flipping a vote all day is not.
const perPerson: RateLimitRule[] = [{ name: 'user', bucket: 'review-votes', max: 120, windowMs: 60_000, key: (req) => req.user?.id }];

export function reviewVotesRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/review-votes',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Me gusta y No me gusta de unas reseñas públicas, y mi voto',
          querystring: ReviewVotesQuerySchema,
          response: { 200: ReviewVotesListSchema, ...errors },
        },
      },
      async (req, reply) => {
        // The viewer's own vote is in it: never kept by a shared cache.
        void reply.header('cache-control', 'private, no-store');
        return { items: await reviewVotes(db, req.query.ids, req.user?.id ?? null) };
      },
    );

    app.put(
      '/api/reviews/:id/vote',
      {
        config: { access: 'user', rateLimit: perPerson },
        schema: {
          tags,
          summary: 'Votar (o cambiar mi voto) una reseña: Me gusta o No me gusta',
          params: ReviewIdParamsSchema,
          body: ReviewVoteSchema,
          response: { 200: ReviewVotesSchema, ...errors },
        },
      },
      async (req) => voteOnReview(db, req.user!.id, req.params.id, req.body.value),
    );

    app.delete(
      '/api/reviews/:id/vote',
      {
        config: { access: 'user', rateLimit: perPerson },
        schema: { tags, summary: 'Quitar mi voto de una reseña', params: ReviewIdParamsSchema, response: { 200: ReviewVotesSchema, ...errors } },
      },
      async (req) => removeReviewVote(db, req.user!.id, req.params.id),
    );
  };
}
