import type { FastifyBaseLogger } from 'fastify';
import { pino, stdSerializers, type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/env.ts';
import { databaseErrorOf, statementName } from './database-error.ts';
import { isUuid } from './uuid.ts';

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

/**
 * A path segment as logged: a secret carried in the path (an offer's accept or reject link,
 * /oferta/confirmar/<token> and /api/quote-links/<token>: 256 random bits, base64url) is `…`.
 * Any segment of 32 or more URL-safe characters that is not a UUID (a record's id, which names
 * nothing by itself) counts as one.
 */
function tokenHidden(segment: string): string {
  return segment.length >= 32 && /^[A-Za-z0-9_-]+$/.test(segment) && !isUuid(segment) ? '…' : segment;
}

/**
 * A URL as logged: its path (at most 200 characters, with any token in it hidden) and the names of
 * its query parameters, never their values. A query carries what the caller chose (an OAuth callback's state, an unsubscribe
 * token, a search), and any caller can send one: the log keeps none of it (issue 30).
 */
export function urlForLog(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).slice(0, 200).split('/').map(tokenHidden).join('/');
  if (at < 0) return path;
  const names = url
    .slice(at + 1)
    .split('&')
    .slice(0, 10)
    .map((pair) => `${pair.split('=')[0]!.slice(0, 40)}=…`);
  return `${path}?${names.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer with the URL's query values left out. */
function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return { method: req.method, url: typeof req.url === 'string' ? urlForLog(req.url) : undefined, host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** Structured JSON logs; credentials, codes, mail bodies and query values never reach them. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      base: { service: 'arreglaya' },
      redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
      serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    },
    destination,
  );
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify gives every request a child logger bound to its id. Building one is not free: pino
 * serialises and redacts the bindings (about 6% of a cached read's CPU at 13,000 reads a
 * second). This factory hands out a stand-in that builds the real child the first time the
 * request logs at a level that is on, so a request that logs nothing (every request below the
 * configured level, e.g. LOG_LEVEL=warn) builds none. A route's own level or serializers
 * (`logLevel`, `logSerializers`) get the real child at once.
 */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return parent.child(bindings, options);
  return new LazyChildLogger(parent, bindings);
}

class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.log('error', args);
  }

  warn(...args: unknown[]): void {
    this.log('warn', args);
  }

  info(...args: unknown[]): void {
    this.log('info', args);
  }

  debug(...args: unknown[]): void {
    this.log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.log('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }

  private logger(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings));
  }

  private log(level: Level, args: unknown[]): void {
    if (!this.real && !isLevelEnabled(this.parent, level)) return;
    (this.logger()[level] as (...a: unknown[]) => void)(...args);
  }
}

function isLevelEnabled(logger: FastifyBaseLogger, level: Level): boolean {
  const check = (logger as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled;
  return typeof check === 'function' ? check.call(logger, level) : true;
}
