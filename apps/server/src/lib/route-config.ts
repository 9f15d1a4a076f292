import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';
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
  /**
   * Counted under this name instead of the route's, so several routes (and the chat socket)
   * share one count: the chat's one message budget per person (issue 30).
   */
  bucket?: string;
}

/** The counter a rule's hit goes to (`route` is the route's method and URL). */
export function rateLimitKey(route: string, rule: Pick<RateLimitRule, 'name' | 'bucket'>, subject: string): string {
  return `${rule.bucket ?? route}:${rule.name ?? 'ip'}:${subject}`;
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

// Pages the server renders per request (plugins/web-app.ts, with the web app's renderer).

/**
 * Where a page the server renders reads its data: the services the API answers from, as the
 * API's JSON (never over HTTP). The web app's renderer (apps/web/src/prerender/entry-server.tsx
 * `PageSources`) asks for it by this shape.
 */
export interface PageSources {
  /** One page of results (DirectoryPageSchema) for a search DirectorySearchSchema accepts. */
  searchDirectory(search: DirectorySearch): Promise<string>;
  /** A listed contractor's public page (ContractorPublicProfile), or null for any other id. */
  contractorPage(id: string): Promise<string | null>;
  /** Every service and city with listed contractors (ServiceCityStatsSchema): the service-and-city pages and the sitemap. */
  serviceCities(): Promise<string>;
}
