import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { decodeWindows1252 } from './statement-line.ts';

// Bytes of an XML file to text: a byte-order mark decides, else the XML declaration's encoding,
// else UTF-8. A file that claims (or defaults to) UTF-8 but is not valid UTF-8 is read as
// Windows-1252: banks' systems sometimes write Latin-1 under a UTF-8 declaration, and refusing
// the file would help nobody.

const DECLARED_ENCODING = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/** WHATWG's labels for what banks write in a declaration, normalised. */
function decoderLabel(declared: string): string | null {
  const label = declared.toLowerCase();
  if (label === 'utf-8' || label === 'utf8') return 'utf-8';
  if (['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'windows-1252', 'cp1252', 'us-ascii', 'ascii'].includes(label)) return 'windows-1252';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return null;
  }
}

export function decodeXml(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { ok: true, text: new TextDecoder('utf-8').decode(bytes.subarray(3)) };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { ok: true, text: new TextDecoder('utf-16le').decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { ok: true, text: new TextDecoder('utf-16be').decode(bytes.subarray(2)) };
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 256)).trimStart();
  const declared = DECLARED_ENCODING.exec(head)?.[1];
  const label = declared ? decoderLabel(declared) : 'utf-8';
  if (label === null) return { ok: false, error: ts.file.unknownEncoding(declared!) };
  if (label === 'utf-8') {
    try {
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
    } catch {
      return { ok: true, text: decodeWindows1252(bytes) };
    }
  }
  if (label === 'windows-1252') return { ok: true, text: decodeWindows1252(bytes) };
  return { ok: true, text: new TextDecoder(label).decode(bytes) };
}

const ENTITY = /&(?:#x([0-9a-fA-F]{1,8})|#([0-9]{1,10})|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * XML's five predefined entities and character references, once (the parser leaves them alone:
 * no DTD is ever read, so no other entity exists). A reference to a character XML does not allow
 * (NUL, a surrogate, beyond U+10FFFF) becomes U+FFFD.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name]!;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
    return allowed ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/** Line numbers (1-based) of character offsets met in increasing order, without indexing the whole text. */
export class LineCounter {
  private offset = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    if (offset < this.offset) {
      this.offset = 0;
      this.line = 1;
    }
    let at = this.text.indexOf('\n', this.offset);
    while (at !== -1 && at < offset) {
      this.line++;
      at = this.text.indexOf('\n', at + 1);
    }
    this.offset = offset;
    return this.line;
  }
}
