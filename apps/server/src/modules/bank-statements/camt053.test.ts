import fs from 'node:fs';
import path from 'node:path';
import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { StatementLineSchema } from '@arreglaya/shared/schemas/bank-statements';
import { describe, expect, it } from 'vitest';
import { syntheticCamt053 } from '../../../test/support/bank-statement-files.ts';
import { parseCamt053 } from './camt053.ts';
import type { StatementParseResult } from './statement-line.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/statements');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

function ok(result: StatementParseResult) {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  for (const line of result.lines) StatementLineSchema.parse(line);
  return result;
}

/** A minimal camt.053 of the given version around some entries. */
function camt(entries: string, version = '08', extra = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">${extra}
  <BkToCstmrStmt>
    <GrpHdr><MsgId>T</MsgId><CreDtTm>2025-05-02T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>S1</Id>
      <Acct><Id><Othr><Id>812345678</Id></Othr></Id><Ccy>DOP</Ccy></Acct>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

function entry(fields: { amount?: string; ccy?: string; ind?: string; ref?: string; date?: string; text?: string; extra?: string }): string {
  const { amount = '100.00', ccy = 'DOP', ind = 'CRDT', ref, date = '<Dt>2025-05-01</Dt>', text = 'PAGO', extra = '' } = fields;
  return `      <Ntry>
        <Amt Ccy="${ccy}">${amount}</Amt>
        <CdtDbtInd>${ind}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt>${date}</BookgDt>${ref ? `\n        <AcctSvcrRef>${ref}</AcctSvcrRef>` : ''}${extra}
        <AddtlNtryInf>${text}</AddtlNtryInf>
      </Ntry>`;
}

describe('parseCamt053: the samples', () => {
  it('reads a Banco Popular-style camt.053.001.02: references, a debit, a pending entry, a line repeated in the next statement', () => {
    const r = ok(parseCamt053(fixture('banco-popular.camt053.001.02.xml')));
    expect(r.format).toBe('camt053');
    expect(r.errors).toEqual([]);
    expect(r.lines.map((l) => [l.bankTxId, l.bookedOn, l.amountMinor, l.currency, l.direction, l.reference])).toEqual([
      ['2025031400012345', '2025-03-14', 1_500_000, 'DOP', 'credit', 'AY24FJYFAS2'],
      ['2025031400012377', '2025-03-14', 850_050, 'DOP', 'credit', 'AY48Z5WYNJE'],
      ['2025031400012390', '2025-03-14', 125_000, 'DOP', 'debit', null],
      // The reference typed with a wrong check symbol is no reference.
      ['2025031400012402', '2025-03-14', 400_000, 'DOP', 'credit', null],
      // BookgDt/DtTm: the day as the bank wrote it; the reference split over two Ustrd pieces.
      ['2025031500000981', '2025-03-15', 2_250_000, 'DOP', 'credit', 'AY6DERVDRBJ'],
    ]);
    expect(r.lines[0]).toMatchObject({
      payerName: 'JUAN PEREZ MARTINEZ',
      payerAccount: '790123456',
      reversal: false,
      description: 'PAGO AY-24FJ-YFAS-2 REPARACION BANO | TRANSFERENCIA RECIBIDA INTERNET BANKING',
    });
    expect(r.lines[4]).toMatchObject({ payerName: 'FERRETERIA GOMEZ & HIJOS SRL', payerAccount: '020-456789-3' });
    // The pending deposit, and the overlapping statement's copy of the first line.
    expect(r.skipped).toEqual([{ line: 115, message: ts.line.notBooked('PDNG') }]);
    expect(r.duplicates).toEqual([{ line: 137, message: ts.line.duplicate(45) }]);
    expect(r.statements).toEqual([
      { account: '812345678', currency: 'DOP', from: '2025-03-14', to: '2025-03-14', firstLine: 0, lineCount: 4 },
      { account: '812345678', currency: 'DOP', from: '2025-03-14', to: '2025-03-15', firstLine: 4, lineCount: 1 },
    ]);
  });

  it('reads a camt.053.001.08: USD and DOP, a structured reference, a reversal, an ACH batch line by line, a payout', () => {
    const r = ok(parseCamt053(fixture('banco-bhd.camt053.001.08.xml')));
    expect(r.errors).toEqual([]);
    expect(r.duplicates).toEqual([]);
    expect(r.lines.map((l) => [l.bankTxId, l.amountMinor, l.currency, l.direction, l.reversal, l.reference, l.payerName, l.payerAccount])).toEqual([
      ['FT25091XK2Q7', 120_000, 'USD', 'credit', false, 'AY8HYBSX34T', "JOHN O'BRIEN", 'GB33BUKB20201555555555'],
      // A returned credit: a debit flagged as a reversal; the counterparty is the original payer.
      ['FT25091RV0A3/RVSL', 35_000, 'USD', 'debit', true, 'AYAPDYPCDXT', 'Ana Lucía Núñez', '9600112233'],
      ['ACH250401-000417/ACH0401A0001', 1_000_000, 'DOP', 'credit', false, 'AYCTX1MVGP6', 'ROSA ELENA DE LA CRUZ', '800112233'],
      // O for 0 and I for 1 in the payer's typing.
      ['ACH250401-000417/ACH0401A0002', 1_250_000, 'DOP', 'credit', false, 'AYK4BTE9910', 'MIGUEL ANGEL SANTANA', null],
      ['ACH250401-000417/ACH0401A0003', 850_000, 'DOP', 'credit', false, null, 'COLMADO EL PROGRESO', null],
      // A payout: the counterparty is the creditor. "ARREGLAYA PAGO…" holds no valid reference.
      ['ACH250401-000502', 4_500_000, 'DOP', 'debit', false, null, 'CARLOS REYES', '9600445566'],
    ]);
    expect(r.statements.map((s) => [s.account, s.currency, s.lineCount])).toEqual([
      ['1234567-001-8', 'USD', 2],
      ['DO28BAGR00000001212453611324', 'DOP', 4],
    ]);
  });

  it('gives the same lines and ids when the same file is parsed again (a line imported twice is recognised)', () => {
    const a = ok(parseCamt053(fixture('banco-bhd.camt053.001.08.xml')));
    const b = ok(parseCamt053(fixture('banco-bhd.camt053.001.08.xml').toString('utf8')));
    expect(b.lines).toEqual(a.lines);
  });
});

describe('parseCamt053: versions and namespaces', () => {
  it.each(['02', '03', '04', '05', '06', '07', '08'])('reads camt.053.001.%s', (version) => {
    const r = ok(parseCamt053(camt(entry({ ref: 'R1' }), version)));
    expect(r.lines).toHaveLength(1);
  });

  it('reads a file with a namespace prefix, or without a namespace', () => {
    const prefixed = camt(entry({ ref: 'R1' }))
      .replace('xmlns=', 'xmlns:c=')
      .replace(/<(\/?)(?=[A-Z])/g, '<$1c:');
    expect(ok(parseCamt053(prefixed)).lines[0]!.bankTxId).toBe('R1');
    expect(ok(parseCamt053(camt(entry({ ref: 'R1' })).replace(/ xmlns="[^"]+"/, ''))).lines).toHaveLength(1);
  });

  it('refuses other versions and other ISO 20022 messages with a clear error', () => {
    expect(parseCamt053(camt(entry({}), '09'))).toEqual({ ok: false, error: ts.file.unsupportedVersion('001.09') });
    const notification = camt(entry({})).replace('camt.053.001.08', 'camt.054.001.08').replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn');
    expect(parseCamt053(notification)).toEqual({ ok: false, error: ts.file.otherIsoMessage('camt.054') });
  });
});

describe('parseCamt053: what is not a statement', () => {
  it.each([
    ['a CSV', 'Fecha,Monto\n01/05/2025,100.00\n'],
    ['JSON', '{"lines": []}'],
    ['HTML', '<!doctype html><html><body><p>Hola</body></html>'],
    ['another XML document', '<?xml version="1.0"?><factura><total>100</total></factura>'],
    ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  ])('refuses %s as one error', (_, input) => {
    const r = parseCamt053(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([ts.file.notStatement, ts.file.doctypeNotAllowed]).toContain(r.error);
  });

  it('refuses an empty file', () => {
    expect(parseCamt053('')).toEqual({ ok: false, error: ts.file.empty });
    expect(parseCamt053(Buffer.from('  \n'))).toEqual({ ok: false, error: ts.file.empty });
  });

  it('refuses a cut or damaged statement whole, with the line where it breaks', () => {
    const full = camt(entry({ ref: 'R1' }) + '\n' + entry({ ref: 'R2' }));
    const cut = full.slice(0, full.indexOf('<Ntry>', full.indexOf('R1')) + 40);
    const r = parseCamt053(cut);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^El XML está mal formado en la línea \d+, columna \d+/);
    const damaged = full.replace('</CdtDbtInd>', '</CdtDbtIndx>');
    // Line 10: <CdtDbtInd>CRDT</CdtDbtIndx>, the closing tag's column.
    expect(parseCamt053(damaged)).toEqual({ ok: false, error: ts.file.malformedXml(10, 24) });
  });

  it('refuses a DOCTYPE: no external entity (XXE) and no entity expansion (billion laughs)', () => {
    const xxe = camt(entry({ text: '&xxe;' })).replace('<Document', '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document');
    expect(parseCamt053(xxe)).toEqual({ ok: false, error: ts.file.doctypeNotAllowed });
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Document><BkToCstmrStmt>&lol2;</BkToCstmrStmt></Document>`;
    expect(parseCamt053(laughs)).toEqual({ ok: false, error: ts.file.doctypeNotAllowed });
  });

  it('refuses a file over the size cap before reading it', () => {
    const xml = camt(entry({}));
    expect(parseCamt053(xml, { maxBytes: 100 })).toEqual({ ok: false, error: ts.file.tooLarge(0) });
    expect(parseCamt053(Buffer.alloc(3 * 1024 * 1024), { maxBytes: 2 * 1024 * 1024 })).toEqual({ ok: false, error: ts.file.tooLarge(2) });
  });
});

describe('parseCamt053: lines', () => {
  it('reports a bad entry with its line and imports the others', () => {
    const xml = camt(
      [
        entry({ ref: 'OK1' }),
        entry({ ref: 'BAD1', amount: '1,234.50' }),
        entry({ ref: 'BAD2', amount: '12.345', ccy: 'USD' }),
        entry({ ref: 'BAD3', ind: 'CR' }),
        entry({ ref: 'BAD4', date: '<Dt>2025-02-30</Dt>' }),
        entry({ ref: 'BAD5', ccy: 'pesos' }),
        entry({ ref: 'BAD6', amount: '0.00' }),
        entry({ ref: 'OK2', amount: '99999999999.99' }),
      ].join('\n'),
    );
    const r = ok(parseCamt053(xml));
    expect(r.lines.map((l) => l.bankTxId)).toEqual(['OK1', 'OK2']);
    expect(r.lines[1]!.amountMinor).toBe(9_999_999_999_999);
    // The line of the entry's <Ntry>.
    const entryLine = (ref: string) => xml.slice(0, xml.lastIndexOf('<Ntry>', xml.indexOf(ref))).split('\n').length;
    expect(r.errors).toEqual([
      { line: entryLine('BAD1'), message: ts.line.amountNotNumber('1,234.50') },
      { line: entryLine('BAD2'), message: ts.line.amountTooPrecise('12.345', 'USD', 2) },
      { line: entryLine('BAD3'), message: ts.line.directionInvalid('CR') },
      { line: entryLine('BAD4'), message: ts.line.dateInvalid('2025-02-30', 'AAAA-MM-DD') },
      { line: entryLine('BAD5'), message: ts.line.currencyInvalid('pesos') },
      { line: entryLine('BAD6'), message: ts.line.amountZero },
    ]);
    expect(ts.atLine(r.errors[0]!.line, r.errors[0]!.message)).toBe(`Línea ${entryLine('BAD1')}: el monto «1,234.50» no es un número`);
  });

  it('reads amounts exactly, whatever their decimals, and the currency exponent', () => {
    const r = ok(
      parseCamt053(
        camt(
          [
            entry({ ref: 'A', amount: '0.1' }),
            entry({ ref: 'B', amount: '1234.5000' }),
            entry({ ref: 'C', amount: '0.29' }),
            entry({ ref: 'D', amount: '1500', ccy: 'JPY' }),
            entry({ ref: 'E', amount: '1.234', ccy: 'KWD' }),
          ].join('\n'),
        ),
      ),
    );
    expect(r.lines.map((l) => l.amountMinor)).toEqual([10, 123_450, 29, 1500, 1234]);
  });

  it('takes the date of BookgDt/DtTm as written, and ValDt when there is no booking date', () => {
    const r = ok(
      parseCamt053(
        camt(
          [
            entry({ ref: 'A', date: '<DtTm>2025-05-01T23:30:00-04:00</DtTm>' }),
            entry({ ref: 'B', date: '<DtTm>2025-05-02T03:30:00Z</DtTm>' }),
            entry({ ref: 'C' }).replace(/<BookgDt>.*<\/BookgDt>/, '<ValDt><Dt>2025-05-03</Dt></ValDt>'),
          ].join('\n'),
        ),
      ),
    );
    expect(r.lines.map((l) => l.bookedOn)).toEqual(['2025-05-01', '2025-05-02', '2025-05-03']);
  });

  it('decodes entities and character references once, keeps CDATA as written', () => {
    const r = ok(
      parseCamt053(
        camt(
          [
            entry({ ref: 'A', text: 'Pago de Mar&#237;a N&#xFA;&#241;ez &amp;amp; hijos &lt;ok&gt;' }),
            entry({ ref: 'B', text: '<![CDATA[PAGO <AY-24FJ-YFAS-2> & más]]>' }),
            entry({ ref: 'C', text: 'Bad &#0; ref' }),
          ].join('\n'),
        ),
      ),
    );
    expect(r.lines.map((l) => l.description)).toEqual(['Pago de María Núñez &amp; hijos <ok>', 'PAGO <AY-24FJ-YFAS-2> & más', 'Bad \uFFFD ref']);
    expect(r.lines[1]!.reference).toBe('AY24FJYFAS2');
  });

  it('reads ISO-8859-1 and UTF-16 files, and a Latin-1 file that claims UTF-8', () => {
    const xml = camt(entry({ ref: 'A', text: 'Depósito de Núñez' }));
    const latin1 = Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(ok(parseCamt053(latin1)).lines[0]!.description).toBe('Depósito de Núñez');
    expect(ok(parseCamt053(Buffer.from(xml, 'latin1'))).lines[0]!.description).toBe('Depósito de Núñez');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace('UTF-8', 'UTF-16'), 'utf16le')]);
    expect(ok(parseCamt053(utf16)).lines[0]!.description).toBe('Depósito de Núñez');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]);
    expect(ok(parseCamt053(bom)).lines[0]!.description).toBe('Depósito de Núñez');
    expect(parseCamt053(Buffer.from(xml.replace('UTF-8', 'EBCDIC-XYZ')))).toEqual({ ok: false, error: ts.file.unknownEncoding('EBCDIC-XYZ') });
  });

  it('derives a stable id for an entry without references, telling identical entries apart by their order', () => {
    const same = entry({ text: 'DEPOSITO EN EFECTIVO' });
    const xml = camt([same, same, entry({ text: 'OTRO' })].join('\n'));
    const a = ok(parseCamt053(xml));
    const b = ok(parseCamt053(xml));
    expect(a.lines.map((l) => l.bankTxId)).toEqual(b.lines.map((l) => l.bankTxId));
    expect(new Set(a.lines.map((l) => l.bankTxId)).size).toBe(3);
    for (const l of a.lines) expect(l.bankTxId).toMatch(/^h:[0-9a-f]{32}$/);
    expect(a.duplicates).toEqual([]);
  });

  it('never takes NtryRef alone as the id: banks number entries afresh in each statement', () => {
    const numbered = (n: number, text: string) => entry({ text, extra: `\n        <NtryRef>${n}</NtryRef>` });
    const day1 = camt(numbered(1, 'PAGO JUAN'));
    const day2 = camt([numbered(1, 'PAGO MARIA'), numbered(2, 'PAGO JUAN')].join('\n'));
    const a = ok(parseCamt053(day1)).lines;
    const b = ok(parseCamt053(day2)).lines;
    // Entry 1 of each day are different movements; the second file's entry 2 is the first file's entry 1.
    expect(b[0]!.bankTxId).not.toBe(a[0]!.bankTxId);
    expect(b[1]!.bankTxId).toBe(a[0]!.bankTxId);
  });

  it('counts an entry repeated in the same file once, and keeps a reversal apart from its original', () => {
    const xml = camt(
      [
        entry({ ref: 'R1', text: 'AY24FJYFAS2' }),
        entry({ ref: 'R1', text: 'AY24FJYFAS2' }),
        entry({ ref: 'R1', ind: 'DBIT', extra: '\n        <RvslInd>true</RvslInd>', text: 'AY24FJYFAS2' }),
      ].join('\n'),
    );
    const r = ok(parseCamt053(xml));
    expect(r.lines.map((l) => [l.bankTxId, l.direction, l.reversal])).toEqual([
      ['R1', 'credit', false],
      ['R1/RVSL', 'debit', true],
    ]);
    expect(r.duplicates).toHaveLength(1);
  });

  it('gives each transaction of a batch its own id, from the entry when the bank gives the transactions none', () => {
    const batch = (refs: string[], withAmounts = true) =>
      entry({
        ref: 'E1',
        amount: '300.00',
        extra: `\n        <NtryDtls>${refs
          .map((r, i) => `<TxDtls><Refs>${r}</Refs>${withAmounts ? `<Amt Ccy="DOP">${i + 1}00.00</Amt>` : ''}<RmtInf><Ustrd>tx ${i}</Ustrd></RmtInf></TxDtls>`)
          .join('')}</NtryDtls>`,
      });
    const ids = (xml: string) => ok(parseCamt053(camt(xml))).lines.map((l) => l.bankTxId);
    expect(ids(batch(['<AcctSvcrRef>T1</AcctSvcrRef>', '<AcctSvcrRef>T2</AcctSvcrRef>']))).toEqual(['T1', 'T2']);
    // The same AcctSvcrRef on every transaction, or none: the entry's id and the transaction's.
    expect(ids(batch(['<AcctSvcrRef>E1</AcctSvcrRef><TxId>A</TxId>', '<AcctSvcrRef>E1</AcctSvcrRef><TxId>B</TxId>']))).toEqual(['E1/A', 'E1/B']);
    expect(ids(batch(['<EndToEndId>X</EndToEndId>', '<EndToEndId>X</EndToEndId>']))).toEqual(['E1/1', 'E1/2']);
    // No amount per transaction: one line for the entry.
    const whole = ok(parseCamt053(camt(batch(['<TxId>A</TxId>', '<TxId>B</TxId>'], false))));
    expect(whole.lines.map((l) => [l.bankTxId, l.amountMinor, l.description])).toEqual([['E1', 30_000, 'tx 0 | tx 1 | PAGO']]);
  });
});

describe('parseCamt053: size', () => {
  it('parses a 10,000-line statement (timed by npm run bench:statements, not here)', () => {
    const r = ok(parseCamt053(Buffer.from(syntheticCamt053(10_000))));
    expect(r.lines).toHaveLength(10_000);
    expect(r.errors).toEqual([]);
    expect(r.duplicates).toEqual([]);
    expect(new Set(r.lines.map((l) => l.bankTxId)).size).toBe(10_000);
    expect(r.lines.filter((l) => l.reference !== null).length).toBeGreaterThan(5_000);
    expect(r.lines.some((l) => l.reversal)).toBe(true);
  });
});
