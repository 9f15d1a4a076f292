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
/** A challenged charge (`ch_`) or a challenged card verification (`seti_`, a card being saved). */
const ChallengeParams = z.object({ id: z.string().regex(/^(ch|seti)_[0-9a-f]{24}$/) });
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB' };

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

    app.get('/sandbox-processor/v1/challenges/:id', { config: { access: 'public' }, schema: { hide: true, params: ChallengeParams } }, async (req, reply) => {
      const challenge = await sandbox.challenge(req.params.id);
      if (!challenge) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      const open = challenge.status === 'requires_action';
      const action = `/sandbox-processor/v1/challenges/${challenge.id}`;
      // A charge asks to confirm its amount; a card being saved is verified with no charge.
      const page =
        challenge.kind === 'charge'
          ? {
              title: 'Confirmar pago',
              ask: `Tu banco pide confirmar un cargo de ${new Intl.NumberFormat('es-DO', { style: 'currency', currency: challenge.currency }).format(challenge.amountMinor / 100)}.`,
              done: (ok: boolean) => `Este pago ya fue ${ok ? 'confirmado' : 'cancelado'}.`,
            }
          : {
              title: 'Confirmar tarjeta',
              ask: `Tu banco pide confirmar que la tarjeta ${BRANDS[challenge.brand] ?? 'Tarjeta'} •••• ${challenge.last4} es tuya. No se hará ningún cargo.`,
              done: (ok: boolean) => `Esta tarjeta ya fue ${ok ? 'confirmada' : 'rechazada'}.`,
            };
      const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} (sandbox)</title></head><body><main><h1>${page.title}</h1>
<p>Procesador de prueba. ${escapeHtml(page.ask)}</p>
${
  open
    ? `<form method="post" action="${action}/confirm"><button type="submit">${page.title}</button></form>
<form method="post" action="${action}/cancel"><button type="submit">Cancelar</button></form>`
    : `<p>${page.done(challenge.status === 'succeeded')}</p>`
}
</main></body></html>`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });

    for (const answer of ['confirm', 'cancel'] as const) {
      app.post(`/sandbox-processor/v1/challenges/:id/${answer}`, { config: { access: 'public' }, schema: { hide: true, params: ChallengeParams } }, async (req, reply) => {
        const settled = await sandbox.answerChallenge(req.params.id, answer === 'confirm');
        if (!settled) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
        log.info({ [req.params.id.startsWith('seti_') ? 'verification' : 'charge']: req.params.id, answer }, 'challenge answered');
        return reply.redirect(settled.returnUrl, 303);
      });
    }
  };
}
