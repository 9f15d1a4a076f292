import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a BOM, the headers and CRLF rows; quotes cells with commas, quotes and line breaks', () => {
    const csv = toCsv(
      ['Correo', 'Fecha'],
      [
        ['ana@ejemplo.do', '2026-01-02'],
        ['Peña, "Lucía"', 'línea 1\nlínea 2'],
      ],
    );
    expect(csv).toBe('\uFEFFCorreo,Fecha\r\nana@ejemplo.do,2026-01-02\r\n"Peña, ""Lucía""","línea 1\nlínea 2"\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 809 555 1234')).toBe("'+1 809 555 1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes empty cells for null and undefined, numbers and booleans as text', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[null, undefined, 3, true]])).toBe('\uFEFFa,b,c,d\r\n,,3,true\r\n');
  });
});
