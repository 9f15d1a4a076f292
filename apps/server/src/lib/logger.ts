import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/env.ts';
import { databaseErrorOf, statementName } from './database-error.ts';

/**
 * Fields that hold a secret or a person's words wherever they appear in a log object, one
 * level deep: credentials, one-time codes, tokens, and mail bodies (which carry the codes).
 * A log is read by more people and kept longer than the data it describes.
 */
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'confirmPassword', 'otp', 'token', 'code_hash', 'text', 'html', 'body', 'params'];
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
];

/** The stack's frames only: its first line repeats the message, which may hold the values. */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
}

/**
 * Errors as logged. A database error (or one wrapping it, like Drizzle's DrizzleQueryError,
 * whose message and `params` list the query's values: a cédula, a phone, an e-mail) is
 * logged by its SQLSTATE, constraint, table and statement name only: never its message,
 * detail or parameters, which quote the data. Other errors keep their message; their
 * causes go through the same rule.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const db = databaseErrorOf(err);
  const query = (err as { query?: unknown }).query;
  if (db || 'params' in err) {
    return {
      type: err.name,
      message: 'database error (values not logged)',
      code: db?.code,
      constraint: db?.constraint,
      table: db?.table,
      column: db?.column,
      statement: statementName(query),
      stack: framesOf(err.stack),
    };
  }
  const plain = stdSerializers.err(err) as unknown as Record<string, unknown>;
  const { cause, ...rest } = plain;
  return cause === undefined ? rest : { ...rest, cause: serializeError((err as { cause?: unknown }).cause) };
}

/** Structured JSON logs; credentials, codes, mail bodies and query values never reach them. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      base: { service: 'arreglaya' },
      redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
      serializers: { err: serializeError, error: serializeError },
    },
    destination,
  );
}
