// The reference a homeowner quotes when funding a project by bank transfer (issue 47, "Pagar por
// transferencia"): unique to that funding, short enough for the "concepto" / "descripción" field
// of a Dominican bank's app (they cut descriptions at 20–40 characters), and easy to dictate.
//
// Shape: `AY` + 8 random Crockford base32 symbols (40 bits) + 1 check symbol, 11 characters,
// stored and compared compact (`AY7K3M9QXD4`) and shown grouped (`AY-7K3M-9QXD-4`).
//
// Crockford's alphabet (0-9 A-Z without I, L, O, U) has no look-alike pairs, and reading it back is
// forgiving: lower case is upper case, O is 0, I and L are 1. Crockford's own check symbol (mod 37)
// needs five extra symbols (* ~ $ = U) that bank apps strip or refuse, so the check symbol here
// comes from Damm's algorithm over GF(32): fold each symbol's value v into the running value r as
// r ← 2·r ⊕ v (multiplication in GF(2⁵) modulo x⁵ + x² + 1), and the check symbol is the value
// that brings the fold to 0. Multiplying by 2 ≠ 1 makes the operation a totally anti-symmetric
// quasigroup, so every single wrong symbol and every swap of two different neighbouring symbols
// (the check symbol included) is detected; a random string passes with probability 1/32.
// The `AY` prefix is constant and outside the check.

export const REFERENCE_PREFIX = 'AY';
/** Random symbols after the prefix. */
export const REFERENCE_RANDOM_SYMBOLS = 8;
/** Compact length: prefix + random symbols + check symbol. */
export const REFERENCE_LENGTH = REFERENCE_PREFIX.length + REFERENCE_RANDOM_SYMBOLS + 1;

export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A symbol's value 0–31 by char code (upper case, after the look-alike mapping), or -1. */
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < CROCKFORD_ALPHABET.length; i++) VALUE[CROCKFORD_ALPHABET.charCodeAt(i)] = i;
VALUE['O'.charCodeAt(0)] = 0;
VALUE['I'.charCodeAt(0)] = 1;
VALUE['L'.charCodeAt(0)] = 1;

/** Multiplication by 2 in GF(2⁵) modulo x⁵ + x² + 1. */
function times2(r: number): number {
  const shifted = r << 1;
  return shifted & 0x20 ? (shifted ^ 0x25) & 0x1f : shifted;
}

/** The check symbol's value for the random symbols' values. */
function checkValue(values: ArrayLike<number>): number {
  let r = 0;
  for (let i = 0; i < values.length; i++) r = times2(r) ^ values[i]!;
  return times2(r);
}

/** The 9 symbols after the prefix (random + check), any case, look-alikes allowed: valid or not. */
function symbolsValid(symbols: string): string | null {
  if (symbols.length !== REFERENCE_RANDOM_SYMBOLS + 1) return null;
  let canonical = '';
  let r = 0;
  for (let i = 0; i < symbols.length; i++) {
    const code = symbols.charCodeAt(i);
    const v = code < 128 ? VALUE[code]! : -1;
    if (v < 0) return null;
    canonical += CROCKFORD_ALPHABET[v];
    r = times2(r) ^ v;
  }
  return r === 0 ? canonical : null;
}

function defaultRandom(): Uint8Array {
  // Both the browser and Node (≥ 19) have Web Crypto on globalThis; the shared package's types carry no DOM.
  const { crypto } = globalThis as unknown as { crypto: { getRandomValues<T extends Uint8Array>(a: T): T } };
  return crypto.getRandomValues(new Uint8Array(5));
}

/**
 * A new compact reference (`AY7K3M9QXD4`). `random` returns at least 5 bytes (their first 40 bits
 * make the 8 random symbols); the default is Web Crypto. Uniqueness is the caller's: 40 bits make
 * a clash rare, and the database's unique index decides (draw again on a conflict).
 */
export function newTransferReference(random: () => Uint8Array = defaultRandom): string {
  const bytes = random();
  if (bytes.length < 5) throw new Error('newTransferReference: random() must return at least 5 bytes');
  // 40 bits as a number (exact below 2⁵³), read 5 bits at a time from the top.
  let bits = 0;
  for (let i = 0; i < 5; i++) bits = bits * 256 + bytes[i]!;
  const values: number[] = [];
  for (let i = REFERENCE_RANDOM_SYMBOLS - 1; i >= 0; i--) values.push(Math.floor(bits / 2 ** (5 * i)) % 32);
  values.push(checkValue(values));
  return REFERENCE_PREFIX + values.map((v) => CROCKFORD_ALPHABET[v]).join('');
}

