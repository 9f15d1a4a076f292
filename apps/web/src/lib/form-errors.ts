import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { ApiError } from './api.ts';

/**
 * Puts the server's per-field messages (`error.fields`) on the form's fields. Returns true
 * when at least one was placed; otherwise the caller shows the error in the message box.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fieldNames: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let placed = 0;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message === undefined) continue;
    setError(name, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed > 0;
}

/** The Spanish text to show for any failure: the server's message, or a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : apiErrors.INTERNAL;
}

/**
 * A form's values checked by its schema, which is downloaded with the form's first send rather
 * than with the page (decision 070; call it inside `useInFlight().run`, so the button is busy from
 * the tap): the parsed data, or undefined once the download's failure or the first field's message
 * is shown (`show.field`, then `show.focus`).
 */
export async function parseOnSend<T extends z.ZodType>(
  schema: () => Promise<T>,
  values: unknown,
  show: { failure(message: string): void; field(message: string | undefined): void; focus(): void },
): Promise<z.output<T> | undefined> {
  const parsed = await schema().then(
    (s) => s.safeParse(values),
    (error: unknown) => void show.failure(errorMessage(error)),
  );
  if (!parsed) return undefined;
  if (!parsed.success) {
    show.field(parsed.error.issues[0]?.message);
    show.focus();
    return undefined;
  }
  show.field(undefined);
  return parsed.data;
}
