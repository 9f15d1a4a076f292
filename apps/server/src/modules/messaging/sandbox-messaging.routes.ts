import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxSms } from './sandbox-sms.ts';
import { TWILIO_IDEMPOTENCY_HEADER } from './sms-client.ts';
import type { GraphMessage, SandboxWhatsApp } from './sandbox-whatsapp.ts';
import type { SandboxMediaStore } from './sandbox-whatsapp-media.ts';
import { sameSignature } from './webhook-signatures.ts';

// The stand-ins' own HTTP APIs, as the providers publish them (decision 040): Meta's Graph API under
// /sandbox-whatsapp and Twilio's REST API under /sandbox-sms. Not part of our API document.

const STAND_IN_LIMIT = { max: 3000, windowMs: 60_000 };

export function sandboxWhatsAppRoutes(sandbox: SandboxWhatsApp): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sandbox-whatsapp/:version/:phoneNumberId/messages',
      {
        config: { access: 'public', rateLimit: STAND_IN_LIMIT },
        schema: { hide: true, params: z.object({ version: z.string().regex(/^v\d+\.\d+$/), phoneNumberId: z.string() }) },
      },
      async (req, reply) => {
        if (!sameSignature(req.headers.authorization, `Bearer ${sandbox.settings.accessToken}`))
          return reply.status(401).send({ error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 } });
        if (req.params.phoneNumberId !== sandbox.settings.phoneNumberId)
          return reply
            .status(400)
            .send({ error: { message: `Unsupported post request. Object with ID '${req.params.phoneNumberId}' does not exist`, type: 'GraphMethodException', code: 100 } });
        // Meta takes no idempotency key: every POST is a new message.
        const answer = await sandbox.send((req.body ?? {}) as GraphMessage);
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
}

/**
 * Meta's media endpoints (decision 063): GET /{version}/{media-id} gives a file's short-lived url,
 * GET that url gives its bytes; both need the bearer token. Unknown ids and expired urls are 404;
 * a failure a test asked for (`failNext`) is Meta's 500.
 */
export function sandboxWhatsAppMediaRoutes(media: SandboxMediaStore): FastifyPluginAsyncZod {
  return async (app) => {
    const unauthorized = { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 } };
    app.get(
      '/sandbox-whatsapp/attachments',
      {
        config: { access: 'public', rateLimit: STAND_IN_LIMIT },
        schema: { hide: true, querystring: z.object({ mid: z.string().max(100).optional(), ext: z.string().max(20).optional(), hash: z.string().max(100).optional() }) },
      },
      async (req, reply) => {
        if (!media.authorized(req.headers.authorization)) return reply.status(401).send(unauthorized);
        const file = media.serve(req.query);
        if (!('bytes' in file)) {
          if (file.status === 404) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
          return reply.status(file.status).send(file.body);
        }
        return reply.type(file.mime).header('cache-control', 'no-store').send(file.bytes);
      },
    );
    app.get(
      '/sandbox-whatsapp/:version/:mediaId',
      {
        config: { access: 'public', rateLimit: STAND_IN_LIMIT },
        schema: { hide: true, params: z.object({ version: z.string().regex(/^v\d+\.\d+$/), mediaId: z.string().max(100) }) },
      },
      async (req, reply) => {
        if (!media.authorized(req.headers.authorization)) return reply.status(401).send(unauthorized);
        const answer = media.lookup(req.params.mediaId);
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
}

export function sandboxSmsRoutes(sandbox: SandboxSms): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.post(
      '/sandbox-sms/2010-04-01/Accounts/:sid/Messages.json',
      { config: { access: 'public', rateLimit: STAND_IN_LIMIT }, schema: { hide: true, params: z.object({ sid: z.string() }) } },
      async (req, reply) => {
        const { accountSid, authToken } = sandbox.settings;
        if (!sameSignature(req.headers.authorization, `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`) || req.params.sid !== accountSid)
          return reply.status(401).send({ code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
        const form = req.body && typeof req.body === 'object' ? (req.body as Record<string, string>) : {};
        const key = req.headers[TWILIO_IDEMPOTENCY_HEADER];
        const answer = await sandbox.create(form, typeof key === 'string' ? key : undefined);
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
}
