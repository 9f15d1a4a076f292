import type { Currency } from '@arreglaya/shared/domain';
import { formatMoney } from '@arreglaya/shared/format-money';
import { payments as tpay, sandboxChallenge } from '@arreglaya/shared/i18n/payments';
import { CardInputSchema } from '@arreglaya/shared/schemas/payments';
import { ApiErrorSchema } from '@arreglaya/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
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
/**
 * The page's own look, inline (it is served by the processor, not by the web app): the app's brand
 * and accent colours (apps/web/src/styles.css), one column that fits a 360 px phone, large buttons.
 */
const CHALLENGE_CSS = [
  '*{box-sizing:border-box}',
  "body{margin:0;background:#eef5fc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5}",
  'main{max-width:28rem;margin:2rem auto;padding:1.5rem 1.25rem;background:#fff;border:1px solid #d7e7f7;border-radius:.75rem;box-shadow:0 1px 3px rgba(8,47,82,.12)}',
  '@media (max-width:30rem){main{margin:0;min-height:100vh;border:0;border-radius:0}}',
  '.badge{margin:0 0 1rem;padding:.5rem .75rem;background:#fdebd3;color:#7f4108;border-radius:.5rem;font-size:.875rem;font-weight:600}',
  'h1{margin:0 0 .5rem;color:#0b4f8a;font-size:1.375rem}',
  '.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.25rem}',
  'form{margin:0}',
  'button{width:100%;min-height:2.75rem;padding:.625rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer}',
  '.primary{background:#0b4f8a;color:#fff;border:1px solid #0b4f8a}',
  '.primary:hover{background:#0a3f6e}',
  '.secondary{background:#fff;color:#0b4f8a;border:1px solid #7fb0e0}',
  'button:focus-visible{outline:3px solid #ee8a1c;outline-offset:2px}',
  '.hint{margin:1rem 0 0;color:#475569;font-size:.875rem}',
  '.done{font-weight:600}',
].join('');
/** The strict CSP allows no inline style: this one is allowed by its hash. */
const CHALLENGE_CSS_HASH = `'sha256-${createHash('sha256').update(CHALLENGE_CSS).digest('base64')}'`;

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
      const c = sandboxChallenge;
      const page =
        challenge.kind === 'charge'
          ? { ...c.charge, ask: c.charge.ask(formatMoney(challenge.amountMinor, challenge.currency as Currency)) }
          : { ...c.card, ask: c.card.ask(`${tpay.receipts.brands[challenge.brand as keyof typeof tpay.receipts.brands] ?? tpay.receipts.brands.unknown} •••• ${challenge.last4}`) };
      const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · ${escapeHtml(c.badge)}</title><style>${CHALLENGE_CSS}</style></head><body><main>
<p class="badge" role="note">${escapeHtml(c.badge)}</p><h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.ask)}</p>
${
  open
    ? `<div class="actions"><form method="post" action="${action}/confirm"><button type="submit" class="primary">${escapeHtml(page.confirm)}</button></form>
<form method="post" action="${action}/cancel"><button type="submit" class="secondary">${escapeHtml(page.cancel)}</button></form></div>
<p class="hint">${escapeHtml(c.back)}</p>`
    : `<p class="done">${escapeHtml(page.done(challenge.status === 'succeeded'))}</p>`
}
</main></body></html>`;
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') void reply.header('content-security-policy', csp.replace(/(^|;)(\s*style-src [^;]*)/, `$1$2 ${CHALLENGE_CSS_HASH}`));
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
