/**
 * The console's one CSV writer (newsletter list, log trail). RFC 4180: comma-separated, CRLF line
 * ends, a cell quoted when it holds a comma, quote or line break, quotes doubled. A cell that a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return before
 * one) gets a leading apostrophe, so opening the file runs nothing (OWASP "CSV injection").
 * Starts with a byte-order mark so spreadsheet programs read the Spanish accents as UTF-8.
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(','));
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A file name for Content-Disposition: `name-YYYY-MM-DD.csv`. */
export function csvFileName(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`;
}
