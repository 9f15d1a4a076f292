import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { messaging } from '@arreglaya/shared/i18n/messaging';
import { SessionSchema } from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import {
  ClientInvitationSchema,
  InvitationAnswerSchema,
  InvitationIdParamsSchema,
  InvitationCountsSchema,
  InvitationCreatedSchema,
  InvitationTokenParamsSchema,
  InvitationViewSchema,
  InviteTecnicoSchema,
  JoinInvitationSchema,
} from '@arreglaya/shared/schemas/invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, perUser } from '../projects/route-helpers.ts';
import {
  acceptInvitation,
  cancelInvitation,
  clientInvitation,
  invitationCounts,
  inviteTecnico,
  joinFromInvitation,
  sendJoinCode,
  viewInvitation,
  type InvitationsDeps,
} from './invitations.service.ts';

const tags = ['invitaciones'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema, 503: ApiErrorSchema };
const perAddress = (max: number) => ({ name: 'ip', max, windowMs: 15 * 60_000 });

/** Invite your técnico (decision 064): the client's invitation, the técnico's link, the console's counts. */
export function invitationsRoutes(deps: InvitationsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/invitations',
      {
        config: { access: ['client'], rateLimit: perUser(10, 60 * 60_000) },
        schema: { tags, summary: 'Invitar a mi técnico a un trabajo con precio acordado', body: InviteTecnicoSchema, response: { 201: InvitationCreatedSchema, ...errors } },
      },
      async (req, reply) => {
        const created = await inviteTecnico(deps, actorOf(req), req.body);
        return reply.status(201).send({ message: ti.form.sent(req.body.contractorName), ...created });
      },
    );

    app.get(
      '/api/invitations/:token',
      {
        config: { access: 'public', rateLimit: perAddress(60) },
        schema: {
          tags,
          summary: 'La invitación de un enlace (quién invita, el trabajo, el precio)',
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationViewSchema, ...errors },
        },
      },
      (req) => viewInvitation(deps, req.params.token, req.user ? actorOf(req) : null),
    );

    app.post(
      '/api/invitations/:token/code',
      {
        config: { access: 'public', rateLimit: perAddress(10) },
        schema: { tags, summary: 'Enviar un código al teléfono invitado', params: InvitationTokenParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
      },
      async (req, reply) => {
        const { number, channel } = await sendJoinCode(deps, req.params.token, { req, reply });
        return { message: messaging.phone.codeSent(channel, number) };
      },
    );

    app.post(
      '/api/invitations/:token/join',
      {
        config: { access: 'public', rateLimit: perAddress(30) },
        schema: {
          tags,
          summary: 'Unirse desde la invitación: nombre, código y servicios (inicia la sesión)',
          params: InvitationTokenParamsSchema,
          body: JoinInvitationSchema,
          response: { 200: SessionSchema, ...errors },
        },
      },
      (req, reply) => joinFromInvitation(deps, req.params.token, req.body, { req, reply }),
    );

    app.post(
      '/api/invitations/:token/accept',
      {
        config: { access: 'user', rateLimit: perUser(30) },
        schema: { tags, summary: 'Aceptar el trabajo al precio acordado', params: InvitationTokenParamsSchema, response: { 200: InvitationAnswerSchema, ...errors } },
      },
      async (req) => ({ message: ti.page.accepted, ...(await acceptInvitation(deps, req.params.token, actorOf(req))) }),
    );

    app.get(
      '/api/projects/:id/invitation',
      {
        config: { access: ['client'] },
        schema: {
          tags,
          summary: 'La invitación de mi proyecto (su estado; si aún se puede cancelar), o null',
          params: InvitationIdParamsSchema,
          response: { 200: ClientInvitationSchema.nullable(), ...errors },
        },
      },
      (req) => clientInvitation(deps.db, actorOf(req), req.params.id),
    );

    app.post(
      '/api/invitations/:id/cancel',
      {
        config: { access: ['client'], rateLimit: perUser(30) },
        schema: {
          tags,
          summary: 'Cancelar mi invitación (y su trabajo) mientras nadie la aceptó',
          params: InvitationIdParamsSchema,
          response: { 200: InvitationAnswerSchema, ...errors },
        },
      },
      async (req) => ({ message: ti.client.cancelled, ...(await cancelInvitation(deps, actorOf(req), req.params.id)) }),
    );

    app.get(
      '/api/admin/invitations/counts',
      {
        config: { access: ['sysadmin'] },
        schema: {
          tags: ['administración'],
          summary: 'Invitaciones a técnicos: enviadas, unidas y pagadas',
          response: { 200: InvitationCountsSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
        },
      },
      () => invitationCounts(deps.db),
    );
  };
}
