import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DlocalHttpResponse, DlocalTransport } from '../dlocal-client.ts';
import { DLOCAL_API_VERSION, verifyPayloadSignature, verifySignature } from '../dlocal-signature.ts';
import { DLOCAL_ERRORS, DLOCAL_PAYOUTS_API_VERSION, DLOCAL_PAYOUTS_PATH, PAYOUT_ERRORS } from '../dlocal-types.ts';
import type { DlocalSandbox } from './dlocal-sandbox.ts';
import type { ApiAnswer } from './sandbox-answers.ts';
import { DLOCAL_SANDBOX_PREFIX, type ApiFaultOp } from './sandbox-core.ts';
import { PAGE_CSS_HASH, challengePage, notFoundPage, ticketPage } from './pages.ts';

// The stand-in's HTTP side, under /dlocal-sandbox, as dLocal's: the Payins API (signed requests;
// a bad signature is dLocal's 403 with code 3001, a bad body its 400 with 5000/5001…), dLocal's
// sandbox tool, the browser's card tokenization (Smart Fields' stand-in), and the two pages (cash
// ticket, 3-D Secure). Not part of our API document. Mounted by the app only with
// DLOCAL_API_URL=sandbox (never in production).

const LIMIT = { max: 3000, windowMs: 60_000 };
const Id = z.object({ id: z.string().min(1).max(60) });
const PageId = z.object({ id: z.string().regex(/^D-4-[0-9a-f-]{36}$/) });

function send(reply: FastifyReply, answer: ApiAnswer) {
  return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
}

/** The page's inline style, allowed by its hash in the app's CSP (when there is one). */
function html(reply: FastifyReply, status: number, body: string) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') void reply.header('content-security-policy', csp.replace(/(^|;)(\s*style-src [^;]*)/, `$1$2 ${PAGE_CSS_HASH}`));
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/**
 * `deliverNow`: after a tester's button changed a payment (paid at the counter, expired, a 3-D
 * Secure answer), its notification is delivered at once rather than at the next minute's run, as
 * dLocal notifies within moments.
 */
