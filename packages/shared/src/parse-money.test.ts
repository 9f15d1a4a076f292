import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';
import { parseMoneyInput } from './parse-money.ts';

// One way to read a typed amount, in the currency's Spanish (issue 51's "4.000.000" in Medellín;
// issue 53: the three forms each had their own).

describe('parseMoneyInput', () => {
  it('reads Dominican pesos as people type them', () => {
    expect(parseMoneyInput('1500', 'DOP')).toBe(150_000);
    expect(parseMoneyInput('1,500.50', 'DOP')).toBe(150_050);
    expect(parseMoneyInput('RD$ 2,000', 'DOP')).toBe(200_000);
    expect(parseMoneyInput('99,5', 'DOP')).toBe(9_950);
    expect(parseMoneyInput('0.1', 'DOP')).toBe(10);
  });

  it('reads Colombian pesos with dots between thousands and a comma before centavos', () => {
    expect(parseMoneyInput('4.000.000', 'COP')).toBe(400_000_000);
    expect(parseMoneyInput('$ 4.000.000', 'COP')).toBe(400_000_000);
    expect(parseMoneyInput('4.000.000,50', 'COP')).toBe(400_000_050);
    expect(parseMoneyInput('4000000', 'COP')).toBe(400_000_000);
    expect(parseMoneyInput('4000000.5', 'COP')).toBe(400_000_050);
  });

  it('reads Mexican pesos as in the Dominican Republic', () => {
    expect(parseMoneyInput('$4,000.00', 'MXN')).toBe(400_000);
    expect(parseMoneyInput('4000', 'MXN')).toBe(400_000);
  });

  it('gives undefined for nothing typed, NaN for what is not an amount, and keeps a minus for the schema', () => {
    expect(parseMoneyInput('  ', 'DOP')).toBeUndefined();
    for (const text of ['abc', '1.500', '1,50,0', '12.345.678', '1..5', '1.2.3', '4,000.000']) expect(parseMoneyInput(text, 'DOP'), text).toBeNaN();
    for (const text of ['4,000,000', '4.00.000', 'cuatro']) expect(parseMoneyInput(text, 'COP'), text).toBeNaN();
    expect(parseMoneyInput('-5', 'DOP')).toBe(-500);
  });

  it('reads back whatever formatMoney writes, in every currency', () => {
    for (const currency of ['DOP', 'COP', 'MXN', 'USD'] as const)
      for (const amount of [1, 99, 100, 150_050, 400_000_000, 123_456_789]) expect(parseMoneyInput(formatMoney(amount, currency), currency), `${currency} ${amount}`).toBe(amount);
  });
});
