import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorToPesosText, pesosToMinor, stageAmounts, stagesSum, toQuoteInput } from './offer-form.ts';

describe('pesosToMinor (the price field → centavos)', () => {
  it('reads pesos with thousands commas and up to two decimals', () => {
    expect(pesosToMinor('1500')).toBe(150_000);
    expect(pesosToMinor(' 1,500.5 ')).toBe(150_050);
    expect(pesosToMinor('RD$ 12,345.67')).toBe(1_234_567);
    expect(pesosToMinor('0.07')).toBe(7);
    expect(pesosToMinor('0')).toBe(0);
    expect(pesosToMinor('-5')).toBe(-500);
  });

  it('is undefined when empty and NaN for anything else', () => {
    expect(pesosToMinor('')).toBeUndefined();
    expect(pesosToMinor('   ')).toBeUndefined();
    for (const text of ['abc', '1.234', '15,00', '1,50', '1.5.0', '1e3', '12,3456']) expect(pesosToMinor(text), text).toBeNaN();
  });

  it('round-trips every amount in centavos through the text the field shows (no float error)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (minor) => pesosToMinor(minorToPesosText(minor)) === minor));
  });
});

describe('toQuoteInput', () => {
  it('sends centavos and leaves the plan out unless it is on', () => {
    const stages = [
      { title: 'Materiales', percent: 40 },
      { title: 'Final', percent: 60 },
    ];
    const terms = { startDate: '2030-01-15', durationDays: 4, warrantyDays: 0, holdbackPercent: Number.NaN, materialsIncluded: 'no' } as const;
    expect(toQuoteInput({ price: '2,000', description: 'x', validityDays: 7, useStages: false, stages, ...terms })).toEqual({
      priceMinor: 200_000,
      description: 'x',
      validityDays: 7,
      startDate: '2030-01-15',
      durationDays: 4,
      warrantyDays: 0,
      // An empty holdback field is no holdback.
      holdbackPercent: 0,
      materialsIncluded: false,
    });
    expect(toQuoteInput({ price: '2,000', description: 'x', validityDays: 7, useStages: true, stages, ...terms }).stages).toEqual(stages);
  });
});

describe('the staged plan', () => {
  it('sums what was typed (empty counts as 0)', () => {
    expect(stagesSum([{ percent: 40 }, { percent: 60 }])).toBe(100);
    expect(stagesSum([{ percent: 40 }, { percent: Number.NaN }])).toBe(40);
  });

  it('splits a price into stage amounts that add up to it exactly, the last taking the rounding', () => {
    expect(stageAmounts(100_001, [40, 60])).toEqual([40_000, 60_001]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.array(fc.integer({ min: 1, max: 98 }), { minLength: 1, maxLength: 4 }), (price, head) => {
        const percents = [...head, 100];
        return stageAmounts(price, percents).reduce((a, b) => a + b, 0) === price;
      }),
    );
  });
});
