import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import { NotificationPreferencesSavedSchema, NotificationPreferencesSchema } from '@arreglaya/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPreferences, updatePreferences, type NotificationsDeps } from './notifications.service.ts';

/** /perfil/notificaciones and /profile/notificaciones: the person's own four flags. */
export function notificationsRoutes(deps: NotificationsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me/notifications',
      {
        config: { access: 'user' },
        schema: {
          tags: ['cuenta'],
          summary: 'Mis preferencias de notificación',
          response: { 200: NotificationPreferencesSchema, 401: ApiErrorSchema },
        },
      },
      async (req) => readPreferences(deps, req.user!.id),
    );

    app.put(
      '/api/me/notifications',
      {
        config: { access: 'user', rateLimit: [{ name: 'user', max: 30, windowMs: 10 * 60_000, key: (req) => req.user?.id }] },
        schema: {
          tags: ['cuenta'],
          summary: 'Guardar mis preferencias de notificación (el boletín es la suscripción del correo de la cuenta)',
          body: NotificationPreferencesSchema,
          response: { 200: NotificationPreferencesSavedSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (req) => ({ message: es.success.recordUpdated, preferences: await updatePreferences(deps, req.user!.id, req.body) }),
    );
  };
}
