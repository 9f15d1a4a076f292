import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

// One way to write an amount (issue 46, item 16): pages and mails write what Intl writes, with no
// space after the symbol.

describe('formatMoney', () => {
  it('writes Dominican pesos as the pages do, the symbol against the digits', () => {
    expect(formatMoney(400_000, 'DOP')).toBe('RD$4,000.00');
    expect(formatMoney(850_001, 'DOP')).toBe('RD$8,500.01');
    expect(formatMoney(400_000, 'DOP')).toBe(new Intl.NumberFormat('es-DO', { style: 'currency', currency: 'DOP' }).format(4000));
  });

  it('writes dollars as US$ in Dominican Spanish', () => {
    expect(formatMoney(12_550, 'USD')).toBe('US$125.50');
  });

  it('groups a large amount, and writes zero and a negative amount', () => {
    expect(formatMoney(10_000_000_000, 'DOP')).toBe('RD$100,000,000.00');
    expect(formatMoney(0, 'DOP')).toBe('RD$0.00');
    expect(formatMoney(-123_450, 'DOP')).toBe('-RD$1,234.50');
  });

  it('shows every currency with the decimals it is stored with, in the given locale', () => {
    expect(formatMoney(400_050, 'COP', 'es-DO')).toBe('COP\u00a04,000.50');
    expect(formatMoney(400_000, 'MXN', 'es-MX')).toBe('$4,000.00');
  });

  it("writes each country's currency as its people do (issue 51): Colombian pesos whole, with dots", () => {
    expect(formatMoney(400_000_000, 'COP')).toBe('$\u00a04.000.000');
    expect(formatMoney(400_050, 'COP')).toBe('$\u00a04.000,50');
    expect(formatMoney(1_250_000, 'MXN')).toBe('$12,500.00');
    expect(formatMoney(1_250_000, 'DOP')).toBe('RD$12,500.00');
  });
});
