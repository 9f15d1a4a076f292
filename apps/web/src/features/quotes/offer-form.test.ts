import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoneyInput } from '@arreglaya/shared/parse-money';
import { minorToPesosText, stageAmounts, stagesSum, toQuoteInput, type OfferFormValues } from './offer-form.ts';

const base: OfferFormValues = {
  price: '',
  description: 'x',
  validityDays: 7,
  useStages: false,
  stages: [],
  startDate: '2026-12-20',
  durationDays: 3,
  warrantyDays: 30,
  holdbackPercent: 0,
  materialsIncluded: 'yes',
};

describe('the price field → centavos (parseMoneyInput)', () => {
  it('round-trips every amount in centavos through the text the field shows (no float error), in every currency', () => {
    for (const currency of ['DOP', 'COP', 'MXN'] as const)
      fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (minor) => parseMoneyInput(minorToPesosText(minor), currency) === minor));
  });

  it('reads the price in the project’s currency: "4.000.000" is four million Colombian pesos', () => {
    expect(toQuoteInput({ ...base, price: '4.000.000' }, 'COP').priceMinor).toBe(400_000_000);
    expect(toQuoteInput({ ...base, price: '4.000.000' }, 'DOP').priceMinor).toBeNaN();
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
