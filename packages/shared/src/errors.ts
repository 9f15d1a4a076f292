// Error codes shared by server and web. The server answers {error:{code,message,fields?}};
// the web app branches on the code, never on the message text.

export const ERROR_CODES = [
  'VALIDATION',
  'BAD_REQUEST',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'CSRF',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DISABLED',
  'REAUTH_REQUIRED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'CODE_LOCKED',
  'WRONG_PASSWORD',
  'ACCOUNT_HAS_ACTIVE_WORK',
  'PAYMENT_FAILED',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  /** Well-formed input that a check outside it refuses (an RNC the DGII's registry does not know). */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  CSRF: 403,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  REAUTH_REQUIRED: 401,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  CODE_LOCKED: 400,
  WRONG_PASSWORD: 400,
  ACCOUNT_HAS_ACTIVE_WORK: 409,
  PAYMENT_FAILED: 402,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field path (dot-joined) → Spanish message, for form errors. */
    fields?: Record<string, string>;
  };
}
