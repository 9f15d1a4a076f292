import type { ErrorCode } from '@arreglaya/shared/errors';
import { ERROR_STATUS } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';

/**
 * The one error type services throw. The error handler turns it into
 * {error:{code,message,fields?}} with the code's HTTP status.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = apiErrors[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
