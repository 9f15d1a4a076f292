import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { CURRENCY_CODE, type CsvColumn, type CsvDateFormat, type CsvMapping } from '@arreglaya/shared/schemas/bank-statements';
import { findReferenceIn } from '@arreglaya/shared/transfer-reference';
import { readCsvRecords, type CsvRecord } from './csv-records.ts';
import { DEFAULT_MAX_BYTES, StatementCollector, decimalToMinor, decodeWindows1252, derivedTxId, joinTexts, tooLarge, type StatementParseResult } from './statement-line.ts';

// A bank's CSV export, read through the column mapping configured for that bank in the console
// (CsvMappingSchema, packages/shared/src/schemas/bank-statements.ts).
//
// - Encoding: the mapping's (`latin1` is read as Windows-1252); a UTF-8 byte-order mark wins, and
//   a file that is not valid in the configured encoding but is in the other is read in the other
//   (a Latin-1 file is never valid UTF-8 once it has an accent; a UTF-8 file with accents read as
//   Windows-1252 would come out as "DepÃ³sito").
// - The header row: the first record, from `skipRows` on, that holds every column the mapping
//   names (compared without case, accents or extra spaces), so a bank that adds a title line does
//   not break the import. Columns may also be given by position (1 = the first).
// - `footerRows` records at the end (totals, closing balance) and blank records are passed over.
// - Amounts: "1,234.56" or "1.234,56" as the mapping says (thousands groups checked, so the
//   wrong separator is an error, not a thousandfold amount); a leading or trailing minus or
//   parentheses make a debit in a single amount column; RD$, US$, $, DOP or USD around the number
//   are ignored.
// - bankTxId: the mapped column when the bank gives one; else derived from the date, direction,
//   amount, currency, description and running balance (when mapped), plus the line's occurrence
//   among identical ones (`derivedTxId`: the same file or an overlapping export gives the same
//   ids; two identical movements on one day without a balance column are told apart only by
//   their order, and a later export holding only the second is taken for the first).

export interface CsvStatementOptions {
  maxBytes?: number;
}

/** How a person reads the date format (the messages quote it). */
const DATE_FORMAT_LABEL: Record<CsvDateFormat, string> = { 'dd/mm/yyyy': 'dd/mm/aaaa', 'mm/dd/yyyy': 'mm/dd/aaaa', 'yyyy-mm-dd': 'aaaa-mm-dd' };

const CURRENCY_ALIASES: Record<string, string> = { RD$: 'DOP', RD: 'DOP', DOP$: 'DOP', US$: 'USD', USD$: 'USD', U$S: 'USD', US: 'USD' };

function decode(bytes: Uint8Array, encoding: CsvMapping['encoding']): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  let utf8: string | null;
  try {
    utf8 = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8 = null;
  }
  if (encoding === 'utf-8') return utf8 ?? decodeWindows1252(bytes);
  // Latin-1 configured: valid UTF-8 with something beyond ASCII is UTF-8 (the reverse is next to impossible).
  if (utf8 !== null && bytes.some((b) => b >= 0x80)) return utf8;
  return decodeWindows1252(bytes);
}

/** A header as compared: lower case, no accents, single spaces. */
function headerKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function columnLabel(column: CsvColumn): string {
  return typeof column === 'number' ? String(column) : column;
}

export function parseDay(value: string, format: CsvDateFormat): string | null {
  const v = value.trim();
  let m: RegExpExecArray | null;
  let year: number, month: number, day: number;
  if (format === 'yyyy-mm-dd') {
    m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T].*)?$/.exec(v);
    if (!m) return null;
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T].*)?$/.exec(v);
    if (!m) return null;
    [year, month, day] = format === 'dd/mm/yyyy' ? [Number(m[3]), Number(m[2]), Number(m[1])] : [Number(m[3]), Number(m[1]), Number(m[2])];
  }
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Digits grouped by three with the other separator, or plain digits; then the decimal part. */
const AMOUNT_PATTERN = {
  '.': /^(?:(\d{1,3}(?:,\d{3})+)|(\d+))?(?:\.(\d+))?$/,
  ',': /^(?:(\d{1,3}(?:\.\d{3})+)|(\d+))?(?:,(\d+))?$/,
};

export type LocaleAmount = { ok: true; negative: boolean; decimal: string } | { ok: false };

