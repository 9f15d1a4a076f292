// The simple rules that flag a contractor's public text for a sysadmin's look (issue 16,
// moderation): a web address, an e-mail address or a phone number in a description or a photo
// caption, which would take the work (and the payment protection) off the platform.

export type ContactMatchKind = 'url' | 'email' | 'phone';

export interface ContactMatch {
  kind: ContactMatchKind;
  /** Index of the first character in the text, and one past the last. */
  start: number;
  end: number;
  text: string;
}

const RULES: { kind: ContactMatchKind; pattern: RegExp }[] = [
  { kind: 'email', pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu },
  { kind: 'url', pattern: /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[\p{L}\p{N}-]+\.(?:com|net|org|do|info|biz|io|co|me|app|site|online|store)(?:\.[a-z]{2})?\b(?:\/[^\s<>"']*)?/giu },
  // Seven or more digits in a row once spaces, dots, dashes and parentheses are allowed between
  // them: 809-555-1234, (809) 555 1234, +1 829 555 1234, 8095551234. Years and prices have fewer.
  { kind: 'phone', pattern: /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)[\s.-]?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b|\b\d{3}[\s.-]\d{4}\b/g },
];

/**
 * Every URL, e-mail address and phone number in `text`, in order, overlapping matches merged
 * into the first (an e-mail's domain is not also reported as a web address).
 */
export function findContactInfo(text: string): ContactMatch[] {
  const found: ContactMatch[] = [];
  for (const { kind, pattern } of RULES) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({ kind, start, end, text: m[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The text cut into plain and matched parts, for highlighting. */
export function splitByMatches(text: string, matches: readonly ContactMatch[]): { text: string; match: ContactMatchKind | null }[] {
  const parts: { text: string; match: ContactMatchKind | null }[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.start > at) parts.push({ text: text.slice(at, m.start), match: null });
    parts.push({ text: text.slice(m.start, m.end), match: m.kind });
    at = m.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: null });
  return parts;
}
