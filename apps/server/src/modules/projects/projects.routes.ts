import { NoticesOnOpenQuerySchema } from '@arreglaya/shared/schemas/notifications';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import {
  MyJobsQuerySchema,
  MyJobsSchema,
  MyProjectsQuerySchema,
  MyProjectsSchema,
  OpenProjectsPageSchema,
  OpenProjectsQuerySchema,
  PhotoOrderSchema,
  ProjectDetailSchema,
  ProjectInputSchema,
  ProjectPhotoParamsSchema,
  ProjectPhotosSchema,
  ProjectRemovedSchema,
  ProjectSavedSchema,
  StatusChangedSchema,
  StatusChangeSchema,
} from '@arreglaya/shared/schemas/projects';
import { HireEndSchema } from '@arreglaya/shared/schemas/quotes';
import { ClaimDecisionSchema } from '@arreglaya/shared/schemas/payments';
import { payments as tpay } from '@arreglaya/shared/i18n/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { photoUpload, readUpload } from '../media/photo-upload-request.ts';
import { sendPreparedJson } from '../../lib/prepared-json.ts';
import { portfolioRoutes } from './portfolio.routes.ts';
import { optionalIdempotencyKeyOf } from '../payments/payments.service.ts';
import { actorOf, perUser } from './route-helpers.ts';
import { addPhoto, createProject, editProject, listMyProjects, removePhoto, removeProject, reorderPhotos } from './projects.service.ts';
import { listMyJobs, listOpenJson, openProjectPage } from './project-page.service.ts';
import { cancelHiredProject, changeStatus, decideClaim } from './project-progress.service.ts';
import { endHire } from './hire-end.service.ts';
import type { ProjectsDeps } from './project-deps.ts';

const CLIENTS = ['client'] as const;
const CONTRACTORS = ['contractor'] as const;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

const noStore = { 'cache-control': 'private, no-store' };
const SYSADMINS = ['sysadmin'] as const;
const MoneyMoveSchema = z.object({ message: z.string(), status: z.string(), released: z.number().int(), refunded: z.number().int() });

/** Approve, claim and a claim's decision move money: a key makes a repeated request harmless. */
const OptionalKeyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({ description: 'Opcional: 8 a 60 letras, números, - o _. La misma clave repite la primera respuesta sin mover el dinero otra vez; con otra solicitud, 409.' }),
});