/**
 * A bank's written amount ("RD$ 1,234.56", "-1.234,56", "(500.00)", "1234,5-") as a sign and a
 * plain decimal with `.` ("1234.56"), or not a number. Thousands separators must group by three.
 */
export function parseLocaleAmount(cell: string, decimalSeparator: '.' | ','): LocaleAmount {
  let s = cell.replace(/[\s\u00a0\u202f]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-');
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = true;
    s = s.slice(0, -1);
  }
  s = s.replace(/^(RD\$|US\$|DOP|USD|\$)/i, '').replace(/(RD\$|US\$|DOP|USD|\$)$/i, '');
  if (!negative && s.startsWith('-')) {
    // "RD$-1,234.00"
    negative = true;
    s = s.slice(1);
  }
  const group = decimalSeparator === '.' ? ',' : '.';
  const m = AMOUNT_PATTERN[decimalSeparator].exec(s);
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return { ok: false };
  const whole = (m[1] ?? m[2] ?? '0').split(group).join('');
  return { ok: true, negative, decimal: m[3] === undefined ? whole : `${whole}.${m[3]}` };
}

function isZero(decimal: string): boolean {
  return !/[1-9]/.test(decimal);
}

export function parseCsvStatement(input: string | Uint8Array, mapping: CsvMapping, options: CsvStatementOptions = {}): StatementParseResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (input.length > maxBytes) return tooLarge(maxBytes);
  const text = typeof input === 'string' ? input : decode(input, mapping.encoding);
  if (text.replace(/^\uFEFF/, '').trim() === '') return { ok: false, error: ts.file.empty };
  if (/^\s*<(\?xml|[A-Za-z])/.test(text.replace(/^\uFEFF/, ''))) return { ok: false, error: ts.file.notStatement };

  const { records, unterminated } = readCsvRecords(text, mapping.delimiter);
  const collector = new StatementCollector('csv');
  for (const line of unterminated) collector.error(line, ts.line.unterminatedQuote);

  // Where the columns are.
  const c = mapping.columns;
  const wanted: CsvColumn[] = [c.date, c.amount, c.credit, c.debit, c.direction?.column, c.currency, ...c.description, c.bankTxId, c.payerName, c.payerAccount, c.balance].filter(
    (col): col is CsvColumn => col !== undefined,
  );
  const names = [...new Set(wanted.filter((col): col is string => typeof col === 'string'))];
  let first = mapping.skipRows;
  let headerCells: string[] | null = null;
  if (mapping.hasHeader) {
    const keys = names.map(headerKey);
    const limit = Math.min(records.length, mapping.skipRows + 50);
    let at = -1;
    for (let r = mapping.skipRows; r < limit; r++) {
      const cells = records[r]!.cells.map(headerKey);
      if (keys.every((k) => cells.includes(k)) && (names.length > 0 || records[r]!.cells.some((cell) => cell.trim() !== ''))) {
        at = r;
        break;
      }
    }
    if (at === -1) {
      if (records.length === 0 || !records.some((r) => r.cells.length > 1)) return { ok: false, error: ts.file.notStatement };
      return { ok: false, error: ts.file.headerNotFound(names.map((name) => `«${name}»`).join(', ')) };
    }
    headerCells = records[at]!.cells.map(headerKey);
    first = at + 1;
  }
  const positions = new Map<CsvColumn, number>(wanted.map((col) => [col, typeof col === 'number' ? col - 1 : headerCells!.indexOf(headerKey(col))]));

  // The movements: after the header, blank records and the footer left out.
  const body = records.slice(first).filter((r) => r.cells.some((cell) => cell.trim() !== ''));
  const rows = body.slice(0, Math.max(0, body.length - mapping.footerRows));
  const directionValues = c.direction && {
    credit: new Set(c.direction.credit.map(headerKey)),
    debit: new Set(c.direction.debit.map(headerKey)),
  };

  for (const row of rows) readRow(row);
  collector.errors.sort((a, b) => a.line - b.line);
  return collector.result();

  function readRow(row: CsvRecord): void {
    let missing: string | null = null;
    const cell = (col: CsvColumn | undefined): string | null => {
      if (col === undefined) return null;
      const value = row.cells[positions.get(col)!];
      if (value === undefined) {
        missing ??= columnLabel(col);
        return null;
      }
      return value.trim();
    };

    const rawDate = cell(c.date);
    if (missing) return collector.error(row.line, ts.line.columnMissing(missing));
    if (!rawDate) return collector.error(row.line, ts.line.dateMissing);
    const bookedOn = parseDay(rawDate, mapping.dateFormat);
    if (bookedOn === null) return collector.error(row.line, ts.line.dateInvalid(rawDate, DATE_FORMAT_LABEL[mapping.dateFormat]));

    // Currency first: how many decimals an amount may have depends on it.
    const rawCurrency = cell(c.currency)?.toUpperCase() || null;
    const currency = rawCurrency ? (CURRENCY_ALIASES[rawCurrency] ?? rawCurrency) : (mapping.currency ?? null);
    if (currency === null) return collector.error(row.line, missing ? ts.line.columnMissing(missing) : ts.line.currencyMissing);
    if (!CURRENCY_CODE.test(currency)) return collector.error(row.line, ts.line.currencyInvalid(rawCurrency ?? currency));

    // Amount and direction.
    let direction: 'credit' | 'debit';
    let amountCell: string;
    let decimal: string;
    if (c.amount !== undefined) {
      const raw = cell(c.amount);
      if (missing) return collector.error(row.line, ts.line.columnMissing(missing));
      if (!raw) return collector.error(row.line, ts.line.amountMissing);
      const parsed = parseLocaleAmount(raw, mapping.decimalSeparator);
      if (!parsed.ok) return collector.error(row.line, ts.line.amountNotNumber(raw));
      amountCell = raw;
      decimal = parsed.decimal;
      direction = parsed.negative ? 'debit' : 'credit';
      if (directionValues) {
        const kind = cell(c.direction!.column) ?? '';
        if (missing) return collector.error(row.line, ts.line.columnMissing(missing));
        const key = headerKey(kind);
        if (directionValues.credit.has(key)) direction = 'credit';
        else if (directionValues.debit.has(key)) direction = 'debit';
        else return collector.error(row.line, kind ? ts.line.directionInvalid(kind) : ts.line.directionMissing);
      }
    } else {
      const rawCredit = cell(c.credit) ?? '';
      const rawDebit = cell(c.debit) ?? '';
      if (missing && !rawCredit && !rawDebit) return collector.error(row.line, ts.line.columnMissing(missing));
      const credit = rawCredit ? parseLocaleAmount(rawCredit, mapping.decimalSeparator) : null;
      const debit = rawDebit ? parseLocaleAmount(rawDebit, mapping.decimalSeparator) : null;
      if (credit && !credit.ok) return collector.error(row.line, ts.line.amountNotNumber(rawCredit));
      if (debit && !debit.ok) return collector.error(row.line, ts.line.amountNotNumber(rawDebit));
      const creditValue = credit?.ok && !isZero(credit.decimal) ? credit.decimal : null;
      const debitValue = debit?.ok && !isZero(debit.decimal) ? debit.decimal : null;
      if (creditValue && debitValue) return collector.error(row.line, ts.line.debitAndCredit);
      if (!creditValue && !debitValue) return collector.error(row.line, credit || debit ? ts.line.amountZero : ts.line.amountMissing);
      direction = creditValue ? 'credit' : 'debit';
      amountCell = creditValue ? rawCredit : rawDebit;
      decimal = (creditValue ?? debitValue)!;
    }
    const minor = decimalToMinor(decimal, currency, amountCell);
    if (!minor.ok) return collector.error(row.line, minor.message);

    const descriptions = c.description.map((col) => cell(col));
    const description = joinTexts(descriptions);
    let reference: string | null = null;
    for (const text of descriptions) {
      reference = findReferenceIn(text);
      if (reference) break;
    }
    let bankTxId = cell(c.bankTxId) || null;
    if (bankTxId === null) {
      const balance = cell(c.balance) ?? '';
      const facts = [bookedOn, direction, String(minor.minor), currency, description, balance.replace(/[^\d()-]/g, '')];
      bankTxId = derivedTxId(facts, collector.occurrence(facts));
    }
    collector.add(row.line, {
      bankTxId,
      bookedOn,
      amountMinor: minor.minor,
      currency,
      direction,
      reversal: false,
      reference,
      description,
      payerName: cell(c.payerName) || null,
      payerAccount: cell(c.payerAccount) || null,
    });
  }
}
