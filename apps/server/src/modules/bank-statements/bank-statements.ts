import { statements as ts } from '@arreglaya/shared/i18n/statements';
import type { CsvMapping } from '@arreglaya/shared/schemas/bank-statements';
import { parseCamt053 } from './camt053.ts';
import { parseCsvStatement } from './csv-statement.ts';
import { DEFAULT_MAX_BYTES, tooLarge, type StatementParseResult } from './statement-line.ts';

// The console's statement import (issue 47): one entry point for a file whatever its kind.
// Database-free: the caller stores the lines (keyed by account and bankTxId, so a line imported
// twice counts once) and matches them by reference and amount.

export { parseCamt053, type Camt053Options } from './camt053.ts';
export { parseCsvStatement, type CsvStatementOptions } from './csv-statement.ts';
export { parseFeedLines } from './feed.ts';
export { DEFAULT_MAX_BYTES, type StatementFormat, type StatementInfo, type StatementIssue, type StatementLine, type StatementParseResult } from './statement-line.ts';

export interface StatementFileOptions {
  /** The bank's CSV layout; without one, only a camt.053 is accepted. */
  mapping?: CsvMapping;
  maxBytes?: number;
}

/** Whether the bytes look like XML (after a byte-order mark and white space). */
function looksLikeXml(input: string | Uint8Array): boolean {
  const head = typeof input === 'string' ? input.slice(0, 64) : new TextDecoder('utf-8').decode(input.subarray(0, 64)).replaceAll('\u0000', '');
  return /^\s*</.test(head.replace(/^[\uFEFF\uFFFD]+/, ''));
}

/** A statement file: a camt.053 when it is XML, else a CSV read with the bank's mapping. */
export function parseStatementFile(input: string | Uint8Array, options: StatementFileOptions = {}): StatementParseResult {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (input.length > maxBytes) return tooLarge(maxBytes);
  if (looksLikeXml(input)) return parseCamt053(input, { maxBytes });
  if (!options.mapping) return { ok: false, error: ts.file.notStatement };
  return parseCsvStatement(input, options.mapping, { maxBytes });
}
