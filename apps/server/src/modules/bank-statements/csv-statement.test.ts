import fs from 'node:fs';
import path from 'node:path';
import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { CsvMappingSchema, StatementLineSchema, type CsvMapping, type CsvMappingInput } from '@arreglaya/shared/schemas/bank-statements';
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_CSV_MAPPING, syntheticCsv } from '../../../test/support/bank-statement-files.ts';
import { parseCsvStatement, parseDay, parseLocaleAmount } from './csv-statement.ts';
import type { StatementParseResult } from './statement-line.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/statements');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));
const mappingOf = (bank: string) => CsvMappingSchema.parse(JSON.parse(fixture(`${bank}.mapping.json`).toString('utf8')));

function ok(result: StatementParseResult) {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  for (const line of result.lines) StatementLineSchema.parse(line);
  return result;
}

const SIMPLE: CsvMappingInput = {
  dateFormat: 'dd/mm/yyyy',
  columns: { date: 'Fecha', amount: 'Monto', description: ['Descripción'], bankTxId: 'Ref' },
  currency: 'DOP',
};
const simple = (overrides: Partial<CsvMappingInput> = {}): CsvMapping => CsvMappingSchema.parse({ ...SIMPLE, ...overrides });

describe('parseCsvStatement: the three banks', () => {
  it('reads Banco Popular: title lines, Débito/Crédito columns, a description over two lines', () => {
    const r = ok(parseCsvStatement(fixture('banco-popular.csv'), mappingOf('banco-popular')));
    expect(r.format).toBe('csv');
    expect(r.errors).toEqual([]);
    expect(r.lines.map((l) => [l.bankTxId, l.bookedOn, l.amountMinor, l.direction, l.reference])).toEqual([
      ['2025031400012345', '2025-03-14', 1_500_000, 'credit', 'AY24FJYFAS2'],
      ['2025031400012377', '2025-03-14', 850_050, 'credit', 'AY48Z5WYNJE'],
      ['2025031400012390', '2025-03-14', 125_000, 'debit', null],
      ['2025031500000981', '2025-03-15', 2_250_000, 'credit', 'AY6DERVDRBJ'],
      ['2025031500001002', '2025-03-15', 1_000_000, 'credit', 'AYCTX1MVGP6'],
      // "25.00" debit, "0.00" credit: a debit.
      ['2025031500001120', '2025-03-15', 2_500, 'debit', null],
    ]);
    expect(r.lines[3]!.description).toBe('TRANSFERENCIA PAGO PROYECTO AY6DER VDRBJ "FERRETERIA GOMEZ"');
    expect(r.lines.every((l) => l.currency === 'DOP' && !l.reversal && l.payerName === null)).toBe(true);
  });

  it('reads Banreservas: Windows-1252, 1.234,56, a CR/DB column, derived ids, totals at the end', () => {
    const bytes = fixture('banreservas.csv');
    expect(bytes.includes(Buffer.from('Depósito', 'utf8'))).toBe(false);
    const r = ok(parseCsvStatement(bytes, mappingOf('banreservas')));
    expect(r.errors).toEqual([]);
    expect(r.lines.map((l) => [l.bookedOn, l.amountMinor, l.direction, l.reference, l.description])).toEqual([
      ['2025-04-03', 1_250_000, 'credit', 'AYEZCMKAVFZ', 'Depósito por transferencia de Ana Lucía Núñez AY-EZCM-KAVF-Z'],
      ['2025-04-03', 15_000, 'debit', null, 'Comisión mantenimiento'],
      ['2025-04-03', 780_000, 'credit', 'AYH3W7HT68W', 'TRANSF MOVIL JOSE ANTONIO REYES ref ayh3w7ht68w'],
      ['2025-04-04', 200_000, 'credit', null, 'Depósito en efectivo sucursal Herrera'],
      ['2025-04-04', 200_000, 'credit', null, 'Depósito en efectivo sucursal Herrera'],
      ['2025-04-04', 500_000, 'debit', null, 'Pago préstamo'],
    ]);
    // No transaction id in the file: derived, stable, and the two identical deposits stay two.
    const ids = r.lines.map((l) => l.bankTxId);
    expect(new Set(ids).size).toBe(6);
    for (const id of ids) expect(id).toMatch(/^h:[0-9a-f]{32}$/);
    expect(ok(parseCsvStatement(bytes, mappingOf('banreservas'))).lines.map((l) => l.bankTxId)).toEqual(ids);
    expect(r.duplicates).toEqual([]);
  });

  it('reads BHD: mm/dd/yyyy, a signed amount, DOP and USD, doubled quotes, the payer', () => {
    const r = ok(parseCsvStatement(fixture('banco-bhd.csv'), mappingOf('banco-bhd')));
    expect(r.errors).toEqual([]);
    expect(r.lines.map((l) => [l.bankTxId, l.bookedOn, l.amountMinor, l.currency, l.direction, l.reference, l.payerName, l.payerAccount])).toEqual([
      ['BHD250401000311', '2025-04-01', 630_000, 'DOP', 'credit', 'AYN8VDCRKTX', 'PEDRO ALMONTE', '700555111'],
      ['BHD250401000322', '2025-04-01', 1_800_000, 'DOP', 'credit', 'AYQDAGB7YKB', 'JUANA BAUTISTA', '700999222'],
      ['BHD250401000350', '2025-04-01', 4_500_000, 'DOP', 'debit', null, null, null],
      ['BHD250402000107', '2025-04-02', 95_000, 'USD', 'credit', 'AYSHT39Q1CP', 'JOHN SMITH', 'GB33BUKB20201555555555'],
      ['BHD250402000131', '2025-04-02', 2_500, 'USD', 'debit', null, null, null],
    ]);
    expect(r.lines[1]!.description).toBe('Transferencia "urgente" AY QDAG B7YK B');
  });

  it('gives the same ids when a file is imported again', () => {
    for (const bank of ['banco-popular', 'banreservas', 'banco-bhd']) {
      const a = ok(parseCsvStatement(fixture(`${bank}.csv`), mappingOf(bank)));
      const b = ok(parseCsvStatement(fixture(`${bank}.csv`), mappingOf(bank)));
      expect(b.lines).toEqual(a.lines);
    }
  });
});

