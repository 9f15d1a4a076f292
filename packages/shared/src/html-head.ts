// The head of a page the server sends as HTML (prerendered at build time or rendered per request):
// title, description, canonical link and Open Graph tags, built in one place with one escaper,
// by scripts/web/prerender.ts and by the server (apps/server/src/plugins/web-app.ts).

/** Text or an attribute value made safe inside HTML: every character that could end a text, an attribute or a tag is an entity. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Where the site's public address goes in HTML and files written at build time (canonical and
 * og:url links, sitemap.xml, robots.txt). The server puts its APP_URL in its place when it serves
 * them, so one build serves any address (decision 011).
 */
export const APP_URL_PLACEHOLDER = '__ARREGLAYA_APP_URL__';

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page (or APP_URL_PLACEHOLDER + path). */
  url: string;
  /** Absolute URL of the preview image. */
  image?: string;
  /** og:type; 'website' by default. */
  type?: string;
  /** The page's language and region (es-CO); es-DO by default. */
  locale?: string;
  /** The same page for other countries: `<link rel="alternate" hreflang>` (absolute URLs). */
  alternates?: readonly { hreflang: string; url: string }[];
}

/** The head tags of a page, one per line (indented for the built index.html). */
export function headTags(head: PageHead): string {
  const e = escapeHtml;
  return [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
    `<link rel="canonical" href="${e(head.url)}" />`,
    ...(head.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${e(a.hreflang)}" href="${e(a.url)}" />`),
    `<meta property="og:type" content="${e(head.type ?? 'website')}" />`,
    `<meta property="og:site_name" content="ArreglaYa" />`,
    `<meta property="og:locale" content="${e((head.locale ?? 'es-DO').replace('-', '_'))}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(head.url)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${e(head.image)}" />`, `<meta name="twitter:card" content="summary" />`] : []),
  ].join('\n    ');
}

/**
 * The built index.html with `tags` in place of its own title and description (after the charset,
 * however Prettier formatted the tags; at the start of a page without one).
 */
export function withHead(shellHtml: string, tags: string): string {
  const charset = /<meta\s+charset="UTF-8"\s*\/?>/i;
  const html = shellHtml.replace(/<title>[^<]*<\/title>/, '').replace(/<meta\s+name="description"[^>]*>/, '');
  return charset.test(html) ? html.replace(charset, (tag) => `${tag}\n    ${tags}`) : html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}
