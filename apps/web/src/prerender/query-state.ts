// The query cache a server-rendered page rendered from (prerender/entry-server.tsx), sent in the
// page as a JSON data block that main.tsx hydrates the browser's cache from before React hydrates
// the page: the first render in the browser then equals the server's HTML (decision 018).

export const QUERY_STATE_ID = 'query-state';

const UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON that can sit inside a <script> element: '<', '>' and '&' as \u escapes (so no text can end
 * the element or open a comment, `</script>` or `<!--`), and U+2028/U+2029 too (line terminators
 * to older JavaScript parsers). JSON.parse reads it back unchanged.
 */
export function serializeState(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The state the server sent with this page, taken out of the document (a later visit asks the API); undefined when there is none. */
export function takeQueryState(): unknown {
  const block = document.getElementById(QUERY_STATE_ID);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}
