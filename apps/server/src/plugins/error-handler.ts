import type { ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { connectionErrorCode } from '../db/connection-errors.ts';
import { AppError } from '../lib/app-error.ts';
import { databaseErrorOf } from '../lib/database-error.ts';

type Fields = Record<string, string>;

function body(code: ErrorCode, message: string = apiErrors[code], fields?: Fields) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Fastify's own 4xx error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_ASYNC_CONSTRAINT: 'NOT_FOUND',
  FST_ERR_BAD_URL: 'ROUTE_NOT_FOUND',
};

/** What a 503 asks the client to wait: the embedded PostgreSQL restarts in about a second. */
const RETRY_AFTER_SECONDS = '5';

/**
 * PostgreSQL errors that mean bad input or a race, not a server fault. Read from the
 * error wherever its SQLSTATE sits: pg's DatabaseError, or the `cause` of the
 * DrizzleQueryError that wraps it (databaseErrorOf).
 */
const PG_CODES: Record<string, ErrorCode> = {
  '23505': 'CONFLICT', // unique_violation
  '40001': 'CONFLICT', // serialization_failure
  '40P01': 'CONFLICT', // deadlock_detected
  '23503': 'VALIDATION', // foreign_key_violation: refers to something that is not there
  '23502': 'VALIDATION', // not_null_violation
  '23514': 'VALIDATION', // check_violation
  '22P02': 'VALIDATION', // invalid_text_representation
  '22001': 'VALIDATION', // string_data_right_truncation
  '22003': 'VALIDATION', // numeric_value_out_of_range
  '22007': 'VALIDATION', // invalid_datetime_format
  '22008': 'VALIDATION', // datetime_field_overflow
  '22021': 'VALIDATION', // character_not_in_repertoire (a NUL byte in text)
  '22P05': 'VALIDATION', // untranslatable_character
};

/**
 * One error handler for the whole API: every error becomes {error:{code,message,fields?}}
 * in Spanish. 4xx are the caller's to fix; 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** The handler itself, also for errors Fastify meets before routing (app.ts frameworkErrors). */
export function handleError(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (error.status === 503) void reply.header('retry-after', RETRY_AFTER_SECONDS);
    return reply.status(error.status).send(body(error.code, error.message, error.fields));
  }
  // The database is away (restarting, stopped, unreachable): the request may be retried soon.
  const lost = connectionErrorCode(error);
  if (lost) {
    req.log.warn({ code: lost }, 'database unavailable');
    return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send(body('UNAVAILABLE'));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Fields = {};
    let rootMessage: string | undefined;
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      if (path === '') rootMessage ??= issue.message;
      else fields[path] ??= issue.message ?? '';
    }
    const message = Object.keys(fields).length > 0 ? apiErrors.VALIDATION : (rootMessage ?? apiErrors.VALIDATION);
    return reply.status(400).send(body('VALIDATION', message, fields));
  }
  const mapped = (error.code && FASTIFY_CODES[error.code]) || undefined;
  if (mapped) {
    const status = mapped === 'PAYLOAD_TOO_LARGE' ? 413 : mapped === 'UNSUPPORTED_MEDIA_TYPE' ? 415 : mapped === 'NOT_FOUND' || mapped === 'ROUTE_NOT_FOUND' ? 404 : 400;
    return reply.status(status).send(body(mapped));
  }
  const pgCode = databaseErrorOf(error)?.code;
  if (pgCode && PG_CODES[pgCode]) {
    // Logged by SQLSTATE and statement name only (lib/logger.ts): never the values.
    req.log.warn({ err: error }, 'database refused a request');
    const code = PG_CODES[pgCode];
    return reply.status(code === 'CONFLICT' ? 409 : 400).send(body(code));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404
        ? 'NOT_FOUND'
        : status === 403
          ? 'FORBIDDEN'
          : status === 401
            ? 'UNAUTHENTICATED'
            : status === 405
              ? 'METHOD_NOT_ALLOWED'
              : status === 429
                ? 'RATE_LIMITED'
                : status === 413
                  ? 'PAYLOAD_TOO_LARGE'
                  : status === 415
                    ? 'UNSUPPORTED_MEDIA_TYPE'
                    : 'VALIDATION';
    return reply.status(status).send(body(code));
  }
  req.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(body('INTERNAL'));
}
