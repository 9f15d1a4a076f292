import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { formatNumber } from './format.ts';

describe('formatNumber', () => {
  const locales = Object.values(COUNTRIES).map((country) => country.locale);

  it('writes every whole number below 1,000 exactly as Intl does, in every country we serve', () => {
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(locale);
      for (let n = 0; n < 1000; n++) expect(formatNumber(n, locale)).toBe(intl.format(n));
    }
  });

  it('groups thousands, and writes decimals and negatives, the way each country does', () => {
    expect(formatNumber(1_250_000, 'es-DO')).toBe('1,250,000');
    expect(formatNumber(1_250_000, 'es-CO')).toBe('1.250.000');
    expect(formatNumber(1_250_000, 'es-MX')).toBe('1,250,000');
    expect(formatNumber(12.5, 'es-CO')).toBe('12,5');
    expect(formatNumber(-3, 'es-DO')).toBe(new Intl.NumberFormat('es-DO').format(-3));
  });
});
