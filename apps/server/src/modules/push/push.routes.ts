import { push } from '@arreglaya/shared/i18n/push';
import { MessageSchema } from '@arreglaya/shared/schemas/auth';
import { ApiErrorSchema, IdSchema } from '@arreglaya/shared/schemas/common';
import { PushDevicesSchema, PushKeySchema, pushEndpointBodySchema, pushSubscriptionSchema } from '@arreglaya/shared/schemas/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { RateLimitRule } from '../../lib/route-config.ts';
import { listDevices, removeDevice, subscribe, unsubscribe } from './push.service.ts';
import type { Vapid } from './vapid.ts';

export interface PushRoutesDeps {
  db: Db;
  vapid: Vapid;
  /** PUSH_TEST_SERVICE (never set in production): the local push service's origin, admitted beside the browsers' push services. */
  testService?: string | undefined;
}

const tags = ['cuenta'];
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

/** Web Push on a device (decision 039): the server's public key, and a person's own devices. */
export function pushRoutes(deps: PushRoutesDeps): FastifyPluginAsyncZod {
  const { testService } = deps;
  const perUser: RateLimitRule[] = [{ name: 'user', max: 30, windowMs: 10 * 60_000, key: (req) => req.user?.id }];
  return async (app) => {
    app.get(
      '/api/push/key',
      { config: { access: 'public' }, schema: { tags, summary: 'La clave pública VAPID para suscribir este navegador', response: { 200: PushKeySchema } } },
      () => ({ publicKey: deps.vapid.publicKey }),
    );

    app.post(
      '/api/me/push-subscriptions',
      {
        config: { access: 'user', rateLimit: perUser },
        schema: { tags, summary: 'Recibir avisos en este dispositivo', body: pushSubscriptionSchema(testService), response: { 201: MessageSchema, ...errors } },
      },
      async (req, reply) => {
        await subscribe(deps.db, req.user!.id, req.body, req.headers['user-agent']);
        return reply.status(201).send({ message: push.saved });
      },
    );

    app.delete(
      '/api/me/push-subscriptions',
      {
        config: { access: 'user', rateLimit: perUser },
        schema: {
          tags,
          summary: 'Dejar de recibir avisos en este dispositivo',
          body: pushEndpointBodySchema(testService),
          response: { 200: MessageSchema, 404: ApiErrorSchema, ...errors },
        },
      },
      async (req) => {
        await unsubscribe(deps.db, req.user!.id, req.body.endpoint);
        return { message: push.removed };
      },
    );

    app.get(
      '/api/me/push-subscriptions',
      { config: { access: 'user' }, schema: { tags, summary: 'Mis dispositivos que reciben avisos', response: { 200: PushDevicesSchema, ...errors } } },
      async (req) => ({ devices: await listDevices(deps.db, req.user!.id) }),
    );

    app.delete(
      '/api/me/push-subscriptions/:id',
      {
        config: { access: 'user', rateLimit: perUser },
        schema: { tags, summary: 'Quitar uno de mis dispositivos', params: IdSchema, response: { 200: MessageSchema, 404: ApiErrorSchema, ...errors } },
      },
      async (req) => {
        await removeDevice(deps.db, req.user!.id, req.params.id);
        return { message: push.deviceRemoved };
      },
    );
  };
}
