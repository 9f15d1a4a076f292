import { Fragment } from 'react';

/** Spec §9: links are shown truncated after 50 characters. */
export const LINK_DISPLAY_MAX = 50;

// http(s) links and bare www. addresses; trailing punctuation belongs to the sentence.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"»]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; label: string };

/** Splits a message into text and links (pure; React escapes every part: a message is never HTML). */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let raw = match[0];
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    raw = raw.slice(0, raw.length - trail.length);
    if (raw.length === 0) continue;
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
    parts.push({ kind: 'link', href, label: raw.length > LINK_DISPLAY_MAX ? `${raw.slice(0, LINK_DISPLAY_MAX)}…` : raw });
    last = start + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A message's text with its links clickable (new tab, no referrer, nofollow); line breaks kept by the caller's whitespace-pre-wrap. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" title={part.href} className="break-all underline">
            {part.label}
          </a>
        ),
      )}
    </>
  );
}
