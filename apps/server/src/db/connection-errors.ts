/**
 * Errors that mean "the database is away" (restarting, stopped, unreachable), not "this request
 * is wrong": the request answers 503 with Retry-After and the process goes on; the pool opens new
 * connections once PostgreSQL is back. Drizzle wraps the driver's error (DrizzleQueryError), so
 * the whole `cause` chain is searched.
 */

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention), and too_many_connections. */
const PG_UNAVAILABLE = /^(08...|57P0[1-4]|53300)$/;
/** Socket errors of the driver's connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** node-postgres reports these without a code. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function* causes(err: unknown): Generator<unknown> {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** The code (SQLSTATE or socket code) that shows the database is unreachable, if any error in the chain has one. */
export function connectionErrorCode(err: unknown): string | undefined {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || SOCKET_CODES.has(code))) return code;
    // Over a Unix-domain socket (the embedded PostgreSQL, decision 002) a stopped or restarting
    // server has no socket file: connect fails with ENOENT where TCP says ECONNREFUSED.
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return code;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m))) return 'CONNECTION_LOST';
  }
  return undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return connectionErrorCode(err) !== undefined;
}