export function dlocalSandboxRoutes(sandbox: DlocalSandbox, deliverNow: () => void = () => undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const log = app.log.child(
      { service: 'dlocal-sandbox' },
      { redact: { paths: ['number', 'cvv', '*.number', '*.cvv', 'card', '*.card', 'payer', '*.payer'], censor: '[redacted]' } },
    );

    // ---- The Payins API: the body stays the bytes that were signed ----
    await app.register(async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

      /** The merchant's login when the request is signed with the stand-in's credentials; otherwise answers. */
      const authenticate = (req: FastifyRequest, reply: FastifyReply): { login: string; json: unknown } | null => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!verifySignature(req.headers, raw, { ...sandbox.credentials })) {
          log.info({ path: req.url }, 'refused: bad signature');
          void send(reply, {
            status: DLOCAL_ERRORS.invalidCredentials.http,
            body: { code: DLOCAL_ERRORS.invalidCredentials.code, message: DLOCAL_ERRORS.invalidCredentials.message },
          });
          return null;
        }
        if (req.headers['x-version'] !== DLOCAL_API_VERSION) {
          void send(reply, { status: 400, body: { code: DLOCAL_ERRORS.invalidApiVersion.code, message: DLOCAL_ERRORS.invalidApiVersion.message } });
          return null;
        }
        let json: unknown;
        if (raw.length > 0) {
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            void send(reply, { status: 400, body: { code: DLOCAL_ERRORS.invalidRequest.code, message: DLOCAL_ERRORS.invalidRequest.message } });
            return null;
          }
        }
        return { login: sandbox.credentials.login, json };
      };

      const route = { config: { access: 'public' as const, rateLimit: LIMIT }, schema: { hide: true } };
      const withId = { ...route, schema: { hide: true, params: Id } };

      api.post(`${DLOCAL_SANDBOX_PREFIX}/payments`, route, async (req, reply) => {
        const auth = authenticate(req, reply);
        if (!auth) return reply;
        const answer = await sandbox.createPayment(auth.login, auth.json);
        const body = answer.body as { id?: string; status?: string; code?: number };
        log.info({ payment: body.id, status: body.status, code: body.code, http: answer.status }, 'payment create answered');
        return send(reply, answer);
      });
      api.get(`${DLOCAL_SANDBOX_PREFIX}/payments/:id`, withId, async (req, reply) => {
        const auth = authenticate(req, reply);
        return auth ? send(reply, await sandbox.getPayment(auth.login, req.params.id)) : reply;
      });
      api.get(`${DLOCAL_SANDBOX_PREFIX}/payments/:id/status`, withId, async (req, reply) => {
        const auth = authenticate(req, reply);
        return auth ? send(reply, await sandbox.getPaymentStatus(auth.login, req.params.id)) : reply;
      });
      api.get(`${DLOCAL_SANDBOX_PREFIX}/orders/:id`, { ...route, schema: { hide: true, params: z.object({ id: z.string().min(1).max(200) }) } }, async (req, reply) => {
        const auth = authenticate(req, reply);
        return auth ? send(reply, await sandbox.getOrder(auth.login, req.params.id)) : reply;
      });
      api.post(`${DLOCAL_SANDBOX_PREFIX}/refunds`, route, async (req, reply) => {
        const auth = authenticate(req, reply);
        if (!auth) return reply;
        const answer = await sandbox.createRefund(auth.login, auth.json);
        const body = answer.body as { id?: string; status?: string; code?: number };
        log.info({ refund: body.id, status: body.status, code: body.code, http: answer.status }, 'refund create answered');
        return send(reply, answer);
      });
      api.get(`${DLOCAL_SANDBOX_PREFIX}/refunds/:id`, withId, async (req, reply) => {
        const auth = authenticate(req, reply);
        return auth ? send(reply, await sandbox.getRefund(auth.login, req.params.id)) : reply;
      });
      api.get(`${DLOCAL_SANDBOX_PREFIX}/refunds/:id/status`, withId, async (req, reply) => {
        const auth = authenticate(req, reply);
        return auth ? send(reply, await sandbox.getRefundStatus(auth.login, req.params.id)) : reply;
      });
      // ---- Payouts v3 (decision 052): the Payins headers with X-Version 3.0, and Payload-Signature ----
      const authenticatePayouts = (req: FastifyRequest, reply: FastifyReply): { login: string; json: unknown } | null => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!verifySignature(req.headers, raw, { ...sandbox.credentials }) || !verifyPayloadSignature(req.headers, raw, sandbox.credentials.secretKey)) {
          log.info({ path: req.url }, 'payouts refused: bad signature');
          void send(reply, {
            status: PAYOUT_ERRORS.invalidCredentials.http,
            body: { code: PAYOUT_ERRORS.invalidCredentials.code, message: PAYOUT_ERRORS.invalidCredentials.message },
          });
          return null;
        }
        if (req.headers['x-version'] !== DLOCAL_PAYOUTS_API_VERSION) {
          void send(reply, { status: 400, body: { code: PAYOUT_ERRORS.invalidParams.code, message: 'Invalid params X-Version', param: 'X-Version' } });
          return null;
        }
        let json: unknown;
        if (raw.length > 0) {
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            void send(reply, { status: 400, body: { code: PAYOUT_ERRORS.invalidParams.code, message: PAYOUT_ERRORS.invalidParams.message } });
            return null;
          }
        }
        return { login: sandbox.credentials.login, json };
      };
      const payouts = `${DLOCAL_SANDBOX_PREFIX}${DLOCAL_PAYOUTS_PATH}/payouts`;
      api.post(payouts, route, async (req, reply) => {
        const auth = authenticatePayouts(req, reply);
        if (!auth) return reply;
        const answer = await sandbox.createPayout(auth.login, auth.json);
        const body = answer.body as { id?: string; status?: string; code?: number };
        log.info({ payout: body.id, status: body.status, code: body.code, http: answer.status }, 'payout create answered');
        return send(reply, answer);
      });
      api.get(payouts, { ...route, schema: { hide: true, querystring: z.object({ external_id: z.string().min(1).max(100) }) } }, async (req, reply) => {
        const auth = authenticatePayouts(req, reply);
        return auth ? send(reply, await sandbox.getPayoutByExternalId(auth.login, req.query.external_id)) : reply;
      });
      api.get(`${payouts}/:id`, withId, async (req, reply) => {
        const auth = authenticatePayouts(req, reply);
        return auth ? send(reply, await sandbox.getPayout(auth.login, req.params.id)) : reply;
      });

      // dLocal's sandbox tool: force a pending payment to PAID or REJECTED.
      api.post(`${DLOCAL_SANDBOX_PREFIX}/sandbox-tools/payments`, route, async (req, reply) => {
        const auth = authenticate(req, reply);
        return auth ? send(reply, await sandbox.sandboxTool(auth.login, auth.json)) : reply;
      });
    });

    // ---- What the payer's browser calls ----
    await app.register(async (scope) => {
      const browser = scope.withTypeProvider<ZodTypeProvider>();
      // The pages' buttons are plain HTML forms; their (empty) bodies are ignored.
      browser.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

      // Smart Fields' stand-in: the card goes from the browser to "dLocal", which gives a token.
      browser.post(
        `${DLOCAL_SANDBOX_PREFIX}/smart-fields/tokens`,
        { config: { access: 'public', rateLimit: { max: 300, windowMs: 60_000 } }, schema: { hide: true } },
        async (req, reply) => {
          const answer = await sandbox.tokenize(req.body);
          log.info({ http: answer.status }, 'card tokenized');
          return send(reply, answer);
        },
      );

      const creds = { login: sandbox.credentials.login, secretKey: sandbox.credentials.secretKey };
      const pageRoute = { config: { access: 'public' as const }, schema: { hide: true, params: PageId } };
      browser.get(`${DLOCAL_SANDBOX_PREFIX}/tickets/:id`, pageRoute, async (req, reply) => {
        const view = await sandbox.ticket(req.params.id);
        if (!view) return html(reply, 404, notFoundPage());
        return html(reply, 200, ticketPage(view, `${DLOCAL_SANDBOX_PREFIX}/tickets/${view.id}`, creds, sandbox.now()));
      });
      browser.post(`${DLOCAL_SANDBOX_PREFIX}/tickets/:id/pay`, pageRoute, async (req, reply) => {
        const view = await sandbox.ticket(req.params.id);
        if (!view) return html(reply, 404, notFoundPage());
        const paid = await sandbox.payTicket(view.id);
        log.info({ payment: view.id, paid: paid !== null }, 'ticket paid at the counter');
        if (paid) deliverNow();
        return reply.redirect(`${DLOCAL_SANDBOX_PREFIX}/tickets/${view.id}`, 303);
      });
      // The tester's shortcut for a ticket left unpaid: its expiry comes now (and is notified).
      browser.post(`${DLOCAL_SANDBOX_PREFIX}/tickets/:id/expire`, pageRoute, async (req, reply) => {
        const view = await sandbox.ticket(req.params.id);
        if (!view) return html(reply, 404, notFoundPage());
        const expired = await sandbox.expireNow(view.id);
        log.info({ payment: view.id, expired }, 'ticket expired by the tester');
        if (expired) deliverNow();
        return reply.redirect(`${DLOCAL_SANDBOX_PREFIX}/tickets/${view.id}`, 303);
      });
      browser.get(`${DLOCAL_SANDBOX_PREFIX}/three-ds/:id`, pageRoute, async (req, reply) => {
        const view = await sandbox.challenge(req.params.id);
        if (!view) return html(reply, 404, notFoundPage());
        return html(reply, 200, challengePage(view, `${DLOCAL_SANDBOX_PREFIX}/three-ds/${view.id}`, creds, sandbox.now()));
      });
      for (const answer of ['confirm', 'cancel'] as const) {
        browser.post(`${DLOCAL_SANDBOX_PREFIX}/three-ds/:id/${answer}`, pageRoute, async (req, reply) => {
          const view = await sandbox.challenge(req.params.id);
          if (!view) return html(reply, 404, notFoundPage());
          const settled = await sandbox.answerChallenge(view.id, answer === 'confirm');
          log.info({ payment: view.id, answer, settled: settled !== null }, '3-D Secure answered');
          if (settled) deliverNow();
          return reply.redirect(`${DLOCAL_SANDBOX_PREFIX}/three-ds/${view.id}`, 303);
        });
      }
    });
  };
}

