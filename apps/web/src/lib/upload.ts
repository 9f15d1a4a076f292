import { ERROR_CODES, type ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { ApiError } from './api.ts';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * POSTs one photo as multipart (field `photo`; api.ts sends JSON only) and resolves with the JSON
 * answer. Failures become the app's ApiError with the server's Spanish message.
 */
export async function uploadPhotoTo<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('photo', file);
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json', 'x-requested-with': 'arreglaya' } });
  } catch {
    throw new ApiError(0, 'UNAVAILABLE', apiErrors.UNAVAILABLE);
  }
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } | undefined;
  if (response.ok && body) return body as T;
  const error = body?.error;
  if (error && isErrorCode(error.code) && typeof error.message === 'string') throw new ApiError(response.status, error.code, error.message, error.fields);
  throw new ApiError(response.status, 'INTERNAL', apiErrors.INTERNAL);
}
