import { es } from '@arreglaya/shared/i18n/es';
import { specialOffersUnsubscribe as u } from '@arreglaya/shared/i18n/campaigns';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import {
  CampaignAudienceCountSchema,
  CampaignAudienceQuerySchema,
  CampaignIdParamsSchema,
  CampaignInputSchema,
  CampaignListSchema,
  CampaignSchema,
} from '@arreglaya/shared/schemas/campaigns';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { askPage, HTML_TYPE, linkPage, wantsPage } from '../../lib/link-page.ts';
import { escapeHtml } from '../mail/layout.ts';
import { turnOffMailKind } from '../notifications/notifications.service.ts';
import { confirmSend, createDraft, editDraft, listAll, previewAudience, type CampaignsDeps } from './campaigns.service.ts';
import { unsubscribeUrl, userOfUnsubscribeToken } from './unsubscribe-link.ts';

const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const noStore = { 'Cache-Control': 'no-store' };
const tags = ['administración'];

/** The console's "Ofertas especiales" (decision 041). Sysadmins only (the console's guard audits every write). */
export function campaignsRoutes(deps: CampaignsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/campaigns',
      {
        config: { access: SYSADMINS },
        schema: { tags, summary: 'Las campañas de ofertas especiales, con su estado y sus números', response: { 200: CampaignListSchema, ...errors } },
      },
      async (_req, reply) => {
        void reply.headers(noStore);
        return listAll(deps);
      },
    );

    app.get(
      '/api/admin/campaigns/audience',
      {
        config: { access: SYSADMINS },
        schema: {
          tags,
          summary: 'A cuántas personas llega una campaña para esos roles y países',
          querystring: CampaignAudienceQuerySchema,
          response: { 200: CampaignAudienceCountSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return previewAudience(deps, req.query);
      },
    );

    app.post(
      '/api/admin/campaigns',
      { config: { access: SYSADMINS }, schema: { tags, summary: 'Crea un borrador de campaña', body: CampaignInputSchema, response: { 201: CampaignSchema, ...errors } } },
      async (req, reply) => reply.status(201).send(await createDraft(deps, req.user!.id, req.body)),
    );

    app.put(
      '/api/admin/campaigns/:id',
      {
        config: { access: SYSADMINS },
        schema: { tags, summary: 'Cambia un borrador de campaña', params: CampaignIdParamsSchema, body: CampaignInputSchema, response: { 200: CampaignSchema, ...errors } },
      },
      async (req) => editDraft(deps, req.params.id, req.body),
    );

    app.post(
      '/api/admin/campaigns/:id/send',
      {
        config: { access: SYSADMINS },
        schema: { tags, summary: 'Envía una campaña (una sola vez): un trabajo la reparte', params: CampaignIdParamsSchema, response: { 202: MessageSchema, ...errors } },
      },
      async (req, reply) => reply.status(202).send(await confirmSend(deps, req.params.id)),
    );
  };
}

const TokenQuery = z.object({ token: z.string().min(10).max(100) });
const page = (title: string, text: string) => linkPage(title, `<p>${escapeHtml(text)}</p>`, u.home);

/**
 * The campaign mail's unsubscribe link (signed, unsubscribe-link.ts). Opening it changes nothing
 * (mail scanners and link previews open links): its page's button, and a mail client's RFC 8058
 * one-click, POST the same URL, which turns the person's "Ofertas especiales" off.
 */
export function specialOffersUnsubscribeRoutes(deps: Pick<CampaignsDeps, 'db' | 'linkSecret'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/ofertas/baja',
      {
        config: { access: 'public' },
        schema: { tags: ['notificaciones'], summary: 'Página del enlace para dejar las ofertas especiales (no cambia nada)', querystring: TokenQuery },
      },
      async (req, reply) => {
        const known = userOfUnsubscribeToken(deps.linkSecret, req.query.token) !== null;
        return reply
          .status(known ? 200 : 404)
          .headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' })
          .type(HTML_TYPE)
          .send(known ? askPage(u, unsubscribeUrl('', req.query.token)) : page(u.invalidTitle, u.invalidText));
      },
    );

    // The button's form body is empty and one-click's is `List-Unsubscribe=One-Click`: the token is in the query.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
    app.post(
      '/api/ofertas/baja',
      {
        // The token is the credential, never the session.
        config: { access: 'public', sessionless: true, rateLimit: { max: 30, windowMs: 10 * 60_000 } },
        schema: {
          tags: ['notificaciones'],
          summary: 'Deja de recibir ofertas especiales (botón de la página o un clic desde el correo)',
          querystring: TokenQuery,
          response: { 204: z.null(), 404: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const userId = userOfUnsubscribeToken(deps.linkSecret, req.query.token);
        const ok = userId !== null && (await turnOffMailKind(deps.db, userId, 'specialOffers'));
        if (wantsPage(req.headers.accept)) {
          return (reply as FastifyReply)
            .status(ok ? 200 : 404)
            .type(HTML_TYPE)
            .send(ok ? page(u.doneTitle, u.doneText) : page(u.invalidTitle, u.invalidText));
        }
        if (!ok) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: es.apiErrors.NOT_FOUND } });
        return reply.status(204).send(null);
      },
    );
  };
}
