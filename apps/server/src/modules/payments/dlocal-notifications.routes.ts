import type { FastifyPluginAsync } from 'fastify';
import type { DlocalCredentials } from '../dlocal/dlocal-signature.ts';
import { readDlocalNotification } from '../dlocal/dlocal-outcomes.ts';
import { applyCashNotification } from './dlocal-cash.ts';
import { applyCardNotification } from './dlocal-cards.ts';
import type { PaymentsDeps } from './payments.service.ts';

/**
 * dLocal's notifications come from a few servers, retried; this only bounds a flood. Per address:
 * the 200 a second (issue 47) from one of them must pass, so 500 a second (it was 100, and
 * a sustained 200 a second got 429s after half a minute).
 */
export const PROVIDER_LIMIT = { max: 30_000, windowMs: 60_000 };
export const DLOCAL_NOTIFICATION_PATH = '/api/payments/dlocal/notifications';
/** Where dLocal sends the payer's browser back after 3-D Secure (a card's callback_url), with our return path in `a`. */
export const DLOCAL_CALLBACK_PATH = '/api/payments/dlocal/callback';

/** Only a path of this site is a return address (never another host). */
const sameSitePath = (to: unknown) => (typeof to === 'string' && /^\/(?![/\\])[^\s]*$/.test(to) && to.length <= 500 ? to : '/');

/**
 * dLocal's notifications (decision 051): the body kept as the bytes dLocal signed, the signature
 * checked (401 and nothing changes otherwise), then the payment it names settled once. A 2xx only
 * once stored: dLocal retries anything else.
 */
export function dlocalNotificationRoutes(deps: PaymentsDeps & { credentials: DlocalCredentials }): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    app.post(DLOCAL_NOTIFICATION_PATH, { config: { access: 'public', rateLimit: PROVIDER_LIMIT }, schema: { hide: true } }, async (req, reply) => {
      const body = req.body;
      if (!Buffer.isBuffer(body)) return reply.status(400).send({ error: 'expected a JSON body' });
      const n = readDlocalNotification(req.headers, body, { login: deps.credentials.login, secretKey: deps.credentials.secretKey });
      if (n.kind === 'invalid') return reply.status(n.reason === 'signature' ? 401 : 400).send({ error: n.reason === 'signature' ? 'invalid signature' : 'unexpected body' });
      if (n.kind === 'payment') {
        const cash = await applyCashNotification(deps, n.payment);
        const outcome = cash === 'unknown' ? await applyCardNotification(deps, n.payment) : cash;
        if (outcome === 'mismatch')
          req.log.warn({ dlocalPaymentId: n.payment.id }, 'dLocal notification amount or currency differs from the funding; nothing held, console alert raised');
        return reply.send({ ok: true, outcome });
      }
      // Refund notifications: our refunds are confirmed when sent (flushRefunds); acknowledged.
      return reply.send({ ok: true });
    });

    // The payer's browser back from dLocal's 3-D Secure page: dLocal POSTs a form (paymentId, status,
    // date, signature) from its own site. It is only a way home: this route reads no session, changes
    // nothing and sends the browser to our return page, which asks the payment's outcome (confirm).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: DLOCAL_CALLBACK_PATH,
        config: { access: 'public', sessionless: true, crossSiteForm: true },
        schema: { hide: true },
        handler: async (req, reply) => reply.header('cache-control', 'no-store').redirect(sameSitePath((req.query as Record<string, unknown>).a), 303),
      });
    }
  };
}
