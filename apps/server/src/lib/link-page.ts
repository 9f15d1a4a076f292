import { PRODUCT_NAME } from '@arreglaya/shared/i18n/es';
import { escapeHtml } from '../modules/mail/layout.ts';

// The small pages a mail's link opens outside the web app (the newsletter's and the special
// offers' unsubscribe): no script, no style, so the CSP needs nothing.

export const HTML_TYPE = 'text/html; charset=utf-8';

/** A page with a title, a body (HTML, already escaped) and a link home. */
export function linkPage(title: string, body: string, homeLabel: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/">${escapeHtml(homeLabel)}</a></p></main></body></html>`;
}

/** A page whose button posts `action` (a plain form: the token stays in the query). */
export function askPage(texts: { askTitle: string; askText: string; button: string; home: string }, action: string): string {
  return linkPage(
    texts.askTitle,
    `<p>${escapeHtml(texts.askText)}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(texts.button)}</button></form>`,
    texts.home,
  );
}

/** A browser's form (it asks for a page) rather than a mail client's one-click POST. */
export const wantsPage = (accept: string | undefined): boolean => /\btext\/html\b/.test(accept ?? '');
