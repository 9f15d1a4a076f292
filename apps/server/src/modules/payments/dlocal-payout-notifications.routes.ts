import type { FastifyPluginAsync } from 'fastify';
import type { DlocalCredentials } from '../dlocal/dlocal-signature.ts';
import { readDlocalPayoutNotification } from '../dlocal/dlocal-outcomes.ts';
import { applyPayoutNotification, type PayoutsDeps } from './payouts.service.ts';

/** dLocal's notifications come from a few servers, retried; this only bounds a flood. */
const PROVIDER_LIMIT = { max: 6000, windowMs: 60_000 };
/** The "Payouts Notification URL" (dLocal's dashboard; and each payout's notification_url). */
export const DLOCAL_PAYOUT_NOTIFICATION_PATH = '/api/payments/dlocal/payout-notifications';

/**
 * dLocal's payout notifications (decision 052): the body kept as the bytes dLocal signed, the
 * signature checked (401, nothing changes otherwise), then the payout it names (external_id, our
 * id) settled once: paid, or failed with its money back in the contractor's balance. A 2xx only once
 * stored: dLocal retries anything else. A payout we do not know is acknowledged and logged.
 */
export function dlocalPayoutNotificationRoutes(deps: PayoutsDeps & { credentials: DlocalCredentials }): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    app.post(DLOCAL_PAYOUT_NOTIFICATION_PATH, { config: { access: 'public', rateLimit: PROVIDER_LIMIT }, schema: { hide: true } }, async (req, reply) => {
      const body = req.body;
      if (!Buffer.isBuffer(body)) return reply.status(400).send({ error: 'expected a JSON body' });
      const n = readDlocalPayoutNotification(req.headers, body, { login: deps.credentials.login, secretKey: deps.credentials.secretKey });
      if (n.kind === 'invalid') return reply.status(n.reason === 'signature' ? 401 : 400).send({ error: n.reason === 'signature' ? 'invalid signature' : 'unexpected body' });
      const outcome = await applyPayoutNotification(deps, n.payout);
      if (outcome === 'unknown') req.log.warn({ dlocalPayoutId: n.payout.id }, 'dLocal payout notification for a payout we do not know; acknowledged');
      return reply.send({ ok: true, outcome });
    });
  };
}
