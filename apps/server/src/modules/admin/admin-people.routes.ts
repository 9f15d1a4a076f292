import {
  AdminOverviewSchema,
  AdminPeoplePageSchema,
  AdminPeopleQuerySchema,
  AdminPersonSchema,
  BanSchema,
  CreateSysadminSchema,
  FeatureSchema,
  VerifySchema,
} from '@arreglaya/shared/schemas/admin-console';
import { IdSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgetSessions, resendCode, type AuthServiceDeps } from '../auth/auth.service.ts';
import { ban, createSysadmin, feature, findPeople, overview, personPage, unban, unconfirmedEmail, verify, type AdminConsoleDeps } from './admin-console.service.ts';

// The console's overview and people (docs/decisions/025-sysadmin-console.md). Every route is
// sysadmin-only, so plugins/sysadmin-console.ts adds the 12-hour session rule, the per-sysadmin
// rate limit and the audit line of each write.

const sysadmin = { access: ['sysadmin'] } as const;
const tags = ['administración'];
const Done = z.object({ ok: z.literal(true) });

export function adminPeopleRoutes(deps: AdminConsoleDeps & { auth: AuthServiceDeps }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/overview', { config: sysadmin, schema: { tags, summary: 'Resumen de la plataforma', response: { 200: AdminOverviewSchema } } }, () => overview(deps.db));

    app.get(
      '/api/admin/people',
      {
        config: sysadmin,
        schema: { tags, summary: 'Buscar personas por nombre, correo, teléfono o cédula', querystring: AdminPeopleQuerySchema, response: { 200: AdminPeoplePageSchema } },
      },
      (req) => findPeople(deps, req.query),
    );

    app.get('/api/admin/people/:id', { config: sysadmin, schema: { tags, summary: 'Ficha de una persona', params: IdSchema, response: { 200: AdminPersonSchema } } }, (req) =>
      personPage(deps, req.params.id),
    );

    app.post(
      '/api/admin/people/:id/ban',
      { config: sysadmin, schema: { tags, summary: 'Suspender una cuenta (cierra sus sesiones)', params: IdSchema, body: BanSchema, response: { 200: Done } } },
      async (req) => {
        req.auditDetails = { action: 'ban', reason: req.body.reason };
        await ban(deps, req.user!.id, req.params.id);
        // Refused on this instance's very next request; others hear the database (decision 028).
        forgetSessions(deps.auth, req.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/people/:id/unban',
      { config: sysadmin, schema: { tags, summary: 'Levantar la suspensión de una cuenta', params: IdSchema, response: { 200: Done } } },
      async (req) => {
        req.auditDetails = { action: 'unban' };
        await unban(deps, req.params.id);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/people/:id/verified',
      { config: sysadmin, schema: { tags, summary: 'Marcar o quitar Verificado (cédula comprobada)', params: IdSchema, body: VerifySchema, response: { 200: Done } } },
      async (req) => {
        req.auditDetails = { action: req.body.verified ? 'verify' : 'unverify' };
        await verify(deps, req.user!, req.params.id, req.body.verified);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/people/:id/featured',
      { config: sysadmin, schema: { tags, summary: 'Marcar o quitar Destacado', params: IdSchema, body: FeatureSchema, response: { 200: Done } } },
      async (req) => {
        req.auditDetails = { action: req.body.featured ? 'feature' : 'unfeature' };
        await feature(deps, req.params.id, req.body.featured);
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/people/:id/confirmation-code',
      { config: sysadmin, schema: { tags, summary: 'Reenviar el código de confirmación', params: IdSchema, response: { 200: Done } } },
      async (req, reply) => {
        req.auditDetails = { action: 'resend-code' };
        await resendCode(deps.auth, await unconfirmedEmail(deps, req.params.id), { req, reply });
        return { ok: true as const };
      },
    );

    app.post(
      '/api/admin/sysadmins',
      {
        config: sysadmin,
        schema: {
          tags,
          summary: 'Crear otro sysadmin (solo una cuenta nueva: un correo que ya tiene cuenta recibe 409 y esa cuenta no cambia)',
          body: CreateSysadminSchema,
          response: { 201: z.object({ id: z.uuid(), created: z.boolean() }) },
        },
      },
      async (req, reply) => {
        // A new account only (decision 050): nobody's sessions change.
        const result = await createSysadmin(deps, req.body);
        req.auditDetails = { action: 'create-sysadmin', target: result.id };
        return reply.code(201).send(result);
      },
    );
  };
}