/**
 * The compact, canonical reference for what a person typed (`ay-7k3m-9qxd-4`, `AY 7K3M 9QXD 4`,
 * `AY7K3M9QXD4`, `7K3M9QXD4` without the prefix, O for 0, I or L for 1), or null when it is not one
 * or its check symbol is wrong. The whole input must be the reference; to find one inside a bank's
 * description, use `findReferenceIn`.
 */
export function normalizeReference(s: string): string | null {
  const compact = s.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (compact.length === REFERENCE_LENGTH && compact.startsWith(REFERENCE_PREFIX)) {
    const symbols = symbolsValid(compact.slice(REFERENCE_PREFIX.length));
    return symbols === null ? null : REFERENCE_PREFIX + symbols;
  }
  if (compact.length === REFERENCE_LENGTH - REFERENCE_PREFIX.length) {
    const symbols = symbolsValid(compact);
    return symbols === null ? null : REFERENCE_PREFIX + symbols;
  }
  return null;
}

export function isValidReference(s: string): boolean {
  return normalizeReference(s) !== null;
}

/** `AY-7K3M-9QXD-4` for display and dictation; anything that is not a reference comes back unchanged. */
export function formatReference(s: string): string {
  const ref = normalizeReference(s);
  if (ref === null) return s;
  return `${ref.slice(0, 2)}-${ref.slice(2, 6)}-${ref.slice(6, 10)}-${ref.slice(10)}`;
}

/**
 * The reference inside a bank line's free text (remittance information, description, concept),
 * compact and canonical, or null. Finds it however the bank or the payer mangled it: any case,
 * spaces, dashes, dots or slashes removed or added (`AY 7K3M-9QXD.4`), O/0 and I/L/1 mixed up, and
 * glued to the words around it (`PAGOAY7K3M9QXD4JUAN`). A candidate whose check symbol is wrong is
 * not a reference. When the text holds several candidates, the best (see `findReferencesIn`).
 */
export function findReferenceIn(freeText: string | null | undefined): string | null {
  return findReferencesIn(freeText)[0] ?? null;
}

/**
 * Every reference candidate in the text, best first, each once. Separators (anything but A–Z and
 * 0–9) are dropped and every `AY` in what is left is tried with the 9 symbols after it; those
 * that pass the check are candidates. One that starts and ends on word boundaries of the original
 * text comes first, then one that starts on a boundary, then one that ends on one, then the rest,
 * each group in text order. The later groups exist for glued text, and they let through a false
 * candidate with probability 1/32 wherever "ay" sits inside a word followed by nine letters or
 * digits (`ARREGLAYA PAGO PROYECTO` reads `AYAPAGOPRO`, `GARAY` + a reference's first symbols):
 * a matcher should try every candidate against the references it expects, not only the first.
 */
export function findReferencesIn(freeText: string | null | undefined): string[] {
  if (!freeText) return [];
  const upper = freeText.toUpperCase();
  // The text's letters and digits (A–Z, 0–9; anything else separates), and where words start and end.
  let compact = '';
  const wordStart: boolean[] = [];
  const wordEnd: boolean[] = [];
  let previousWasSeparator = true;
  for (let i = 0; i < upper.length; i++) {
    const c = upper.charCodeAt(i);
    const isSymbol = (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
    if (isSymbol) {
      compact += upper[i];
      wordStart.push(previousWasSeparator);
      wordEnd.push(false);
      previousWasSeparator = false;
    } else {
      if (!previousWasSeparator && wordEnd.length > 0) wordEnd[wordEnd.length - 1] = true;
      previousWasSeparator = true;
    }
  }
  if (wordEnd.length > 0) wordEnd[wordEnd.length - 1] = true;

  const found: { ref: string; rank: number; at: number }[] = [];
  for (let at = compact.indexOf(REFERENCE_PREFIX); at >= 0 && at + REFERENCE_LENGTH <= compact.length; at = compact.indexOf(REFERENCE_PREFIX, at + 1)) {
    const symbols = symbolsValid(compact.slice(at + REFERENCE_PREFIX.length, at + REFERENCE_LENGTH));
    if (symbols === null) continue;
    const starts = wordStart[at]!;
    const ends = wordEnd[at + REFERENCE_LENGTH - 1]!;
    found.push({ ref: REFERENCE_PREFIX + symbols, rank: starts && ends ? 0 : starts ? 1 : ends ? 2 : 3, at });
  }
  found.sort((a, b) => a.rank - b.rank || a.at - b.at);
  return [...new Set(found.map((f) => f.ref))];
}
