import type { Currency } from '@arreglaya/shared/domain';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { formatMoney } from '@arreglaya/shared/format-money';
import { dlocalSandboxPages as t } from '@arreglaya/shared/i18n/dlocal-sandbox';
import { payments as tpay } from '@arreglaya/shared/i18n/payments';
import { createHash } from 'node:crypto';
import { callbackSignature } from '../dlocal-signature.ts';
import type { ChallengeView, TicketView } from './dlocal-sandbox.ts';

// The stand-in's two pages, server-rendered in Spanish: the cash ticket (what dLocal's redirect_url
// or image_url shows; a tester "pays at the counter" with its button) and the bank's 3-D Secure
// challenge. One column that fits a 360 px phone, large buttons, no script; their forms post back
// to the stand-in, which answers with a redirect to the page again (now showing the new state).

/** The page's own look, inline (it is served by the stand-in, not by the web app): the app's colours. */
const CSS = [
  '*{box-sizing:border-box}',
  "body{margin:0;background:#eef5fc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5}",
  'main{max-width:28rem;margin:2rem auto;padding:1.5rem 1.25rem;background:#fff;border:1px solid #d7e7f7;border-radius:.75rem;box-shadow:0 1px 3px rgba(8,47,82,.12)}',
  '@media (max-width:30rem){main{margin:0;min-height:100vh;border:0;border-radius:0}}',
  '.badge{margin:0 0 1rem;padding:.5rem .75rem;background:#fdebd3;color:#7f4108;border-radius:.5rem;font-size:.875rem;font-weight:600}',
  'h1{margin:0 0 .5rem;color:#0b4f8a;font-size:1.375rem}',
  'dl{margin:1rem 0 0;display:grid;gap:.5rem}',
  'dt{color:#475569;font-size:.875rem}',
  'dd{margin:0 0 .25rem;font-weight:600;overflow-wrap:anywhere}',
  '.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.125rem;letter-spacing:.05em}',
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
/** A strict CSP allows no inline style: this one is allowed by its hash. */
export const PAGE_CSS_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// The amounts our server sent, in its currencies (@arreglaya/shared/format-money, as every page and mail).
const money = (minor: number, currency: string) => formatMoney(minor, currency as Currency);
const BRAND_NAMES: Record<string, keyof typeof tpay.receipts.brands> = { VI: 'visa', MC: 'mastercard', AE: 'amex', DI: 'discover', DC: 'diners', JC: 'jcb' };

function page(title: string, content: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(t.badge)}</title><style>${CSS}</style></head><body><main>
<p class="badge" role="note">${escapeHtml(t.badge)}</p>${content}
</main></body></html>`;
}

/**
 * The documented POST back to the payment's callback_url (paymentId, status, date, signature), as
 * a button: the payer's browser carries it, no script needed.
 */
function callbackForm(callbackUrl: string | null, paymentId: string, status: 'APPROVED' | 'REJECTED' | 'PENDING', creds: { login: string; secretKey: string }, now: Date): string {
  if (!callbackUrl) return '';
  const date = now.toISOString();
  const fields = { paymentId, status, date, signature: callbackSignature(creds.secretKey, creds.login, date, status, paymentId) };
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(callbackUrl)}">${inputs}<div class="actions"><button type="submit" class="secondary">${escapeHtml(t.back)}</button></div></form>`;
}

export function notFoundPage(): string {
  return page(t.notFound, `<h1>${escapeHtml(t.notFound)}</h1>`);
}

/** `action` is the ticket's path: its forms post to `<action>/pay` and `<action>/expire`. */
export function ticketPage(v: TicketView, action: string, creds: { login: string; secretKey: string }, now: Date): string {
  const open = v.status === 'PENDING';
  const details = `<dl>
<dt>${escapeHtml(t.ticket.number)}</dt><dd class="code">${escapeHtml(v.number)}</dd>
<dt>${escapeHtml(t.ticket.barcode)}</dt><dd class="code">${escapeHtml(v.barcode)}</dd>
<dt>${escapeHtml(t.ticket.reference)}</dt><dd>${escapeHtml(v.reference)}</dd>
<dt>${escapeHtml(t.ticket.beneficiary)}</dt><dd>${escapeHtml(v.companyName)}</dd>
<dt>${escapeHtml(t.ticket.expires)}</dt><dd><time datetime="${v.expiresAt.toISOString()}">${escapeHtml(formatDayTime(v.expiresAt, 'es-DO', 'America/Santo_Domingo'))}</time></dd>
</dl>`;
  const state = open
    ? `<div class="actions"><form method="post" action="${escapeHtml(action)}/pay"><button type="submit" class="primary">${escapeHtml(t.ticket.pay)}</button></form>
<form method="post" action="${escapeHtml(action)}/expire"><button type="submit" class="secondary">${escapeHtml(t.ticket.expire)}</button></form></div>
<p class="hint">${escapeHtml(t.ticket.payHint)}</p>`
    : `<p class="done" role="status">${escapeHtml(v.status === 'PAID' ? t.ticket.paid : v.status === 'EXPIRED' ? t.ticket.expired : t.ticket.closed)}</p>`;
  const callbackStatus = v.status === 'PAID' ? 'APPROVED' : open ? 'PENDING' : 'REJECTED';
  return page(
    t.ticket.title,
    `<h1>${escapeHtml(t.ticket.title)}</h1>
<p>${escapeHtml(t.ticket.intro(money(v.amountMinor, v.currency), v.providerName))}</p>
${open ? details : ''}${state}${callbackForm(v.callbackUrl, v.id, callbackStatus, creds, now)}`,
  );
}

export function challengePage(v: ChallengeView, action: string, creds: { login: string; secretKey: string }, now: Date): string {
  const open = v.status === 'PENDING' && v.statusCode === '101';
  const card = `${tpay.receipts.brands[BRAND_NAMES[v.brand] ?? 'unknown']} •••• ${v.last4}`;
  const body = open
    ? `<div class="actions"><form method="post" action="${escapeHtml(action)}/confirm"><button type="submit" class="primary">${escapeHtml(t.challenge.confirm)}</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit" class="secondary">${escapeHtml(t.challenge.cancel)}</button></form></div>
<p class="hint">${escapeHtml(t.challenge.back)}</p>`
    : `<p class="done" role="status">${escapeHtml(t.challenge.done(v.status === 'PAID' || v.status === 'VERIFIED'))}</p>${callbackForm(v.callbackUrl, v.id, v.status === 'PAID' || v.status === 'VERIFIED' ? 'APPROVED' : 'REJECTED', creds, now)}`;
  return page(t.challenge.title, `<h1>${escapeHtml(t.challenge.title)}</h1><p>${escapeHtml(t.challenge.ask(money(v.amountMinor, v.currency), card))}</p>${body}`);
}
