import { ERROR_CODES, type ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';

/** A failed API call: the server's `{error:{code,message,fields?}}`, or a stand-in for it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: ErrorCode;
  /** Field path (dot-joined) → Spanish message, for form errors. */
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  /** A file sent as it is (`application/octet-stream`) instead of a JSON body: a bank statement. */
  file?: Blob;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

// The server refuses state-changing requests without this header (a cheap CSRF guard:
// a cross-site form cannot set it, and a cross-site fetch with it needs a CORS preflight).
const REQUESTED_WITH = 'arreglaya';

/** Calls the API on the same origin; resolves with the parsed JSON body, throws ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': REQUESTED_WITH,
    ...options.headers,
  };
  const init: RequestInit = {
    method: options.method ?? (options.body === undefined && options.file === undefined ? 'GET' : 'POST'),
    headers,
    credentials: 'same-origin',
  };
  if (options.signal) init.signal = options.signal;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  } else if (options.file !== undefined) {
    headers['content-type'] = 'application/octet-stream';
    init.body = options.file;
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    // An abort is the caller's decision, not a failure to report.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'UNAVAILABLE', apiErrors.UNAVAILABLE);
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const code = error?.code;
  const message = error?.message;
  if (error && typeof code === 'string' && isErrorCode(code) && typeof message === 'string') {
    return new ApiError(status, code, message, readFields(error.fields));
  }
  // Not our shape (a proxy's HTML page, an empty body): never show foreign text to the user.
  return new ApiError(status, 'INTERNAL', apiErrors.INTERNAL);
}

function readFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === 'string') fields[key] = text;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}
