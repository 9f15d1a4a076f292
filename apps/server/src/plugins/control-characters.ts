import { apiErrors, validation } from '@arreglaya/shared/i18n/common';
import { CONTROL_CHARACTERS } from '@arreglaya/shared/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** The path of the first string in `value` holding a control character ('' for the value itself), or undefined. */
export function findControlCharacter(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  // A body kept as its bytes (a statement file, a signed notification) holds numbers, never strings:
  // walking its entries found nothing and cost an 8 MiB statement seconds and a heap of garbage.
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return path;
    const found = findControlCharacter(inner, path === '' ? key : `${path}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The backstop for the shared text rule (packages/shared schemas/common.ts plainText): no
 * string of any API request (body, query, path) may hold NUL or another control character
 * besides tab and line breaks, whatever schema a route declares, or forgets to. PostgreSQL
 * refuses NUL in text, which became a 500. Runs after each route's access guard and rate
 * limits (appended to its preValidation), before its schema.
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  const check = async (req: FastifyRequest) => {
    for (const part of [req.params, req.query, req.body]) {
      const path = findControlCharacter(part);
      if (path !== undefined)
        throw new AppError('VALIDATION', path === '' ? validation.controlCharacters : apiErrors.VALIDATION, path === '' ? undefined : { [path]: validation.controlCharacters });
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });
}
