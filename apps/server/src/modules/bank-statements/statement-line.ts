import crypto from 'node:crypto';
import type { StatementIssue, StatementLine } from '@arreglaya/shared/schemas/bank-statements';
import { statements as ts } from '@arreglaya/shared/i18n/statements';

export type { StatementIssue, StatementLine } from '@arreglaya/shared/schemas/bank-statements';

// What every statement parser (camt.053, CSV, the automated feed) gives back, and the pieces they
// share: exact decimal amounts to minor units, derived transaction ids, and the per-file
// bookkeeping (a bad line is reported and skipped, a line seen twice is counted once).

export type StatementFormat = 'camt053' | 'csv' | 'feed';

/** One account statement inside a file (a camt.053 may hold several: accounts or days). */
export interface StatementInfo {
  /** The account as the bank identifies it (IBAN, or its own number); null when the file does not say. */
  account: string | null;
  /** The account's currency when the file says it. */
  currency: string | null;
  /** The period the statement covers (YYYY-MM-DD), when the file says it. */
  from: string | null;
  to: string | null;
  /** Its lines are `lines.slice(firstLine, firstLine + lineCount)` of the result. */
  firstLine: number;
  lineCount: number;
}

export type StatementParseResult =
  | {
      ok: true;
      format: StatementFormat;
      /** The movements, in file order, each bankTxId once. */
      lines: StatementLine[];
      /** Lines not imported, with why ("el monto «1.234,5x» no es un número"); show with `statements.atLine`. */
      errors: StatementIssue[];
      /** Lines that repeat an earlier line of the same file (same bankTxId): counted once. */
      duplicates: StatementIssue[];
      /** Entries deliberately left out (camt.053 entries not yet booked: pending or information only). */
      skipped: StatementIssue[];
      statements: StatementInfo[];
    }
  | {
      ok: false;
      /** Why the whole file was refused (a sentence): it is not a statement, is too large, is damaged… */
      error: string;
    };

/** Size cap for one file: a month of a busy account in camt.053 with full details is a few MB. */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

export function tooLarge(maxBytes: number): { ok: false; error: string } {
  return { ok: false, error: ts.file.tooLarge(Math.floor(maxBytes / (1024 * 1024))) };
}

// ---------------------------------------------------------------------------------------------
// Amounts.

/** ISO 4217 currencies whose minor unit is not the cent; every other has 2 decimals. */
const MINOR_DIGITS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
}; // prettier-ignore

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/** Beyond 15 digits a number is no longer exact in a double for every value. */
const MAX_MINOR_DIGITS = 15;

export type MinorAmount = { ok: true; minor: number } | { ok: false; message: string };

/**
 * An unsigned decimal written with `.` (`"1234.5"`, `"0.50"`, `"12"`) to an integer of minor units,
 * exactly (string arithmetic, never a float). More decimals than the currency has are refused
 * unless they are zeros (`"10.500"` DOP is 1050, `"10.505"` is an error). `shown` is what the
 * message quotes (the cell as the bank wrote it).
 */
export function decimalToMinor(decimal: string, currency: string, shown = decimal): MinorAmount {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(decimal);
  if (!m || (m[1] === '' && !m[2])) return { ok: false, message: ts.line.amountNotNumber(shown) };
  const digits = minorDigits(currency);
  const fraction = m[2] ?? '';
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return { ok: false, message: ts.line.amountTooPrecise(shown, currency, digits) };
  const all = (m[1]! + fraction.slice(0, digits).padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  if (all.length > MAX_MINOR_DIGITS) return { ok: false, message: ts.line.amountTooLarge(shown) };
  const minor = Number(all);
  if (minor === 0) return { ok: false, message: ts.line.amountZero };
  return { ok: true, minor };
}

// ---------------------------------------------------------------------------------------------
// Derived transaction ids.

/**
 * An id for a line the bank gave none: `h:` + 32 hex digits of SHA-256 over the line's facts and
 * its occurrence among identical lines of the file (0 for the first, 1 for the second…). The
 * same file imported again, or another export overlapping it, gives the same ids, so its lines
 * count once; two genuinely identical movements (same day, amount, text and, when the bank shows
 * it, running balance) stay two lines because their occurrences differ. The price: if a later
 * export holds only the second of two identical movements, it is taken for the first. Facts that
 * change between exports of the same line (its position in the file, the export's date) are left out.
 */
export function derivedTxId(facts: readonly string[], occurrence: number): string {
  const hash = crypto.createHash('sha256');
  hash.update(factsKey(facts)).update('\u001e').update(String(occurrence));
  return `h:${hash.digest('hex').slice(0, 32)}`;
}

/** The facts as one string, compared without regard to case or runs of spaces. */
function factsKey(facts: readonly string[]): string {
  return facts.map((fact) => fact.replace(/\s+/g, ' ').trim().toUpperCase()).join('\u001f');
}

// ---------------------------------------------------------------------------------------------
// A file's bookkeeping.

const MAX_TX_ID_LENGTH = 200;

export class StatementCollector {
  readonly lines: StatementLine[] = [];
  readonly errors: StatementIssue[] = [];
  readonly duplicates: StatementIssue[] = [];
  readonly skipped: StatementIssue[] = [];
  readonly statements: StatementInfo[] = [];
  private readonly firstLineOf = new Map<string, number>();
  private readonly occurrences = new Map<string, number>();

  constructor(private readonly format: StatementFormat) {}

  /**
   * Keeps the line unless its bankTxId was already seen in this file (then it is a duplicate). An
   * id longer than StatementLineSchema allows (a CSV column holding something else) is hashed.
   */
  add(line: number, statementLine: StatementLine): void {
    if (statementLine.bankTxId.length > MAX_TX_ID_LENGTH) statementLine = { ...statementLine, bankTxId: derivedTxId([statementLine.bankTxId], 0) };
    const first = this.firstLineOf.get(statementLine.bankTxId);
    if (first !== undefined) {
      this.duplicates.push({ line, message: ts.line.duplicate(first) });
      return;
    }
    this.firstLineOf.set(statementLine.bankTxId, line);
    this.lines.push(statementLine);
  }

  error(line: number, message: string): void {
    this.errors.push({ line, message });
  }

  skip(line: number, message: string): void {
    this.skipped.push({ line, message });
  }

  /** How many lines with these facts were met before in this file (for `derivedTxId`). */
  occurrence(facts: readonly string[]): number {
    const key = factsKey(facts);
    const n = this.occurrences.get(key) ?? 0;
    this.occurrences.set(key, n + 1);
    return n;
  }

  result(): StatementParseResult {
    return { ok: true, format: this.format, lines: this.lines, errors: this.errors, duplicates: this.duplicates, skipped: this.skipped, statements: this.statements };
  }
}

/** Texts joined for a line's description: trimmed, inner runs of spaces collapsed, empty and repeated ones left out. */
export function joinTexts(texts: readonly (string | null | undefined)[]): string {
  const seen: string[] = [];
  for (const text of texts) {
    const t = text?.replace(/\s+/g, ' ').trim();
    if (t && !seen.includes(t)) seen.push(t);
  }
  return seen.join(' | ');
}

/**
 * Windows-1252 bytes to text. Node 20's TextDecoder('windows-1252') decodes 0x80–0x9F as C1
 * controls (ISO-8859-1), not as € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ' ' " " • – — ˜ ™ š › œ ž Ÿ, so those are mapped here.
 * The five bytes Windows-1252 leaves undefined stay their C1 controls, as browsers decode them.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
}

const WINDOWS_1252_C1 = [
  ...'\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178',
];

/** A UTF-8 or other byte-order mark at the start of decoded text. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
