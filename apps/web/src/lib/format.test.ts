import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { formatDate, formatMoment, formatNumber, formatTime } from './format.ts';

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

describe('formatDate', () => {
  it('shows the spec’s DD MMM YY, without the “de” Intl puts in Spanish', () => {
    expect(formatDate('2025-03-05T15:00:00Z')).toBe('05 mar 2025');
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    const tz = process.env.TZ;
    process.env.TZ = 'America/Santo_Domingo';
    try {
      expect(formatDate('2026-12-01')).toBe('01 dic 2026');
    } finally {
      process.env.TZ = tz;
    }
  });
});

describe('formatMoment', () => {
  it('writes a day as every day is written (DD MMM YY), and the 24-hour time when asked, in the given zone', () => {
    expect(formatMoment('2026-11-30T18:00:00Z', 'es-DO', true, 'America/Santo_Domingo')).toBe('30 nov 2026, 14:00');
    expect(formatMoment('2026-11-27T03:30:00Z', 'es-DO', false, 'America/Santo_Domingo')).toBe('26 nov 2026');
    expect(formatMoment('2026-11-27T03:30:00Z', 'es-DO', false, 'America/Santo_Domingo')).toBe(formatDate('2026-11-27T03:30:00Z', 'es-DO', 'America/Santo_Domingo'));
  });
});

describe('formatTime', () => {
  it('is the time of formatMoment, 24-hour', () => {
    expect(formatTime('2026-12-05T04:49:00Z', 'es-DO', 'America/Santo_Domingo')).toBe('00:49');
    expect(formatMoment('2026-12-05T04:49:00Z', 'es-DO', true, 'America/Santo_Domingo')).toBe('05 dic 2026, 00:49');
  });
});
