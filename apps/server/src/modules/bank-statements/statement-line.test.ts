import fc from 'fast-check';
import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { describe, expect, it } from 'vitest';
import { StatementCollector, decimalToMinor, decodeWindows1252, derivedTxId, joinTexts, minorDigits } from './statement-line.ts';

describe('decimalToMinor', () => {
  it.each([
    ['1234.56', 'DOP', 123_456],
    ['1234.5', 'DOP', 123_450],
    ['1234', 'USD', 123_400],
    ['0.01', 'USD', 1],
    ['.5', 'DOP', 50],
    ['7.', 'DOP', 700],
    ['000012.30', 'DOP', 1230],
    ['10.500', 'DOP', 1050],
    ['1500', 'JPY', 1500],
    ['1.234', 'KWD', 1234],
    ['9999999999999.99', 'DOP', 999_999_999_999_999],
  ])('%s %s is %i minor units', (decimal, currency, minor) => {
    expect(decimalToMinor(decimal, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ['1,234.56', 'DOP', ts.line.amountNotNumber('1,234.56')],
    ['', 'DOP', ts.line.amountNotNumber('')],
    ['.', 'DOP', ts.line.amountNotNumber('.')],
    ['1e3', 'DOP', ts.line.amountNotNumber('1e3')],
    ['-5', 'DOP', ts.line.amountNotNumber('-5')],
    ['10.505', 'DOP', ts.line.amountTooPrecise('10.505', 'DOP', 2)],
    ['10.5', 'JPY', ts.line.amountTooPrecise('10.5', 'JPY', 0)],
    ['0.00', 'DOP', ts.line.amountZero],
    ['99999999999999.99', 'DOP', ts.line.amountTooLarge('99999999999999.99')],
  ])('refuses %j %s', (decimal, currency, message) => {
    expect(decimalToMinor(decimal, currency)).toEqual({ ok: false, message });
  });

  it('agrees with integer arithmetic for any amount, never going through a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999_999 }), fc.constantFrom(0, 1, 2, 3), (minor, extraZeros) => {
        const whole = Math.floor(minor / 100);
        const cents = String(minor % 100).padStart(2, '0');
        expect(decimalToMinor(`${whole}.${cents}${'0'.repeat(extraZeros)}`, 'DOP')).toEqual({ ok: true, minor });
      }),
    );
  });

  it('knows the minor digits of the currencies that are not in cents', () => {
    expect([minorDigits('DOP'), minorDigits('USD'), minorDigits('EUR'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 2, 2, 0, 3]);
  });
});

describe('derivedTxId', () => {
  it('is stable, ignores case and runs of spaces, and differs by occurrence and by any fact', () => {
    const id = derivedTxId(['2025-05-01', 'credit', '100', 'DOP', 'Depósito  en efectivo'], 0);
    expect(id).toMatch(/^h:[0-9a-f]{32}$/);
    expect(derivedTxId(['2025-05-01', 'credit', '100', 'DOP', 'DEPÓSITO EN EFECTIVO '], 0)).toBe(id);
    expect(derivedTxId(['2025-05-01', 'credit', '100', 'DOP', 'Depósito en efectivo'], 1)).not.toBe(id);
    expect(derivedTxId(['2025-05-01', 'credit', '101', 'DOP', 'Depósito en efectivo'], 0)).not.toBe(id);
    // Facts are separated: moving text from one to the next changes the id.
    expect(derivedTxId(['ab', 'c'], 0)).not.toBe(derivedTxId(['a', 'bc'], 0));
  });
});

describe('StatementCollector', () => {
  it('keeps the first of two lines with the same bankTxId and reports the second', () => {
    const c = new StatementCollector('csv');
    const line = {
      bankTxId: 'X',
      bookedOn: '2025-05-01',
      amountMinor: 1,
      currency: 'DOP',
      direction: 'credit',
      reversal: false,
      reference: null,
      description: '',
      payerName: null,
      payerAccount: null,
    } as const;
    c.add(3, line);
    c.add(9, { ...line, amountMinor: 2 });
    expect(c.lines).toEqual([line]);
    expect(c.duplicates).toEqual([{ line: 9, message: ts.line.duplicate(3) }]);
    expect([c.occurrence(['a', 'B']), c.occurrence(['A', 'b ']), c.occurrence(['a', 'c'])]).toEqual([0, 1, 0]);
    c.add(10, { ...line, bankTxId: 'x'.repeat(201) });
    expect(c.lines[1]!.bankTxId).toMatch(/^h:[0-9a-f]{32}$/);
  });
});

describe('text helpers', () => {
  it('decodes Windows-1252 including its 0x80–0x9F characters', () => {
    expect(decodeWindows1252(Uint8Array.from([0x80, 0x93, 0x48, 0x94, 0x20, 0xd1, 0xe1, 0x96, 0x99, 0x9f]))).toBe('€“H” Ñá–™Ÿ');
  });

  it('joins texts without empties, repeats or runs of spaces', () => {
    expect(joinTexts(['  PAGO   AY ', null, '', 'PAGO AY', undefined, 'JUAN'])).toBe('PAGO AY | JUAN');
  });
});
