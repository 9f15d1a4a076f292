import { PHONE_CHANNELS } from '@arreglaya/shared/schemas/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../mail/layout.ts';
import { isLoopback } from '../mail/dev-outbox.routes.ts';
import { listOutbox } from './sandbox-messaging.repository.ts';
import { findSentMessage } from './sandbox-whatsapp-buttons.ts';
import type { StandIns } from './messaging.ts';

/**
 * /dev/messages: what the WhatsApp and SMS stand-ins "delivered", per number, so a developer reads
 * the code sent to a phone; and a form to write to us from a number ("BAJA", "ALTA", any text that
 * opens WhatsApp's 24-hour window). Outside production, from this machine only, like /dev/outbox.
 */
export function devMessagesRoutes(db: Db, standIns: StandIns): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) throw new AppError('ROUTE_NOT_FOUND');
    });
    const Query = z.object({ to: z.string().max(20).optional(), channel: z.enum(PHONE_CHANNELS).optional(), limit: z.coerce.number().int().min(1).max(1000).default(100) });

    app.get('/dev/messages.json', { schema: { hide: true, querystring: Query } }, async (req) => {
      const rows = await listOutbox(db, req.query);
      return rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        to: m.toNumber,
        template: m.template,
        params: m.params,
        body: m.body,
        status: m.status,
        errorCode: m.errorCode,
        buttons: m.buttons?.map((b) => b.title) ?? [],
        createdAt: m.createdAt.toISOString(),
      }));
    });

    app.post(
      '/dev/messages/inbound',
      {
        config: { rateLimit: { max: 120, windowMs: 60_000 } },
        schema: {
          hide: true,
          body: z.object({
            channel: z.enum(PHONE_CHANNELS),
            from: z.string().min(8).max(20),
            text: z.string().min(1).max(4096),
            /** WhatsApp: the wamid of our message this answers (Meta's context.id). */
            replyTo: z.string().max(200).optional(),
          }),
        },
      },
      async (req, reply) => {
        const { channel, from, text, replyTo } = req.body;
        const standIn = standIns[channel];
        if (!standIn) throw new AppError('ROUTE_NOT_FOUND');
        const id =
          channel === 'whatsapp'
            ? await standIns.whatsapp!.receive(from, text, replyTo === undefined ? {} : { replyTo })
            : await standIns.sms!.receive(from, text, standIns.smsFrom);
        await standIns.settled();
        return reply.status(201).send({ id });
      },
    );

    // The phone presses a button of one of our WhatsApp messages, by its title (decision 062); `from` defaults to the number it went to.
    app.post(
      '/dev/messages/press',
      {
        config: { rateLimit: { max: 120, windowMs: 60_000 } },
        schema: { hide: true, body: z.object({ messageId: z.string().min(1).max(200), button: z.string().min(1).max(20), from: z.string().min(8).max(20).optional() }) },
      },
      async (req, reply) => {
        const wa = standIns.whatsapp;
        if (!wa) throw new AppError('ROUTE_NOT_FOUND');
        const sent = await findSentMessage(db, req.body.messageId);
        if (!sent || sent.channel !== 'whatsapp') throw new AppError('NOT_FOUND');
        const id = await wa.press(req.body.from ?? sent.toNumber, req.body.messageId, req.body.button);
        if (!id) throw new AppError('NOT_FOUND');
        await standIns.settled();
        return reply.status(201).send({ id });
      },
    );

    app.get('/dev/messages', { schema: { hide: true, querystring: Query } }, async (req, reply) => {
      const rows = await listOutbox(db, req.query);
      const fmt = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santo_Domingo' });
      const items = rows
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.channel === 'whatsapp' ? 'WhatsApp' : 'SMS')} · ${escapeHtml(m.toNumber)}</h2><p><strong>Estado:</strong> ${escapeHtml(m.status)}${m.errorCode ? ` (${m.errorCode})` : ''}${m.template ? ` · <strong>Plantilla:</strong> ${escapeHtml(m.template)}` : ''} · ${escapeHtml(fmt.format(m.createdAt))}</p><pre>${escapeHtml(m.body)}</pre>${m.buttons?.length ? `<p><strong>Botones:</strong> ${m.buttons.map((b) => escapeHtml(b.title)).join(' · ')}</p>` : ''}</article>`,
        )
        .join('');
      const page = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mensajes de WhatsApp y SMS · ArreglaYa (desarrollo)</title></head><body><main><h1>Mensajes de WhatsApp y SMS</h1><p>Lo que los simuladores de WhatsApp y SMS entregaron (solo fuera de producción). Los más recientes primero. Filtra con <code>?to=+18095551234</code>. Para escribirnos desde un número (BAJA, ALTA, una respuesta que llega al chat…), envía <code>POST /dev/messages/inbound</code> con <code>{"channel":"whatsapp","from":"+18095551234","text":"BAJA"}</code> (con <code>"replyTo"</code>, el id del mensaje al que responde). Para pulsar un botón: <code>POST /dev/messages/press</code> con <code>{"messageId":"wamid…","button":"Aceptar"}</code>.</p>${items || '<p>Todavía no se ha enviado ningún mensaje.</p>'}</main></body></html>`;
      return reply.type('text/html; charset=utf-8').send(page);
    });
  };
}
