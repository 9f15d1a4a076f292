import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from './layout.ts';
import { listRecentMails } from './mail.repository.ts';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$|^::1$/i.test(address);
}

/**
 * /dev/outbox: every mail the app sent, readable in the browser outside production, so a
 * newcomer without an SMTP server sees what users would receive. Only from the machine itself
 * (issue 30): `npm start` listens on every interface, and these mails hold sign-up and reset
 * codes. Both the socket's peer and the client address (TRUST_PROXY's) must be loopback, so
 * neither another machine nor an X-Forwarded-For header it writes gets in; anyone else gets the
 * 404 of a page that does not exist.
 */
export function devOutboxRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (req) => {
      if (!isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) throw new AppError('ROUTE_NOT_FOUND');
    });
    app.get(
      '/dev/outbox.json',
      { schema: { hide: true, querystring: z.object({ limit: z.coerce.number().int().min(1).max(5000).default(100), template: z.string().max(60).optional() }) } },
      async (req) => {
        const mails = await listRecentMails(db, req.query.limit, req.query.template);
        return mails.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          template: m.template,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        }));
      },
    );

    app.get('/dev/outbox', { schema: { hide: true } }, async (_req, reply) => {
      const mails = await listRecentMails(db, 100);
      const fmt = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santo_Domingo' });
      const items = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p><strong>Para:</strong> ${escapeHtml(m.toAddress)} · <strong>Plantilla:</strong> ${escapeHtml(m.template)} · <strong>Estado:</strong> ${escapeHtml(m.status)} · ${escapeHtml(fmt.format(m.createdAt))}</p><pre>${escapeHtml(m.textBody)}</pre></article>`,
        )
        .join('');
      const page = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Bandeja de salida · ArreglaYa (desarrollo)</title></head><body><main><h1>Bandeja de salida de correos</h1><p>Los correos que la aplicación envió (solo fuera de producción). Los más recientes primero.</p>${items || '<p>Todavía no se ha enviado ningún correo.</p>'}</main></body></html>`;
      return reply.type('text/html; charset=utf-8').send(page);
    });
  };
}
