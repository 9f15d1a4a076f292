import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests.
 * Each operation's `security` comes from its declared access (plugins/access.ts).
 */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'ArreglaYa API', version: '0.1.0', description: 'API del marketplace ArreglaYa.' },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'arreglaya.session_token' },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