/** Which fault of the stand-in a request may meet. */
function faultOp(method: string, path: string): ApiFaultOp {
  if (method === 'POST' && path.endsWith('/payments')) return 'create_payment';
  if (method === 'POST' && path.endsWith('/refunds')) return 'refund';
  if (method === 'POST' && path.endsWith(`${DLOCAL_PAYOUTS_PATH}/payouts`)) return 'create_payout';
  return 'retrieve';
}

const timeout = () => Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });

/**
 * Our client's transport to the stand-in, in-process (Fastify's inject: the same HTTP semantics,
 * no port), with the stand-in's injected faults: a network error or a timeout before the request
 * (nothing done), a timeout after it (done, answer lost), or dLocal's 500.
 */
export function dlocalSandboxTransport(app: FastifyInstance, sandbox: DlocalSandbox): DlocalTransport {
  const inProcess = injectTransport(app);
  return async (req) => {
    const fault = sandbox.takeFault(faultOp(req.method, new URL(req.url).pathname));
    if (fault === 'network') throw new TypeError('fetch failed');
    if (fault === 'timeout_before') throw timeout();
    if (fault === 'server_error')
      return { status: 500, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 7000, message: 'Failed to process the request.' }) };
    const res = await inProcess(req);
    if (fault === 'timeout_after') throw timeout();
    return res;
  };
}

/** Requests to a path of this very server, answered in-process (what the stand-in's notifications use for our own URLs). */
export function injectTransport(app: FastifyInstance): DlocalTransport {
  return async (req) => {
    const url = new URL(req.url);
    const res = await app.inject({
      method: req.method,
      url: url.pathname + url.search,
      headers: req.headers,
      ...(req.method === 'GET' ? {} : { payload: req.body }),
      remoteAddress: '127.0.0.1',
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
    return { status: res.statusCode, headers, body: res.body } satisfies DlocalHttpResponse;
  };
}

/** A notification's URL on our own server goes in-process; any other over the network. */
export function notificationTransport(appUrl: string, inProcess: DlocalTransport, network: DlocalTransport): DlocalTransport {
  const ours = new URL(appUrl).origin;
  return (req) => (new URL(req.url).origin === ours ? inProcess(req) : network(req));
}