export function projectsRoutes(deps: ProjectsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(portfolioRoutes(deps));

    app.post(
      '/api/projects',
      {
        config: { access: CLIENTS, rateLimit: perUser(30, 60 * 60_000) },
        schema: { tags: ['proyectos'], summary: 'Publicar un proyecto (Solicitar servicio)', body: ProjectInputSchema, response: { 201: ProjectSavedSchema, ...errors } },
      },
      async (req, reply) => reply.status(201).send({ message: tp.created, project: await createProject(deps, actorOf(req), req.body) }),
    );

    app.put(
      '/api/projects/:id',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['proyectos'],
          summary: 'Editar mi proyecto (solo abierto y sin oferta aceptada)',
          params: IdSchema,
          body: ProjectInputSchema,
          response: { 200: ProjectSavedSchema, ...errors },
        },
      },
      async (req) => ({ message: tp.updated, project: await editProject(deps, actorOf(req), req.params.id, req.body) }),
    );

    app.delete(
      '/api/projects/:id',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['proyectos'],
          summary: 'Eliminar mi proyecto (o cancelarlo si ya tiene ofertas)',
          params: IdSchema,
          response: { 200: ProjectRemovedSchema, ...errors },
        },
      },
      async (req) => {
        const outcome = await removeProject(deps, actorOf(req), req.params.id);
        return { message: outcome === 'deleted' ? tp.deleted : tp.cancelled, outcome };
      },
    );

    app.get(
      '/api/me/projects',
      {
        config: { access: CLIENTS },
        schema: { tags: ['proyectos'], summary: 'Mis proyectos', querystring: MyProjectsQuerySchema, response: { 200: MyProjectsSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        const items = await listMyProjects(deps, req.user!.id, req.query.status);
        return { items, total: items.length };
      },
    );

    app.post(
      '/api/projects/:id/photos',
      {
        config: { access: CLIENTS, rateLimit: perUser(40, 10 * 60_000), upload: photoUpload },
        schema: {
          tags: ['proyectos'],
          summary: 'Agregar una foto al proyecto (multipart, un archivo JPG, PNG o WebP de hasta 8 MB; hasta 8 fotos)',
          description: 'La foto se decodifica y se vuelve a codificar como JPEG sin metadatos (EXIF, GPS). La primera es la principal.',
          consumes: ['multipart/form-data'],
          params: IdSchema,
          response: { 201: ProjectPhotosSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req);
        const photos = await addPhoto(deps, actorOf(req), req.params.id, upload);
        return reply.status(201).send({ message: tp.photoAdded, photos });
      },
    );

    app.post(
      '/api/projects/:id/delivery-photos',
      {
        config: { access: CONTRACTORS, rateLimit: perUser(40, 10 * 60_000), upload: photoUpload },
        schema: {
          tags: ['proyectos'],
          summary: 'Agregar una foto del trabajo terminado (contratista contratado, trabajo en progreso; hasta 8)',
          description: 'Como las fotos del proyecto: JPG, PNG o WebP de hasta 8 MB, vuelta a codificar sin metadatos.',
          consumes: ['multipart/form-data'],
          params: IdSchema,
          response: { 201: ProjectPhotosSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errors },
        },
      },
      async (req, reply) => {
        const upload = await readUpload(req);
        const photos = await addPhoto(deps, actorOf(req), req.params.id, upload, true);
        return reply.status(201).send({ message: tp.photoAdded, photos });
      },
    );

    app.delete(
      '/api/projects/:id/photos/:photoId',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: { tags: ['proyectos'], summary: 'Quitar una foto del proyecto', params: ProjectPhotoParamsSchema, response: { 200: ProjectPhotosSchema, ...errors } },
      },
      async (req) => ({ message: tp.photoRemoved, photos: await removePhoto(deps, actorOf(req), req.params.id, req.params.photoId) }),
    );

    app.put(
      '/api/projects/:id/photos/order',
      {
        config: { access: CLIENTS, rateLimit: perUser(60) },
        schema: {
          tags: ['proyectos'],
          summary: 'Ordenar las fotos (la primera es la principal)',
          params: IdSchema,
          body: PhotoOrderSchema,
          response: { 200: ProjectPhotosSchema, ...errors },
        },
      },
      async (req) => ({ message: tp.photosReordered, photos: await reorderPhotos(deps, actorOf(req), req.params.id, req.body.photoIds) }),
    );

    app.get(
      '/api/projects',
      {
        config: { access: CONTRACTORS },
        schema: {
          tags: ['proyectos'],
          summary: 'Proyectos disponibles: abiertos, con filtros, orden y páginas',
          querystring: OpenProjectsQuerySchema,
          response: { 200: OpenProjectsPageSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return sendPreparedJson(req, reply, await listOpenJson(deps, actorOf(req), req.query));
      },
    );

    app.get(
      '/api/projects/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['proyectos'],
          summary: 'Un proyecto (los datos de contacto, solo entre el cliente y el contratista contratado)',
          description: 'Con ?notices=read marca también como leídos mis avisos sobre el proyecto.',
          params: IdSchema,
          querystring: NoticesOnOpenQuerySchema,
          response: { 200: ProjectDetailSchema, ...errors },
        },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return sendPreparedJson(req, reply, await openProjectPage(deps, actorOf(req), req.params.id, req.query.notices === 'read'));
      },
    );

    app.post(
      '/api/projects/:id/status',
      {
        config: { access: ['client', 'contractor'], rateLimit: perUser(60) },
        schema: {
          tags: ['proyectos'],
          summary: 'Avanzar el trabajo: en progreso y entregado (contratista), aprobado o en reclamación (cliente)',
          params: IdSchema,
          headers: OptionalKeyHeaders,
          body: StatusChangeSchema,
          response: { 200: StatusChangedSchema, ...errors },
        },
      },
      async (req) => {
        const key = optionalIdempotencyKeyOf(req.headers['idempotency-key']);
        const status = await changeStatus(deps, actorOf(req), req.params.id, req.body.status, req.body.note, key);
        return { message: tp.statusChanged[req.body.status], status };
      },
    );

    app.post(
      '/api/projects/:id/end-hire',
      {
        config: { access: ['client', 'contractor'], rateLimit: perUser(20) },
        schema: {
          tags: ['proyectos'],
          summary:
            'El cliente cancela la contratación o el contratista se retira: antes del pago el proyecto vuelve a recibir ofertas; con dinero retenido, el contratista se retira, se cancela y se reembolsa todo',
          params: IdSchema,
          body: HireEndSchema,
          response: { 200: z.object({ message: z.string(), status: z.enum(['created', 'cancelled']) }), ...errors },
        },
      },
      async (req) => {
        const status = await endHire(deps, actorOf(req), req.params.id, req.body.reason);
        // With money held the contractor's step back cancels the hire and refunds the client (decision 057).
        if (status === 'cancelled') return { message: showUp.steppedBack, status };
        return { message: req.user!.role === 'client' ? tp.hireEnd.cancelled : tp.hireEnd.withdrawn, status };
      },
    );

    app.get(
      '/api/me/jobs',
      {
        config: { access: CONTRACTORS },
        schema: { tags: ['proyectos'], summary: 'Mis trabajos (contratista)', querystring: MyJobsQuerySchema, response: { 200: MyJobsSchema, ...errors } },
      },
      async (req, reply) => {
        void reply.headers(noStore);
        return { items: await listMyJobs(deps, req.user!.id, req.query.status) };
      },
    );

    app.post(
      '/api/admin/projects/:id/decision',
      {
        config: { access: SYSADMINS, rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Resolver una reclamación: liberar todo, devolver todo o repartir (administrador)',
          params: IdSchema,
          headers: OptionalKeyHeaders,
          body: ClaimDecisionSchema,
          response: { 200: MoneyMoveSchema, ...errors },
        },
      },
      async (req) => ({
        message: tpay.claim.decided,
        ...(await decideClaim(deps, actorOf(req), req.params.id, req.body, optionalIdempotencyKeyOf(req.headers['idempotency-key']))),
      }),
    );

    app.post(
      '/api/admin/projects/:id/cancel',
      {
        config: { access: SYSADMINS, rateLimit: perUser(60) },
        schema: {
          tags: ['pagos'],
          summary: 'Cancelar un proyecto asignado (acuerdo de ambas partes): lo pagado se devuelve completo (administrador)',
          params: IdSchema,
          response: { 200: MoneyMoveSchema, ...errors },
        },
      },
      async (req) => ({ message: tp.cancelled, ...(await cancelHiredProject(deps, actorOf(req), req.params.id)) }),
    );
  };
}
