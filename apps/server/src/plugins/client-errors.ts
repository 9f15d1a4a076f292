import type { ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import type { FastifyBaseLogger } from 'fastify';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { DEFAULT_CACHE_CONTROL } from './security-headers.ts';

/** Node's parser errors (an `HPE_*` code, or its own timeouts) by the answer they get. */
function answerFor(code: string | undefined): { status: number; error: ErrorCode } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, error: 'PAYLOAD_TOO_LARGE' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, error: 'BAD_REQUEST' };
  return { status: 400, error: 'BAD_REQUEST' };
}

/**
 * The answer to a request Node's HTTP parser refuses before Fastify sees it (a request line or
 * headers over 16 KB: 431; a line that is not HTTP: 400; headers that never finish: 408), as
 * Fastify's `clientErrorHandler`. Node's own answer, or Fastify's default, is an English body
 * with none of our headers; this one is our Spanish JSON error with the same security headers
 * as every other answer (`headers()`: filled in once they are known) and `no-store`.
 */
export function clientErrorHandler(headers: () => Record<string, string>, log: FastifyBaseLogger) {
  return (err: Error & { code?: string }, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, error } = answerFor(err.code);
    // The code only: the error's message and `rawPacket` hold what the client sent.
    log.debug({ code: err.code, status }, 'request refused by the HTTP parser');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ error: { code: error, message: apiErrors[error] } });
    const all: Record<string, string> = {
      ...headers(),
      'cache-control': DEFAULT_CACHE_CONTROL,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(all)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${head}\r\n${body}`);
  };
}
