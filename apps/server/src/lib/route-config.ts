import type { FastifyRequest } from 'fastify';

/**
 * The vocabulary a route uses to describe itself to the cross-cutting plugins (rate limits,
 * CSRF, OpenAPI uploads, server-rendered pages). Modules and plugins both import it from here,
 * so a module never imports a plugin (decision 001).
 */

// Rate limits (plugins/rate-limit.ts applies them).

export interface RateLimitRule {
  /** Distinguishes several rules on one route (e.g. 'ip' and 'account'). */
  name?: string;
  /** Requests allowed per window for one key. */
  max: number;
  windowMs: number;
  /**
   * What is counted; the client IP (as the TRUST_PROXY rule computes it) by default.
   * A keyed rule runs after validation: `req.body` is then the value the route's zod schema
   * produced (trimmed, lower-cased e-mail...), the same value the handler acts on, never the
   * raw bytes the client sent. Returning undefined skips the rule for that request.
   */
  key?: (req: FastifyRequest) => string | undefined;
}

/**
 * Counts per account: the e-mail of the validated body, as the route's schema normalised it
 * (the shared emailField trims and lower-cases), so padding or case never makes a new key.
 */
export function byBodyEmail(req: FastifyRequest): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : undefined;
}

// CSRF (plugins/access.ts checks it): cookie-authenticated writes must carry this header.

export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'arreglaya';

// Uploads (plugins/openapi.ts describes them).

/**
 * The file an upload route takes, as its OpenAPI operation describes it (a route's
 * `config.upload`), so generated clients send the right form: the field that carries the file,
 * the largest size accepted and the accepted types.
 */
export interface UploadSpec {
  /** The form field of the file. */
  field: string;
  maxBytes: number;
  /** Accepted media types ('image/jpeg', …). */
  types: readonly string[];
  /** What the file is and its limits, in Spanish (the document is read by people too). */
  description: string;
}

// Pages answered by the server with their own head tags (plugins/web-app.ts renders them).

/** A page's own title, description and Open Graph tags, put into the HTML by the server. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image. */
  image?: string;
  /** og:type; 'website' by default. */
  type?: string;
}

/** A page whose content lives in the database (a contractor's page), answered by the server. */
export interface DynamicPage {
  status: 200 | 404;
  /** Keep the page out of search engines (e.g. a record that does not exist, shown as such by the app). */
  noindex?: boolean;
  /** Link previews (WhatsApp, Facebook) do not run JavaScript: the tags must be in the HTML. */
  head?: PageHead;
  /** JSON the page renders from at once (no second request); embedded as a data block. */
  data?: string;
}

/** undefined = not a dynamic page (the usual shell or prerendered HTML). */
export type DynamicPageResolver = (path: string) => Promise<DynamicPage | undefined>;