describe('parseCsvStatement: amounts, dates, encodings', () => {
  it.each([
    ['1,234.56', '.', false, '1234.56'],
    ['1234.56', '.', false, '1234.56'],
    ['1.234,56', ',', false, '1234.56'],
    ['1234,5', ',', false, '1234.5'],
    ['1 234,56', ',', false, '1234.56'],
    ['-1,234.56', '.', true, '1234.56'],
    ['1,234.56-', '.', true, '1234.56'],
    ['(1,234.56)', '.', true, '1234.56'],
    ['RD$ 1,234.56', '.', false, '1234.56'],
    ['RD$-1,234.56', '.', true, '1234.56'],
    ['US$950.00', '.', false, '950.00'],
    ['1,234,567.00', '.', false, '1234567.00'],
    ['.50', '.', false, '0.50'],
    ['12', ',', false, '12'],
  ] as const)('reads %j with decimal %j', (cell, separator, negative, decimal) => {
    expect(parseLocaleAmount(cell, separator)).toEqual({ ok: true, negative, decimal });
  });

  it.each([
    ['1.234,5x', ','],
    ['1,234.56', ','],
    ['1.234,56', '.'],
    ['1,23.00', '.'],
    ['abc', '.'],
    ['', '.'],
    ['1.2.3', '.'],
    ['--5', '.'],
  ] as const)('refuses %j with decimal %j', (cell, separator) => {
    expect(parseLocaleAmount(cell, separator)).toEqual({ ok: false });
  });

  it.each([
    ['14/03/2025', 'dd/mm/yyyy', '2025-03-14'],
    ['4/3/2025', 'dd/mm/yyyy', '2025-03-04'],
    ['14-03-2025 10:22:01', 'dd/mm/yyyy', '2025-03-14'],
    ['03/14/2025', 'mm/dd/yyyy', '2025-03-14'],
    ['2025-03-14', 'yyyy-mm-dd', '2025-03-14'],
    ['2025/3/4', 'yyyy-mm-dd', '2025-03-04'],
    ['2025-03-14T08:00:00', 'yyyy-mm-dd', '2025-03-14'],
    ['29/02/2024', 'dd/mm/yyyy', '2024-02-29'],
    ['29/02/2025', 'dd/mm/yyyy', null],
    ['03/14/2025', 'dd/mm/yyyy', null],
    ['14/03/25', 'dd/mm/yyyy', null],
    ['2025-03-14', 'dd/mm/yyyy', null],
  ] as const)('reads the day %j as %s', (value, format, expected) => {
    expect(parseDay(value, format)).toBe(expected);
  });

  it('reads a Latin-1 file configured as UTF-8, and a UTF-8 file configured as Latin-1', () => {
    const text = 'Fecha,Descripción,Monto,Ref\n01/05/2025,Depósito de Núñez AY24FJYFAS2,100.00,R1\n';
    for (const encoding of ['utf-8', 'latin1'] as const) {
      for (const bytes of [Buffer.from(text, 'latin1'), Buffer.from(text, 'utf8'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])]) {
        const r = ok(parseCsvStatement(bytes, simple({ encoding })));
        expect(r.lines[0]!.description).toBe('Depósito de Núñez AY24FJYFAS2');
      }
    }
    // Windows-1252's own characters (€, curly quotes) in a Latin-1 file.
    const w1252 = Buffer.from([...Buffer.from('Fecha,Descripción,Monto,Ref\n01/05/2025,', 'latin1'), 0x93, 0x80, 0x94, ...Buffer.from(',100.00,R1\n')]);
    expect(ok(parseCsvStatement(w1252, simple({ encoding: 'latin1' }))).lines[0]!.description).toBe('“€”');
  });

  it('reads a semicolon or tab file with decimal commas', () => {
    const semicolon = 'Fecha;Descripción;Monto;Ref\n01/05/2025;PAGO;"1.234,56";R1\n';
    expect(ok(parseCsvStatement(semicolon, simple({ delimiter: ';', decimalSeparator: ',' }))).lines[0]!.amountMinor).toBe(123_456);
    const tab = 'Fecha\tDescripción\tMonto\tRef\n01/05/2025\tPAGO\t-1234,5\tR1\n';
    expect(ok(parseCsvStatement(tab, simple({ delimiter: '\t', decimalSeparator: ',' }))).lines[0]).toMatchObject({ amountMinor: 123_450, direction: 'debit' });
  });

  it('reads columns by position, in a file without a header', () => {
    const mapping = CsvMappingSchema.parse({ dateFormat: 'yyyy-mm-dd', hasHeader: false, columns: { date: 2, amount: 4, currency: 3, description: [1], bankTxId: 5 } });
    const r = ok(parseCsvStatement('PAGO AY24FJYFAS2,2025-05-01,USD,10.00,X1\n', mapping));
    expect(r.lines[0]).toMatchObject({ bankTxId: 'X1', currency: 'USD', amountMinor: 1000, reference: 'AY24FJYFAS2' });
  });
});

