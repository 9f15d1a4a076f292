import { es } from '@arreglaya/shared/i18n/es';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import {
  ClientProfileSavedSchema,
  ClientProfileSchema,
  ClientProfileSchemaOut,
  ContractorProfileSavedSchema,
  ContractorProfileSchema,
  ContractorProfileSchemaOut,
} from '@arreglaya/shared/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getClientProfile, getContractorProfile, saveClientProfile, saveContractorProfile, type ProfilesDeps } from './profiles.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const perUser = [{ name: 'user', max: 30, windowMs: 10 * 60_000, key: (req: { user: { id: string } | null }) => req.user?.id }];

/**
 * The signed-in person's own profile. Clients (and sysadmins, who have no contractor page)
 * use the client profile; contractors theirs. No route takes a user id.
 */
export function profilesRoutes(deps: ProfilesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const clientAccess = ['client', 'sysadmin'] as const;
    const contractorAccess = ['contractor'] as const;

    app.get(
      '/api/me/profile/client',
      { config: { access: clientAccess }, schema: { tags: ['perfil'], summary: 'Mi perfil de cliente', response: { 200: ClientProfileSchemaOut, ...errors } } },
      async (req) => getClientProfile(deps, req.user!.id),
    );
    app.put(
      '/api/me/profile/client',
      {
        config: { access: clientAccess, rateLimit: perUser },
        schema: { tags: ['perfil'], summary: 'Guardar mi perfil de cliente', body: ClientProfileSchema, response: { 200: ClientProfileSavedSchema, ...errors } },
      },
      async (req) => ({ message: es.success.recordUpdated, profile: await saveClientProfile(deps, req.user!.id, req.body) }),
    );

    app.get(
      '/api/me/profile/contractor',
      {
        config: { access: contractorAccess },
        schema: { tags: ['perfil'], summary: 'Mi perfil de contratista (con los datos privados)', response: { 200: ContractorProfileSchemaOut, ...errors } },
      },
      async (req) => getContractorProfile(deps, req.user!.id),
    );
    app.put(
      '/api/me/profile/contractor',
      {
        config: { access: contractorAccess, rateLimit: perUser },
        schema: {
          tags: ['perfil'],
          summary: 'Guardar mi perfil de contratista (también el registro en /contractor/profile)',
          body: ContractorProfileSchema,
          response: { 200: ContractorProfileSavedSchema, ...errors },
        },
      },
      async (req) => ({ message: es.success.recordUpdated, profile: await saveContractorProfile(deps, req.user!.id, req.body) }),
    );
  };
}
