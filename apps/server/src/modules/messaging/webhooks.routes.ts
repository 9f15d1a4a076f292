import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleInbound, handleStatus, WEBHOOK_EVENT_MAX_AGE_DAYS, webhookEventFresh, type InboundDeps } from './inbound.service.ts';
import { e164 } from './sandbox-numbers.ts';
import { inboundMedia, WhatsAppMediaObject } from './whatsapp-media.ts';
import { mapSmsError } from './sms-client.ts';
import { mapWhatsAppError } from './whatsapp-client.ts';
import { sameSignature, twilioSignature, whatsappSignature } from './webhook-signatures.ts';

// Our webhooks for the providers (decision 040): Meta's (GET verification, POST statuses and
// messages signed X-Hub-Signature-256 over the raw body) and Twilio's (status callbacks and
// inbound texts, form-encoded, signed X-Twilio-Signature over our URL and the parameters).
// 401 on a bad signature; a provider's repeat is answered 200 and changes nothing.

export interface WebhookDeps extends InboundDeps {
  whatsapp: { appSecret: string; verifyToken: string };
  sms: { authToken: string };
  /** Our public address: Twilio signs the URL it called. */
  appUrl: string;
}

/** As much of Meta's payload as we read; the rest is ignored. */
const WhatsAppPayload = z.object({
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              value: z
                .object({
                  statuses: z
                    .array(
                      z.object({
                        id: z.string(),
                        status: z.string(),
                        /** When it happened (Unix seconds, as text): older than WEBHOOK_EVENT_MAX_AGE_DAYS is refused. */
                        timestamp: z.string().optional(),
                        errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
                        /** What the send put in `biz_opaque_callback_data`: our delivery's id. */
                        biz_opaque_callback_data: z.string().optional(),
                      }),
                    )
                    .optional(),
                  messages: z
                    .array(
                      z.object({
                        id: z.string(),
                        from: z.string(),
                        timestamp: z.string().optional(),
                        type: z.string().optional(),
                        text: z.object({ body: z.string() }).optional(),
                        /** A pressed reply button (decision 062). */
                        interactive: z.object({ type: z.string().optional(), button_reply: z.object({ id: z.string(), title: z.string() }).optional() }).optional(),
                        /** A pressed quick reply of a template. */
                        button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
                        /** A reply to one of our messages: its wamid. */
                        context: z.object({ id: z.string().optional() }).optional(),
                        /** A photo or an audio (a voice note: `voice: true`): the file's media id (decision 063). */
                        image: WhatsAppMediaObject.optional(),
                        audio: WhatsAppMediaObject.optional(),
                      }),
                    )
                    .optional(),
                })
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});

const PROVIDER_LIMIT = { max: 6000, windowMs: 60_000 };

/** A Twilio status callback's error, read by the same table as a send's (30003… are not addressGone: SMS stays on). */
function smsStatusError(code: number): { reason: string; addressGone?: true } {
  const failure = mapSmsError(400, { code });
  return { reason: failure.reason, ...(failure.kind === 'addressGone' ? { addressGone: true as const } : {}) };
}

