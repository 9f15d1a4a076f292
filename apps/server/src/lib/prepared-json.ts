import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer made once and sent many times (the directory's cached search pages and
 * contractor pages), kept gzipped: compressed when it is made instead of on every request, and
 * in about a fifth of the memory of its text, so the same cache holds five times as many pages.
 * Every browser accepts gzip; a client that does not gets the text back (gunzipped each time).
 */
export class PreparedJson {
  readonly gzipped: Buffer;

  constructor(json: string) {
    const output = zlib.gzipSync(json);
    // zlib's output is a view into its 16 KiB work buffer: keeping it would keep all 16 KiB
    // for an 800-byte answer. A copy of its own size.
    this.gzipped = Buffer.allocUnsafeSlow(output.length);
    output.copy(this.gzipped);
  }

  #etag: string | undefined;

  /** A weak entity tag of the answer (the same JSON gives the same tag, gzipped or not). */
  get etag(): string {
    this.#etag ??= `W/"${crypto.createHash('sha1').update(this.gzipped).digest('base64url')}"`;
    return this.#etag;
  }

  /** Memory it takes, in bytes. */
  get bytes(): number {
    return this.gzipped.length;
  }

  text(): string {
    return zlib.gunzipSync(this.gzipped).toString('utf8');
  }
}

// Clients send few distinct Accept-Encoding values (one per browser version): each is read once.
const gzipAnswers = new Map<string, boolean>();
const GZIP_ANSWERS_KEPT = 256;

/** Whether an Accept-Encoding header admits gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let answer = gzipAnswers.get(header);
  if (answer === undefined) {
    answer = readAcceptsGzip(header);
    if (gzipAnswers.size < GZIP_ANSWERS_KEPT && header.length <= 200) gzipAnswers.set(header, answer);
  }
  return answer;
}

function readAcceptsGzip(header: string): boolean {
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return allowed;
    if (name === '*') star = allowed;
  }
  return star;
}

/** Sends a prepared answer: its gzip bytes as they are when the client takes gzip, otherwise the text. */
export function sendPreparedJson(req: FastifyRequest, reply: FastifyReply, body: PreparedJson): FastifyReply {
  reply.header('content-type', JSON_TYPE).header('vary', 'accept-encoding');
  // A Content-Encoding already set tells @fastify/compress the body is compressed.
  if (acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(body.gzipped);
  return reply.send(body.text());
}
