import { ERROR_CODES, type ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import { ApiError } from './api.ts';

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** How much of a file has been sent, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs one photo as multipart (field `photo`; api.ts sends JSON only) and resolves with the JSON
 * answer. Through XMLHttpRequest, not fetch: only XHR reports how much of the body has been sent,
 * which each photo's progress bar shows (issue 31). Failures become the app's ApiError with the
 * server's Spanish message.
 */
export function uploadPhotoTo<T>(path: string, file: Blob & { name?: string }, onProgress?: UploadProgress): Promise<T> {
  return uploadFileTo<T>(path, 'photo', file, file.name ?? 'foto.jpg', onProgress);
}

/** The same for any one file (a voice note's `voiceNote`, decision 060): its field and file name. */
export function uploadFileTo<T>(path: string, field: string, file: Blob, name: string, onProgress?: UploadProgress): Promise<T> {
  const form = new FormData();
  form.append(field, file, name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-requested-with', 'arreglaya');
    if (onProgress) xhr.upload.addEventListener('progress', (event) => event.lengthComputable && onProgress(event.loaded / event.total));
    xhr.addEventListener('error', () => reject(new ApiError(0, 'UNAVAILABLE', apiErrors.UNAVAILABLE)));
    xhr.addEventListener('abort', () => reject(new ApiError(0, 'UNAVAILABLE', apiErrors.UNAVAILABLE)));
    xhr.addEventListener('load', () => {
      const body = parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } | undefined;
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress?.(1);
        resolve(body as T);
        return;
      }
      const error = body?.error;
      if (error && isErrorCode(error.code) && typeof error.message === 'string') reject(new ApiError(xhr.status, error.code, error.message, error.fields));
      else reject(new ApiError(xhr.status, 'INTERNAL', apiErrors.INTERNAL));
    });
    xhr.send(form);
  });
}