export function messagingWebhookRoutes(deps: WebhookDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Meta's subscription check: echo the challenge when the token is ours.
    app.get(
      '/api/webhooks/whatsapp',
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          querystring: z.object({ 'hub.mode': z.string().optional(), 'hub.verify_token': z.string().optional(), 'hub.challenge': z.string().max(200).optional() }),
        },
      },
      async (req, reply) => {
        const q = req.query;
        if (q['hub.mode'] !== 'subscribe' || !q['hub.verify_token'] || !sameSignature(q['hub.verify_token'], deps.whatsapp.verifyToken))
          return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
      },
    );

    await app.register(async (raw) => {
      // This route only: the body stays the bytes Meta signed.
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
      raw.post('/api/webhooks/whatsapp', { config: { access: 'public', rateLimit: PROVIDER_LIMIT }, schema: { hide: true } }, async (req, reply) => {
        const body = req.body as Buffer;
        if (!Buffer.isBuffer(body) || !sameSignature(req.headers['x-hub-signature-256'], whatsappSignature(deps.whatsapp.appSecret, body)))
          return reply.status(401).send({ error: 'invalid signature' });
        let json: unknown;
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          return reply.status(400).send({ error: 'invalid JSON' });
        }
        const payload = WhatsAppPayload.safeParse(json);
        if (!payload.success) return reply.status(400).send({ error: 'unexpected payload' });
        // A signed body could be captured and sent again: events older than Meta's retries are refused
        // (their ids may be purged), and answered 200 like the rest, so nothing is retried.
        const now = Date.now();
        let stale = 0;
        for (const entry of payload.data.entry) {
          for (const change of entry.changes) {
            for (const s of change.value?.statuses ?? []) {
              if (!webhookEventFresh(s.timestamp, now)) {
                stale++;
                continue;
              }
              const error = s.errors?.[0];
              await handleStatus(deps, {
                channel: 'whatsapp',
                providerMessageId: s.id,
                status: s.status,
                ...(error
                  ? {
                      reason: `${error.code ?? ''} ${error.title ?? ''}`.trim(),
                      addressGone: mapWhatsAppError(400, { ...(error.code === undefined ? {} : { code: error.code }) }).kind === 'addressGone',
                    }
                  : {}),
                ...(s.biz_opaque_callback_data ? { deliveryId: s.biz_opaque_callback_data } : {}),
              });
            }
            for (const m of change.value?.messages ?? []) {
              if (!webhookEventFresh(m.timestamp, now)) {
                stale++;
                continue;
              }
              const pressed = m.interactive?.button_reply
                ? { id: m.interactive.button_reply.id, title: m.interactive.button_reply.title }
                : m.button?.payload
                  ? { id: m.button.payload, title: m.button.text ?? '' }
                  : null;
              await handleInbound(deps, 'whatsapp', {
                id: m.id,
                from: e164(m.from),
                text: pressed ? pressed.title : (m.text?.body ?? ''),
                ...(pressed ? { buttonId: pressed.id } : {}),
                at: new Date(Number(m.timestamp) * 1000),
                type: m.type ?? 'text',
                ...(m.context?.id ? { contextId: m.context.id } : {}),
                ...inboundMedia(m),
              });
            }
          }
        }
        if (stale > 0) deps.log.warn({ stale, maxAgeDays: WEBHOOK_EVENT_MAX_AGE_DAYS }, 'WhatsApp webhook: events older than Meta retries refused (a replay?)');
        return reply.send({ ok: true });
      });
    });

    await app.register(async (plain) => {
      const form = plain.withTypeProvider<ZodTypeProvider>();
      form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      const signed = (url: string, params: Record<string, string>, header: string | string[] | undefined) =>
        sameSignature(header, twilioSignature(deps.sms.authToken, `${deps.appUrl}${url}`, params));
      const Params = z.record(z.string(), z.string());

      form.post('/api/webhooks/sms/status', { config: { access: 'public', rateLimit: PROVIDER_LIMIT }, schema: { hide: true, body: Params } }, async (req, reply) => {
        if (!signed(req.url, req.body, req.headers['x-twilio-signature'])) return reply.status(401).send({ error: 'invalid signature' });
        const { MessageSid, MessageStatus, ErrorCode } = req.body;
        if (!MessageSid || !MessageStatus) return reply.status(400).send({ error: 'MessageSid and MessageStatus required' });
        await handleStatus(deps, {
          channel: 'sms',
          providerMessageId: MessageSid,
          status: MessageStatus,
          ...(ErrorCode ? smsStatusError(Number(ErrorCode)) : {}),
        });
        return reply.status(204).send();
      });

      form.post('/api/webhooks/sms/inbound', { config: { access: 'public', rateLimit: PROVIDER_LIMIT }, schema: { hide: true, body: Params } }, async (req, reply) => {
        if (!signed(req.url, req.body, req.headers['x-twilio-signature'])) return reply.status(401).send({ error: 'invalid signature' });
        const { MessageSid, From, Body } = req.body;
        if (!MessageSid || !From) return reply.status(400).send({ error: 'MessageSid and From required' });
        await handleInbound(deps, 'sms', { id: MessageSid, from: e164(From), text: Body ?? '' });
        // An empty TwiML answer: we reply (once) through the API, not here.
        return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      });
    });
  };
}
