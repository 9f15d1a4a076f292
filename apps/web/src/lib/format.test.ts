import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { formatDay, formatNumber } from './format.ts';

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

describe('formatDay', () => {
  it('writes a calendar day as DD MMM YY, the same day whatever the time zone', () => {
    const expected = new Intl.DateTimeFormat('es-DO', { day: '2-digit', month: 'short', year: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2026, 2, 5, 12));
    expect(formatDay('2026-03-05')).toBe(expected);
    expect(expected).toMatch(/^05 /);
    // The first and last day of a year stay in their year.
    expect(formatDay('2026-01-01')).toMatch(/^01 .*26$/);
    expect(formatDay('2025-12-31')).toMatch(/^31 .*25$/);
  });
});
