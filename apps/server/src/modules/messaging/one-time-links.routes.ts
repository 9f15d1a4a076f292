import { whatsappButtons as tb } from '@arreglaya/shared/i18n/whatsapp-buttons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../mail/layout.ts';
import { ONE_TIME_LINK_PATH, useOneTimeLink } from './one-time-links.ts';

// GET /api/links/:token, the one-time link of a notice about money (decision 062): it only opens a
// page of the app, where the person, signed in, decides. Never cached, never a referrer.

function page(status: number, text: string) {
  return {
    status,
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(tb.link.pageTitle)}</title></head><body><main><h1>${escapeHtml(tb.link.pageTitle)}</h1><p>${escapeHtml(text)}</p><p><a href="/">${escapeHtml(tb.link.open)}</a></p></main></body></html>`,
  };
}

export function oneTimeLinkRoutes(db: Db, clock?: () => Date): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${ONE_TIME_LINK_PATH}/:token`,
      {
        config: { access: 'public', rateLimit: { max: 60, windowMs: 60_000 } },
        schema: { hide: true, params: z.object({ token: z.string().max(100) }) },
      },
      async (req, reply) => {
        void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        const use = await useOneTimeLink(db, req.params.token, req.user?.id ?? null, clock?.() ?? new Date());
        switch (use.kind) {
          case 'gone': {
            const p = page(410, tb.link.gone);
            return reply.status(p.status).type('text/html; charset=utf-8').send(p.html);
          }
          case 'otherAccount': {
            const p = page(403, tb.link.otherAccount);
            return reply.status(p.status).type('text/html; charset=utf-8').send(p.html);
          }
          // Without a session the page's own guard asks to sign in and comes back to it.
          case 'signIn':
          case 'open':
            return reply.redirect(use.path, 303);
        }
      },
    );
  };
}
