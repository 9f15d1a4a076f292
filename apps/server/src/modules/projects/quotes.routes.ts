import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import {
  CounterAnswerSchema,
  CounterOfferSchema,
  MyQuotesQuerySchema,
  MyQuotesSchema,
  OffersQuerySchema,
  OffersSchema,
  QuoteInputSchema,
  QuoteLinkParamsSchema,
  QuoteLinkSchema,
  QuoteSavedSchema,
  RejectQuoteSchema,
} from '@arreglaya/shared/schemas/quotes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, perUser } from './route-helpers.ts';
import { answerCounter, listMyQuotes, makeQuote, withdrawQuote, type QuotesDeps } from './quotes.service.ts';
import { acceptQuote, counterOffer, listProjectOffers, readQuoteLink, rejectQuote, useQuoteLink } from './quote-decisions.service.ts';

const CLIENTS = ['client'] as const;
const CONTRACTORS = ['contractor'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
const saved = { 200: QuoteSavedSchema, ...errors };
const noStore = { 'cache-control': 'private, no-store' };

export function quotesRoutes(deps: QuotesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/projects/:id/quotes',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(60) },
        schema: {
          tags: ['ofertas'],
          summary: 'Hacer una oferta (reemplaza mi oferta abierta en este proyecto)',
          params: IdSchema,
          body: QuoteInputSchema,
          response: { 201: QuoteSavedSchema, ...errors },
        },
      },
      async (req, reply) => {
        const { quote } = await makeQuote(deps, actorOf(req), req.params.id, req.body);
        return reply.status(201).send({ message: tq.sent, quote });
      },
    );

    app.get(
      '/api/projects/:id/quotes',
      {
        config: { access: ['client', 'contractor'] },
        schema: {
          tags: ['ofertas'],
          summary: 'Las ofertas de un proyecto: todas para su cliente, solo la propia para un contratista',
          params: IdSchema,
          querystring: OffersQuerySchema,
          response: { 200: OffersSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { items: await listProjectOffers(deps, actorOf(req), req.params.id, req.query.sort) };
      },
    );

    app.post(
      '/api/quotes/:id/withdraw',
      { config: { access: CONTRACTORS, rateLimit: perUser(60) }, schema: { tags: ['ofertas'], summary: 'Retirar mi oferta abierta', params: IdSchema, response: saved } },
      async (req) => ({ message: tq.withdrawn, quote: await withdrawQuote(deps, actorOf(req), req.params.id) }),
    );

    app.post(
      '/api/quotes/:id/counter',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: { tags: ['ofertas'], summary: 'Contraoferta: proponer otro precio', params: IdSchema, body: CounterOfferSchema, response: saved },
      },
      async (req) => ({ message: tq.countered, quote: await counterOffer(deps, actorOf(req), req.params.id, req.body) }),
    );

    app.post(
      '/api/quotes/:id/counter/answer',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(60) },
        schema: { tags: ['ofertas'], summary: 'Aceptar o rechazar la contraoferta del cliente', params: IdSchema, body: CounterAnswerSchema, response: saved },
      },
      async (req) => ({
        message: req.body.accept ? tq.counterAccepted : tq.counterDeclined,
        quote: await answerCounter(deps, actorOf(req), req.params.id, req.body.accept),
      }),
    );

    app.post(
      '/api/quotes/:id/accept',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: { tags: ['ofertas'], summary: 'Aceptar una oferta (el proyecto queda asignado)', params: IdSchema, response: saved },
      },
      async (req) => ({ message: tq.accepted, quote: await acceptQuote(deps, actorOf(req), req.params.id) }),
    );

    app.post(
      '/api/quotes/:id/reject',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: { tags: ['ofertas'], summary: 'Rechazar una oferta (comentario opcional)', params: IdSchema, body: RejectQuoteSchema, response: saved },
      },
      async (req) => ({ message: tq.rejected, quote: await rejectQuote(deps, actorOf(req), req.params.id, req.body.comment) }),
    );

    app.get(
      '/api/me/quotes',
      {
        config: { access: CONTRACTORS },
        schema: { tags: ['ofertas'], summary: 'Mis ofertas (contratista)', querystring: MyQuotesQuerySchema, response: { 200: MyQuotesSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { items: await listMyQuotes(deps, req.user!.id, req.query.status) };
      },
    );

    // The mail's buttons: the page they open shows the offer (GET, changes nothing) and asks to confirm (POST).
    app.get(
      '/api/quote-links/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['ofertas'],
          summary: 'Lo que haría un enlace del correo de nueva oferta (no cambia nada)',
          params: QuoteLinkParamsSchema,
          response: { 200: QuoteLinkSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers({ ...noStore, 'referrer-policy': 'no-referrer' });
        return readQuoteLink(deps, req.params.token);
      },
    );

    app.post(
      '/api/quote-links/:token',
      {
        config: { access: 'public' },
        schema: {
          tags: ['ofertas'],
          summary: 'Confirmar el enlace del correo: aceptar o rechazar la oferta (un solo uso)',
          params: QuoteLinkParamsSchema,
          body: RejectQuoteSchema,
          response: saved,
        },
      },
      async (req) => {
        const { action, quote } = await useQuoteLink(deps, req.params.token, req.body.comment);
        return { message: action === 'accept' ? tq.accepted : tq.rejected, quote };
      },
    );
  };
}
