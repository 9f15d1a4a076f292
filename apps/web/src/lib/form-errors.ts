import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
