import { verification as t } from '@arreglaya/shared/i18n/verification';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { AdminVerificationQueueSchema, IdentityRequestSchema, MyVerificationsSchema, PublicBadgesSchema, VerificationDecisionSchema } from '@arreglaya/shared/schemas/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { documentUpload, readDocumentUpload } from './verification-document.ts';
import {
  decideVerification,
  myVerifications,
  publicBadges,
  requestDocument,
  requestIdentity,
  verificationDocument,
  verificationQueue,
  type VerificationDeps,
} from './verification.service.ts';

// Verification badges (docs/decisions/056-verification-badges.md). Who may act is checked on the
// route (contractor, sysadmin) and in the service (each contractor acts only on their own requests).
const CONTRACTORS = ['contractor'] as const;
const SYSADMINS = ['sysadmin'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 422: ApiErrorSchema, 429: ApiErrorSchema };
const perUser: RateLimitRule[] = [{ name: 'user', max: 30, windowMs: 10 * 60_000, key: (req) => req.user?.id }];

export function verificationRoutes(deps: VerificationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/verifications',
      {
        config: { access: CONTRACTORS },
        schema: { tags: ['perfil'], summary: 'Mis insignias de verificación y solicitudes', response: { 200: MyVerificationsSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return myVerifications(deps, req.user!);
      },
    );

    app.post(
      '/api/me/verifications/identity',
      {
        config: { access: CONTRACTORS, rateLimit: perUser },
        schema: {
          tags: ['perfil'],
          summary: 'Pedir la insignia de cédula (la del perfil) o de RNC (comprobado en el registro de la DGII)',
          body: IdentityRequestSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (req, reply) => {
        await requestIdentity(deps, req.user!, req.body);
        return reply.status(201).send({ message: t.section.sent });
      },
    );

    app.post(
      '/api/me/verifications/documents',
      {
        config: { access: CONTRACTORS, rateLimit: perUser, upload: documentUpload },
        schema: {
          tags: ['perfil'],
          summary: 'Pedir una insignia con documento: certificado de no antecedentes penales o de oficio (multipart: file, kind, issuedOn, issuer, title)',
          consumes: ['multipart/form-data'],
          response: { 201: MessageSchema, ...errors, 413: ApiErrorSchema, 415: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        const upload = await readDocumentUpload(req);
        await requestDocument(deps, req.user!, upload);
        return reply.status(201).send({ message: t.section.sent });
      },
    );

    app.get(
      '/api/contractors/:id/verifications',
      {
        config: { access: 'public' },
        schema: {
          tags: ['directorio'],
          summary: 'Insignias de verificación vigentes de un contratista',
          params: IdSchema,
          response: { 200: PublicBadgesSchema, 400: ApiErrorSchema },
        },
      },
      async (req, reply) => {
        // A badge shows as soon as it is approved and goes the day it expires: read fresh each time.
        void reply.header('cache-control', 'no-store');
        return publicBadges(deps, req.params.id);
      },
    );

    app.get(
      '/api/admin/verifications',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'Solicitudes de verificación pendientes, la más antigua primero', response: { 200: AdminVerificationQueueSchema, ...errors } },
      },
      async (_req, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return verificationQueue(deps);
      },
    );

    app.get(
      '/api/admin/verifications/:id/document',
      {
        config: { access: SYSADMINS },
        schema: { tags: ['administración'], summary: 'El documento de una solicitud (solo hasta la decisión)', params: IdSchema },
      },
      async (req, reply) => {
        const doc = await verificationDocument(deps, req.params.id);
        return reply.header('cache-control', 'private, no-store').header('content-disposition', 'inline').header('x-content-type-options', 'nosniff').type(doc.mime).send(doc.data);
      },
    );

    app.post(
      '/api/admin/verifications/:id/decision',
      {
        config: { access: SYSADMINS },
        schema: {
          tags: ['administración'],
          summary: 'Aprobar o rechazar una solicitud (el documento se borra)',
          params: IdSchema,
          body: VerificationDecisionSchema,
          response: { 200: MessageSchema, ...errors },
        },
      },
      async (req) => {
        req.auditDetails = { action: `verification_${req.body.decision}` };
        await decideVerification(deps, req.user!, req.params.id, req.body);
        return { message: req.body.decision === 'approved' ? t.admin.approved : t.admin.rejected };
      },
    );
  };
}
