import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isLoopback } from '../mail/dev-outbox.routes.ts';
import type { StandIns } from './messaging.ts';

/** The largest file a developer (or a browser test) sends as a phone, base64 in JSON. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * POST /dev/messages/inbound-media (decision 063): a phone sends a photo or a voice note to our
 * WhatsApp number through the stand-in: the file goes into its media store and Meta's signed
 * webhook names it, so a browser test can send a voice note as a phone. Outside production, from
 * this machine only, like /dev/messages/inbound.
 */
export function devMessagesMediaRoutes(standIns: StandIns): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) throw new AppError('ROUTE_NOT_FOUND');
    });
    app.post(
      '/dev/messages/inbound-media',
      {
        bodyLimit: Math.ceil((MAX_FILE_BYTES * 4) / 3) + 64 * 1024,
        config: { rateLimit: { max: 120, windowMs: 60_000 } },
        schema: {
          hide: true,
          body: z.object({
            from: z.string().min(8).max(20),
            kind: z.enum(['image', 'audio']),
            /** The file, base64. */
            data: z
              .string()
              .min(4)
              .max(Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4),
            /** Meta's mime_type (a voice note's is "audio/ogg; codecs=opus"). */
            mime: z.string().max(100).optional(),
            caption: z.string().max(4096).optional(),
            replyTo: z.string().max(200).optional(),
          }),
        },
      },
      async (req, reply) => {
        const whatsapp = standIns.whatsapp;
        if (!whatsapp?.media) throw new AppError('ROUTE_NOT_FOUND');
        const { from, kind, data, mime, caption, replyTo } = req.body;
        const id = await whatsapp.receiveMedia(
          from,
          {
            kind,
            bytes: Buffer.from(data, 'base64'),
            mime: mime ?? (kind === 'image' ? 'image/jpeg' : 'audio/ogg; codecs=opus'),
            ...(caption === undefined ? {} : { caption }),
          },
          replyTo === undefined ? {} : { replyTo },
        );
        await standIns.settled();
        return reply.status(201).send({ id });
      },
    );
  };
}
