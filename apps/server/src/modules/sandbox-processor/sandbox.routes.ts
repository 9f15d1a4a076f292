import { CardInputSchema } from '@arreglaya/shared/schemas/payments';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxProcessor } from './sandbox.service.ts';

// The sandbox processor's own HTTP API, as a separate service would have it: the browser tokenizes
// the card here (the card never reaches /api), and the 3-D-Secure-like challenge page lives here.
// Not part of our API document; public like a processor's publishable-key endpoints.

const TokenSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
const ChargeParams = z.object({ id: z.string().regex(/^ch_[0-9a-f]{24}$/) });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sandboxProcessorRoutes(sandbox: SandboxProcessor): FastifyPluginAsyncZod {
  return async (app) => {
    // Its own log, with card data redacted wherever it would appear.
    const log = app.log.child({ service: 'sandbox-processor' }, { redact: { paths: ['number', 'cvc', '*.number', '*.cvc', 'card', '*.card'], censor: '[redacted]' } });
    // The challenge page's buttons are plain HTML forms; their (empty) bodies are ignored.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));

    app.post(
      '/sandbox-processor/v1/tokens',
      {
        // Per address, as a processor limits a publishable key (a checkout tokenizes once or twice).
        config: { access: 'public', rateLimit: { max: 300, windowMs: 60_000 } },
        schema: { hide: true, body: CardInputSchema, response: { 201: TokenSchema, 400: ApiErrorSchema } },
      },
      async (req, reply) => {
        const token = await sandbox.tokenize(req.body);
        log.info({ token: token.id, brand: token.brand, last4: token.last4 }, 'card tokenized');
        return reply.status(201).send(token);
      },
    );

    app.get('/sandbox-processor/v1/challenges/:id', { config: { access: 'public' }, schema: { hide: true, params: ChargeParams } }, async (req, reply) => {
      const charge = await sandbox.challenge(req.params.id);
      if (!charge) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      const amount = new Intl.NumberFormat('es-DO', { style: 'currency', currency: charge.currency }).format(charge.amountMinor / 100);
      const open = charge.status === 'requires_action';
      const action = `/sandbox-processor/v1/challenges/${charge.id}`;
      const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirmar pago (sandbox)</title></head><body><main><h1>Confirmar pago</h1>
<p>Procesador de prueba. Tu banco pide confirmar un cargo de ${escapeHtml(amount)}.</p>
${
  open
    ? `<form method="post" action="${action}/confirm"><button type="submit">Confirmar pago</button></form>
<form method="post" action="${action}/cancel"><button type="submit">Cancelar</button></form>`
    : `<p>Este pago ya fue ${charge.status === 'succeeded' ? 'confirmado' : 'cancelado'}.</p>`
}
</main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });

    for (const answer of ['confirm', 'cancel'] as const) {
      app.post(`/sandbox-processor/v1/challenges/:id/${answer}`, { config: { access: 'public' }, schema: { hide: true, params: ChargeParams } }, async (req, reply) => {
        const settled = await sandbox.answerChallenge(req.params.id, answer === 'confirm');
        if (!settled) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        log.info({ charge: req.params.id, answer }, 'challenge answered');
        return reply.redirect(settled.returnUrl, 303);
      });
    }
  };
}
