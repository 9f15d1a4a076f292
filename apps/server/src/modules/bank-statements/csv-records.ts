// An RFC 4180 reader for bank exports: fields separated by the delimiter, records by CRLF, LF or
// a lone CR; a field that starts with a double quote runs to the next quote not doubled, and may
// hold delimiters, line breaks and doubled quotes (`""` → `"`). Lenient where banks are sloppy and
// the meaning is plain: a quote inside an unquoted field is kept as written, and text after a
// closing quote is appended to the field. A byte-order mark at the start is dropped.
//
// A quoted field that is never closed would swallow the rest of the file: that record is reported
// (`unterminated`) and reading goes on from the line after the one it started on, so one stray
// quote costs one line, not the file.

export interface CsvRecord {
  /** The physical line (1-based) the record starts on. */
  line: number;
  cells: string[];
}

export interface CsvReadResult {
  records: CsvRecord[];
  /** Lines where a quoted field was opened and never closed. */
  unterminated: number[];
}

const QUOTE = 34;
const LF = 10;
const CR = 13;

export function readCsvRecords(input: string, delimiter: string): CsvReadResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delim = delimiter.charCodeAt(0);
  const records: CsvRecord[] = [];
  const unterminated: number[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;

  while (i < n) {
    const startLine = line;
    const startIndex = i;
    const cells: string[] = [];
    let field = '';
    let broken = false;
    // One record.
    for (;;) {
      if (i < n && text.charCodeAt(i) === QUOTE) {
        // Quoted field.
        i++;
        let closed = false;
        while (i < n) {
          const q = text.indexOf('"', i);
          if (q === -1) break;
          const chunk = text.slice(i, q);
          field += chunk;
          for (let k = 0; k < chunk.length; k++) {
            const c = chunk.charCodeAt(k);
            if (c === LF || (c === CR && chunk.charCodeAt(k + 1) !== LF)) line++;
          }
          if (text.charCodeAt(q + 1) === QUOTE) {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            closed = true;
            break;
          }
        }
        if (!closed) {
          broken = true;
          break;
        }
      }
      // Unquoted field, or what follows a closing quote: up to the delimiter or the line's end.
      let j = i;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === delim || c === LF || c === CR) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
      cells.push(field);
      field = '';
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === delim) {
        i++;
        continue;
      }
      // End of the record.
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    if (broken) {
      unterminated.push(startLine);
      // Start again on the line after the record's first line.
      let j = startIndex;
      while (j < n && text.charCodeAt(j) !== LF && text.charCodeAt(j) !== CR) j++;
      i = j < n ? j + (text.charCodeAt(j) === CR && text.charCodeAt(j + 1) === LF ? 2 : 1) : n;
      line = startLine + 1;
      continue;
    }
    records.push({ line: startLine, cells });
  }
  return { records, unterminated };
}
