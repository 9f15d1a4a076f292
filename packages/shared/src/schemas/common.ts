import { z } from 'zod';
import '../zod-es.ts';
import { ERROR_CODES } from '../errors.ts';
import { validation } from '../i18n/common.ts';

// Field builders with the catalogue's Spanish messages. Forms and API bodies use the
// same schemas, so the browser and the server say the same thing about the same input.

/**
 * Control characters nobody types: NUL (PostgreSQL cannot store it in text: a 500 before
 * this rule), the other C0 controls and DEL. Tab, line feed and carriage return are allowed
 * where text may span lines (a textarea); a one-line field refuses them too.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;

export interface TextOptions {
  /** A textarea: line breaks and tabs allowed. Default: one line. */
  multiline?: boolean;
}

/** The control-character rule on any string schema (the text builders below all use it). */
export function plainText<S extends z.ZodType<string>>(schema: S, { multiline = false }: TextOptions = {}) {
  const checked = schema.refine((v) => !CONTROL_CHARACTERS.test(v), { error: validation.controlCharacters, abort: true });
  return multiline ? checked : checked.refine((v) => !LINE_BREAKS_AND_TABS.test(v), { error: validation.lineBreaks });
}

/** Required free text, trimmed; `max` is counted after trimming. */
export function requiredText(max: number, opts: TextOptions = {}) {
  return plainText(
    z
      .string({ error: validation.required })
      .trim()
      .min(1, { error: validation.required })
      .max(max, { error: validation.tooLong(max) }),
    opts,
  );
}

/** Optional free text: empty input becomes undefined. */
export function optionalText(max: number, opts: TextOptions = {}) {
  return plainText(
    z
      .string({ error: validation.invalidValue })
      .trim()
      .max(max, { error: validation.tooLong(max) }),
    opts,
  )
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

/** A choice from a fixed list; anything else (including nothing) is 'Elige una opción válida.'. */
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
