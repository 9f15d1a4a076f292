import { showUp as tsu } from '@arreglaya/shared/i18n/show-up';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { ArrivalAnswerSchema, PausedContractorsSchema, ShowUpRecordSchema, ShowUpStateSchema } from '@arreglaya/shared/schemas/show-up';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, perUser } from './route-helpers.ts';
import { answerArrival, contractorRecord, liftPause, markArrival, pausedContractors, showUpState, type ShowUpDeps } from './show-up.service.ts';

// A record of who shows up (docs/decisions/057-a-record-of-who-shows-up.md). The contractor's step
// back from a funded hire goes through POST /api/projects/:id/end-hire (projects.routes.ts).

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };
const tags = ['proyectos'];
const Answer = z.object({ message: z.string(), status: z.string() });
const noStore = { 'cache-control': 'private, no-store' };

export function showUpRoutes(deps: ShowUpDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/projects/:id/show-up',
      {
        config: { access: ['client', 'contractor'] },
        schema: {
          tags,
          summary: 'La llegada al trabajo: qué puede hacer ahora el cliente o el contratista contratado',
          params: IdSchema,
          response: { 200: ShowUpStateSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return showUpState(deps, actorOf(req), req.params.id);
      },
    );

    app.post(
      '/api/projects/:id/arrival',
      {
        config: { access: ['contractor'], rateLimit: perUser(60) },
        schema: {
          tags,
          summary: '«Llegué»: el contratista contratado marca su llegada desde el día de inicio (y empieza el trabajo)',
          params: IdSchema,
          response: { 200: Answer, ...errors },
        },
      },
      async (req) => {
        await markArrival(deps, actorOf(req), req.params.id);
        return { message: tsu.marked, status: 'in_progress' };
      },
    );

    app.post(
      '/api/projects/:id/arrival/answer',
      {
        config: { access: ['client'], rateLimit: perUser(20) },
        schema: {
          tags,
          summary: 'El cliente confirma la llegada o dice que no llegó (sin «Llegué», tras el día de inicio: se cancela y se reembolsa todo)',
          params: IdSchema,
          body: ArrivalAnswerSchema,
          response: { 200: Answer, ...errors },
        },
      },
      (req) => answerArrival(deps, actorOf(req), req.params.id, req.body.arrived),
    );

    app.get(
      '/api/contractors/:id/record',
      {
        config: { access: 'public' },
        schema: { tags: ['directorio'], summary: 'El historial público de cumplimiento de un contratista', params: IdSchema, response: { 200: ShowUpRecordSchema, ...errors } },
      },
      (req) => contractorRecord(deps, req.params.id),
    );

    app.get(
      '/api/admin/paused-contractors',
      { config: { access: ['sysadmin'] }, schema: { tags: ['administración'], summary: 'Contratistas en pausa automática', response: { 200: PausedContractorsSchema } } },
      async () => ({ items: await pausedContractors(deps) }),
    );

    app.post(
      '/api/admin/people/:id/unpause',
      {
        config: { access: ['sysadmin'] },
        schema: {
          tags: ['administración'],
          summary: 'Quitar la pausa automática de un contratista',
          params: IdSchema,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (req) => {
        req.auditDetails = { action: 'unpause' };
        await liftPause(deps, actorOf(req), req.params.id);
        return { message: tsu.unpaused };
      },
    );
  };
}
