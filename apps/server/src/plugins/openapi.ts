import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { UploadSpec } from '../lib/route-config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    upload?: UploadSpec;
  }
}

const MULTIPART = 'multipart/form-data';

/** The OpenAPI requestBody of an upload: a multipart form with one binary file. */
export function uploadRequestBody(upload: UploadSpec) {
  return {
    required: true,
    description: upload.description,
    content: {
      [MULTIPART]: {
        schema: {
          type: 'object',
          required: [upload.field],
          properties: {
            [upload.field]: {
              type: 'string',
              format: 'binary',
              maxLength: upload.maxBytes,
              description: upload.description,
            },
          },
        },
        // The part's accepted types (OpenAPI's Encoding Object).
        encoding: { [upload.field]: { contentType: upload.types.join(', ') } },
      },
    },
  };
}

/** Fastify's '/a/:id' as OpenAPI's '/a/{id}'. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The OpenAPI document is generated from the same zod schemas that validate requests.
 * Each operation's `security` comes from its declared access (plugins/access.ts). Uploads
 * (multipart, read as a stream, so no body schema validates them) are described from their
 * `config.upload`; a route consuming multipart/form-data without it refuses to start.
 */
export async function registerOpenApi(app: FastifyInstance, appUrl: string): Promise<void> {
  const uploads = new Map<string, UploadSpec>();
  app.addHook('onRoute', (route) => {
    const consumes = route.schema?.consumes;
    const upload = route.config?.upload;
    if (!upload) {
      if (Array.isArray(consumes) && consumes.includes(MULTIPART)) {
        throw new Error(`Route ${String(route.method)} ${route.url} consumes ${MULTIPART} but does not declare config.upload (its file field, size and types)`);
      }
      return;
    }
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) uploads.set(`${method.toLowerCase()} ${openApiPath(route.url)}`, upload);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ArreglaYa API',
        version: '0.1.0',
        description: 'API del marketplace ArreglaYa.',
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'arreglaya.session_token',
          },
          bearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      const doc = jsonSchemaTransformObject(input) as {
        paths?: Record<string, Record<string, Record<string, unknown>>>;
      };
      for (const [key, upload] of uploads) {
        const [method, path] = key.split(' ') as [string, string];
        const operation = doc.paths?.[path]?.[method];
        if (operation) operation.requestBody = uploadRequestBody(upload);
      }
      return doc;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
