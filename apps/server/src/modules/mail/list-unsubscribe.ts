/**
 * The headers of a mail whose footer has an unsubscribe link: the mail client's own unsubscribe
 * (RFC 2369) pointing at that same link, and RFC 8058 one-click, a POST to it with the body
 * `List-Unsubscribe=One-Click`. Every such link's GET only shows a page with a button (mail
 * scanners open links); its POST unsubscribes (issue 48).
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
