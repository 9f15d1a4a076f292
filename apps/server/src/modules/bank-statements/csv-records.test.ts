import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../lib/csv.ts';
import { readCsvRecords } from './csv-records.ts';

const cells = (text: string, delimiter = ',') => readCsvRecords(text, delimiter).records.map((r) => r.cells);

describe('readCsvRecords (RFC 4180)', () => {
  it.each([
    [
      'a,b,c\r\n1,2,3\r\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r1,2\r',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['"a,b",c\n', [['a,b', 'c']]],
    ['"say ""hola""",x\n', [['say "hola"', 'x']]],
    [
      '"two\r\nlines",x\r\nnext,y\r\n',
      [
        ['two\r\nlines', 'x'],
        ['next', 'y'],
      ],
    ],
    ['a,,c,\n', [['a', '', 'c', '']]],
    ['"",""\n', [['', '']]],
    ['\uFEFFFecha,Monto\n', [['Fecha', 'Monto']]],
    ['a\n\nb\n', [['a'], [''], ['b']]],
    // Lenient: a quote inside an unquoted field, text after a closing quote.
    ['ab"c,d\n', [['ab"c', 'd']]],
    ['"ab"c,d\n', [['abc', 'd']]],
  ])('reads %j', (text, expected) => {
    expect(cells(text)).toEqual(expected);
  });

  it('splits on semicolons and tabs when told', () => {
    expect(cells('a;"b;c";1,5\n', ';')).toEqual([['a', 'b;c', '1,5']]);
    expect(cells('a\t"b\tc"\td\n', '\t')).toEqual([['a', 'b\tc', 'd']]);
  });

  it('numbers records by the line they start on, line breaks inside quotes counted', () => {
    const { records } = readCsvRecords('h1,h2\r\n"a\r\nb\nc",x\r\nd,y\n\re,z', ',');
    expect(records.map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'h1'],
      [2, 'a\r\nb\nc'],
      [5, 'd'],
      [6, ''],
      [7, 'e'],
    ]);
  });

  it('reports a quote never closed and goes on from the next line', () => {
    const { records, unterminated } = readCsvRecords('a,b\n1,"broken\n2,ok\n3,fine\n', ',');
    expect(unterminated).toEqual([2]);
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [3, ['2', 'ok']],
      [4, ['3', 'fine']],
    ]);
  });

  it('reads back whatever the console writer writes', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Ñ', ',', '"', '\n', ' ', '1') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0]!.length;
        const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
        // (No cell starts with = + - @ or a carriage return, which the writer guards with an apostrophe.)
        const written = toCsv(table[0]!, table.slice(1));
        expect(cells(written)).toEqual(table);
      }),
    );
  });
});
