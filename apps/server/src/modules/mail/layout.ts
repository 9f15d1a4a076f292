import { PRODUCT_NAME } from '@arreglaya/shared/i18n/es';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface MailContent {
  title: string;
  /** Plain paragraphs; newlines inside one become <br>. */
  paragraphs: string[];
  /** Buttons, side by side (e.g. accept and reject); the first is the main one. */
  actions?: { label: string; url: string }[];
  footer?: string;
}

/** Renders a mail as plain text and as simple, inline-styled HTML (what mail clients need). */
export function renderMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.actions?.length ? [...content.actions.map((a) => `${a.label}: ${a.url}`), ''] : []),
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`).join('');
  const button = (a: { label: string; url: string }, main: boolean) =>
    `<a href="${escapeHtml(a.url)}" style="${main ? 'background:#0b5394;color:#fff' : 'background:#fff;color:#0b5394;border:2px solid #0b5394'};padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block;margin:0 8px 8px 0">${escapeHtml(a.label)}</a>`;
  const action = content.actions?.length ? `<p>${content.actions.map((a, i) => button(a, i === 0)).join('')}</p>` : '';
  const footer = content.footer ? `<p style="color:#555;font-size:12px">${escapeHtml(content.footer)}</p>` : '';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2933;max-width:600px;margin:auto;padding:16px"><h1 style="font-size:20px;color:#0b5394">${escapeHtml(PRODUCT_NAME)}</h1><h2 style="font-size:18px">${escapeHtml(content.title)}</h2>${paragraphs}${action}${footer}</body></html>`;
  return { text, html };
}
