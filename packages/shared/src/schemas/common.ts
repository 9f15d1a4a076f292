import { z } from 'zod';
import '../zod-es.ts';
import { ERROR_CODES } from '../errors.ts';
import { validation } from '../i18n/common.ts';

// Field builders with the catalogue's Spanish messages. Forms and API bodies use the
// same schemas, so the browser and the server say the same thing about the same input.

/** Required free text, trimmed; `max` is counted after trimming. */
export function requiredText(max: number) {
  return z
    .string({ error: validation.required })
    .trim()
    .min(1, { error: validation.required })
    .max(max, { error: validation.tooLong(max) });
}

/** Optional free text: empty input becomes undefined. */
export function optionalText(max: number) {
  return z
    .string({ error: validation.invalidValue })
    .trim()
    .max(max, { error: validation.tooLong(max) })
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

export const EMAIL_MAX = 254;

export function emailField() {
  return z
    .string({ error: validation.required })
    .trim()
    .min(1, { error: validation.required })
    .max(EMAIL_MAX, { error: validation.tooLong(EMAIL_MAX) })
    .pipe(z.email({ error: validation.invalidEmail }))
    .transform((v) => v.toLowerCase());
}

/** A choice from a fixed list; anything else (including nothing) is 'Seleccione una opción válida.'. */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: validation.invalidOption });
}

export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ApiError' });

export const IdSchema = z.object({ id: z.uuid() });
