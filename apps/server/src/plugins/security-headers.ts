import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * Security headers with a strict Content-Security-Policy. The web app is built so it
 * needs nothing inline: scripts, styles, images and fonts all come from our origin
 * (images also as data:/blob: for previews). A browser test checks no violation is logged.
 */
const REACT_ARIA_PRESSABLE_STYLE = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

export function helmetOptions(isProduction: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Plus the one <style> react-aria's buttons insert (touch-action for pressables), by its hash.
        // After a react-aria upgrade, a changed text shows as a CSP error in the browser tests.
        styleSrc: ["'self'", REACT_ARIA_PRESSABLE_STYLE],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The installed app (decision 032): its service worker (/sw.js) and web app manifest.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense behind HTTPS, i.e. in production.
    hsts: isProduction ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets for our options. @fastify/helmet rebuilds helmet's middleware
 * (parsing the CSP directives again) in two hooks on every request, a fifth of the cost
 * of a small API answer; our options never vary per request or route, so we let it
 * answer one request on a private instance at start-up and keep what it set.
 */
export async function computeSecurityHeaders(isProduction: boolean): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(isProduction));
  // helmet's hooks run before the handler: the raw response then holds exactly its headers.
  probe.get('/', (_req, reply) => reply.send(reply.raw.getHeaders()));
  try {
    const res = await probe.inject('/');
    const headers = res.json<Record<string, string | string[]>>();
    return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
  } finally {
    await probe.close();
  }
}

/** Hashes of a page's inline blocks, by the directive that must allow them. */
export interface InlineHashes {
  'style-src': readonly string[];
  'script-src': readonly string[];
}

/** The policy with these sources added (a prerendered page's inlined stylesheet and script loader). */
export function allowInlineHashes(csp: string, hashes: InlineHashes): string {
  for (const [directive, sources] of Object.entries(hashes) as [keyof InlineHashes, readonly string[]][]) {
    if (sources.length === 0) continue;
    csp = csp.replace(new RegExp(`(^|;)(\\s*${directive} [^;]*)`), (_m, start: string, found: string) => `${start}${found} ${sources.join(' ')}`);
  }
  return csp;
}

/**
 * Browser features no page of ours uses, turned off for our pages and anything they embed:
 * a script injected into a page cannot ask for the camera, position or payment. The microphone
 * is our own pages' only (the chat's voice notes, decision 060): never an embedded frame's.
 */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), payment=(), usb=()';

/**
 * Every response (API, pages, assets, errors) gets the same fixed security headers: helmet's
 * and a Permissions-Policy. Returns them, for answers sent before the hooks run (a malformed URL).
 */
export async function registerSecurityHeaders(app: FastifyInstance, isProduction: boolean): Promise<Record<string, string>> {
  const headers: Record<string, string> = { ...(await computeSecurityHeaders(isProduction)), 'permissions-policy': PERMISSIONS_POLICY };
  if (!headers['content-security-policy'] || headers['x-content-type-options'] !== 'nosniff') {
    throw new Error('security headers: helmet produced no Content-Security-Policy or nosniff');
  }
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
  registerPrivateByDefault(app);
  return headers;
}

/** What an API answer may be kept as when its route says nothing: by nobody (issue 30). */
export const DEFAULT_CACHE_CONTROL = 'private, no-store';
/** The paths whose answers are data (JSON, exports, the outbox), not the web app's pages and assets. */
const DATA_PATHS = /^\/(api|dev|sandbox-processor)\//;

/**
 * Every answer under /api (and /dev, /sandbox-processor) that does not set its own Cache-Control
 * gets `private, no-store`: an answer that depends on the session (the session itself, a profile,
 * the console's lists, an error naming what you may not do) is never kept by a shared cache nor
 * in the browser's cache after sign-out. A route whose answer is the same for everyone and may be
 * kept says so itself (`public, max-age=…`: photos of open projects, the service counts).
 */
export function registerPrivateByDefault(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && DATA_PATHS.test(req.url)) void reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    done(null, payload);
  });
}