describe('parseCsvStatement: bad lines, duplicates, files that are not statements', () => {
  it('reports a malformed line with its line number and Spanish message, and imports the rest', () => {
    const text = [
      'Fecha,Descripción,Monto,Ref',
      '01/05/2025,uno,100.00,R1',
      '01/05/2025,dos,"1.234,5x",R2',
      '32/05/2025,tres,100.00,R3',
      ',cuatro,100.00,R4',
      '01/05/2025,cinco,,R5',
      '01/05/2025,seis',
      '01/05/2025,siete,0.00,R7',
      '01/05/2025,ocho,100.005,R8',
      '01/05/2025,"nueve',
      '01/05/2025,diez,100.00,R10',
    ].join('\r\n');
    const r = ok(parseCsvStatement(text, simple({ decimalSeparator: '.' })));
    expect(r.lines.map((l) => l.bankTxId)).toEqual(['R1', 'R10']);
    expect(r.errors).toEqual([
      { line: 3, message: ts.line.amountNotNumber('1.234,5x') },
      { line: 4, message: ts.line.dateInvalid('32/05/2025', 'dd/mm/aaaa') },
      { line: 5, message: ts.line.dateMissing },
      { line: 6, message: ts.line.amountMissing },
      { line: 7, message: ts.line.columnMissing('Monto') },
      { line: 8, message: ts.line.amountZero },
      { line: 9, message: ts.line.amountTooPrecise('100.005', 'DOP', 2) },
      { line: 10, message: ts.line.unterminatedQuote },
    ]);
    expect(ts.atLine(r.errors[0]!.line, r.errors[0]!.message)).toBe('Línea 3: el monto «1.234,5x» no es un número');
  });

  it('refuses a line with both a debit and a credit, and an unknown type or currency', () => {
    const mapping = CsvMappingSchema.parse({
      dateFormat: 'dd/mm/yyyy',
      columns: { date: 'Fecha', debit: 'Débito', credit: 'Crédito', currency: 'Moneda', description: ['Desc'] },
    });
    const r = ok(parseCsvStatement('Fecha,Desc,Débito,Crédito,Moneda\n01/05/2025,a,5.00,6.00,DOP\n01/05/2025,b,,6.00,pesos\n01/05/2025,c,,6.00,RD$\n', mapping));
    expect(r.errors).toEqual([
      { line: 2, message: ts.line.debitAndCredit },
      { line: 3, message: ts.line.currencyInvalid('PESOS') },
    ]);
    expect(r.lines[0]).toMatchObject({ currency: 'DOP', amountMinor: 600, direction: 'credit' });
    const typed = CsvMappingSchema.parse({ ...SIMPLE, columns: { ...SIMPLE.columns, direction: { column: 'Tipo', credit: ['Crédito', 'CR'], debit: ['Débito', 'DB'] } } });
    const t = ok(parseCsvStatement('Fecha,Descripción,Monto,Ref,Tipo\n01/05/2025,a,5.00,R1,credito\n01/05/2025,b,5.00,R2,DB\n01/05/2025,c,5.00,R3,XX\n', typed));
    expect(t.lines.map((l) => l.direction)).toEqual(['credit', 'debit']);
    expect(t.errors).toEqual([{ line: 4, message: ts.line.directionInvalid('XX') }]);
  });

  it('counts a line repeated in one file once (same bank id)', () => {
    const text = 'Fecha,Descripción,Monto,Ref\n01/05/2025,PAGO AY24FJYFAS2,100.00,R1\n01/05/2025,otro,50.00,R2\n01/05/2025,PAGO AY24FJYFAS2,100.00,R1\n';
    const r = ok(parseCsvStatement(text, simple()));
    expect(r.lines.map((l) => l.bankTxId)).toEqual(['R1', 'R2']);
    expect(r.duplicates).toEqual([{ line: 4, message: ts.line.duplicate(2) }]);
  });

  it('derives the same ids for the lines an overlapping export shares, whatever else it holds', () => {
    const noIds: CsvMappingInput = { ...SIMPLE, columns: { date: 'Fecha', amount: 'Monto', description: ['Descripción'], balance: 'Saldo' } };
    const header = 'Fecha,Descripción,Monto,Saldo';
    const morning = [header, '01/05/2025,DEPOSITO,100.00,1100.00', '01/05/2025,DEPOSITO,100.00,1200.00'].join('\n');
    const evening = [header, '30/04/2025,CARGO,-5.00,1000.00', '01/05/2025,DEPOSITO,100.00,1100.00', '01/05/2025,DEPOSITO,100.00,1200.00', '01/05/2025,PAGO,20.00,1220.00'].join(
      '\n',
    );
    const a = ok(parseCsvStatement(morning, CsvMappingSchema.parse(noIds)));
    const b = ok(parseCsvStatement(evening, CsvMappingSchema.parse(noIds)));
    expect(a.lines.map((l) => l.bankTxId)).toEqual(b.lines.slice(1, 3).map((l) => l.bankTxId));
    expect(new Set(b.lines.map((l) => l.bankTxId)).size).toBe(4);
  });

  it('finds the header row after title lines, and says which columns it looked for when there is none', () => {
    const text = 'Banco\nCuenta 123\nFecha,Descripción,Monto,Ref\n01/05/2025,a,1.00,R1\n';
    expect(ok(parseCsvStatement(text, simple())).lines).toHaveLength(1);
    const headerless = 'x,y,z\n01/05/2025,a,1.00\n';
    expect(parseCsvStatement(headerless, simple())).toEqual({ ok: false, error: ts.file.headerNotFound('«Fecha», «Monto», «Descripción», «Ref»') });
    // Headers compared without case, accents or extra spaces.
    expect(ok(parseCsvStatement('FECHA , DESCRIPCION,monto,REF\n01/05/2025,a,1.00,R1\n', simple())).lines).toHaveLength(1);
  });

  it.each([
    ['a camt.053', () => fixture('banco-popular.camt053.001.02.xml')],
    ['a PDF', () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1')],
    ['one word', () => 'hola'],
    ['HTML', () => '<html><body>Error 500</body></html>'],
  ])('refuses %s as one clear error', (_, input) => {
    const r = parseCsvStatement(input(), simple());
    expect(r.ok).toBe(false);
    if (!r.ok) expect([ts.file.notStatement, ts.file.headerNotFound('«Fecha», «Monto», «Descripción», «Ref»')]).toContain(r.error);
  });

  it('refuses an empty file and one over the size cap', () => {
    expect(parseCsvStatement('', simple())).toEqual({ ok: false, error: ts.file.empty });
    expect(parseCsvStatement(Buffer.from('\uFEFF\r\n'), simple())).toEqual({ ok: false, error: ts.file.empty });
    expect(parseCsvStatement(Buffer.alloc(2 * 1024 * 1024, 0x41), simple(), { maxBytes: 1024 * 1024 })).toEqual({ ok: false, error: ts.file.tooLarge(1) });
  });
});

describe('CsvMappingSchema', () => {
  it('accepts the three banks’ mappings', () => {
    for (const bank of ['banco-popular', 'banreservas', 'banco-bhd']) expect(() => mappingOf(bank)).not.toThrow();
  });

  it.each([
    ['no amount column', { ...SIMPLE, columns: { date: 'Fecha', description: ['D'] } }, ['columns', 'amount']],
    ['amount and credit', { ...SIMPLE, columns: { ...SIMPLE.columns, credit: 'C' } }, ['columns', 'amount']],
    [
      'a type column without an amount',
      { ...SIMPLE, columns: { date: 'F', credit: 'C', debit: 'D', description: ['D'], direction: { column: 'T', credit: ['C'], debit: ['D'] } } },
      ['columns', 'amount'],
    ],
    ['no currency', { ...SIMPLE, currency: undefined }, ['currency']],
    ['a bad fixed currency', { ...SIMPLE, currency: 'pesos' }, ['currency']],
    ['names without a header', { ...SIMPLE, hasHeader: false }, ['hasHeader']],
    ['no description', { ...SIMPLE, columns: { ...SIMPLE.columns, description: [] } }, ['columns', 'description']],
    ['column 0', { ...SIMPLE, columns: { ...SIMPLE.columns, date: 0 } }, ['columns', 'date']],
    ['an unknown date format', { ...SIMPLE, dateFormat: 'dd-mm-yy' }, ['dateFormat']],
    ['an unknown delimiter', { ...SIMPLE, delimiter: '|' }, ['delimiter']],
  ])('refuses %s', (_, input, errorPath) => {
    const r = CsvMappingSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toContainEqual(errorPath);
  });

  it('fills the defaults and upper-cases the fixed currency', () => {
    expect(CsvMappingSchema.parse({ ...SIMPLE, currency: 'usd' })).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      decimalSeparator: '.',
      hasHeader: true,
      skipRows: 0,
      footerRows: 0,
      currency: 'USD',
    });
  });
});

describe('parseCsvStatement: size', () => {
  it('parses a 10,000-line export (timed by npm run bench:statements, not here)', () => {
    const r = ok(parseCsvStatement(Buffer.from(syntheticCsv(10_000)), CsvMappingSchema.parse(SYNTHETIC_CSV_MAPPING)));
    expect(r.lines).toHaveLength(10_000);
    expect(r.errors).toEqual([]);
    expect(new Set(r.lines.map((l) => l.bankTxId)).size).toBe(10_000);
    expect(r.lines.filter((l) => l.reference !== null).length).toBeGreaterThan(5_000);
  });
});
