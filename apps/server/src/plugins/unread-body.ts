import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';

/** After answering, at most this much of an unread body is read and thrown away… */
export const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
/** …for at most this long; then the connection is cut. */
export const LINGER_MAX_MS = 15_000;

/**
 * Answers sent before the request's body was read to its end (a body over the limit, 413; a
 * refusal before an upload is read) close the connection gracefully, as RFC 9112 §9.6 asks:
 * the answer, then our side of the connection only, then the rest of the body read and thrown
 * away until the client closes (or a bound is reached). Closing at once, with unread bytes
 * arriving, makes the kernel reset the connection, and a client still sending its body lost
 * the answer it had not read yet (Node's client: EPIPE on about half of 2 MB bodies).
 */
export function registerGracefulCloseOnUnreadBody(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    // `complete` is false, not undefined: a real HTTP request (app.inject's fake one has none).
    if (req.raw.complete === false && !req.raw.socket.destroyed) {
      // The rest of the body is not read as a next request: this connection ends after the answer.
      void reply.header('connection', 'close');
      discardThenClose(req.raw);
    }
    done(null, payload);
  });
}

function discardThenClose(req: IncomingMessage): void {
  const socket = req.socket;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, LINGER_MAX_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_MAX_BYTES) cut();
  });
  req.resume();
  // Node ends a 'Connection: close' answer with socket.destroySoon(): end, then destroy as soon
  // as the answer is written. End our side only; the socket closes once the client ends its own
  // (both sides ended), or when a bound above is reached.
  socket.destroySoon = () => {
    socket.end();
  };
}
