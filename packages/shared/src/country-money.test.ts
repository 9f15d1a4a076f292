import { describe, expect, it } from 'vitest';
import { feeWithTax } from './fee-tax.ts';
import { clabeValid } from './payout-banks.ts';
import { FUNDING_CHOICES, LOCAL_METHODS } from './local-payment-methods.ts';

// Money per country (issue 51, decision 067): the tax on the platform's fee, Mexico's CLABE, and
// each country's ways to pay.

describe('feeWithTax', () => {
  it("splits a fee into the fee and its country's tax, adding up to the cent", () => {
    expect(feeWithTax(118_00, 'DOP')).toEqual({ netMinor: 100_00, taxMinor: 18_00, totalMinor: 118_00, taxName: 'ITBIS', percent: 18 });
    expect(feeWithTax(119_000_00, 'COP')).toMatchObject({ netMinor: 100_000_00, taxMinor: 19_000_00, taxName: 'IVA', percent: 19 });
    expect(feeWithTax(1_000, 'MXN')).toMatchObject({ netMinor: 862, taxMinor: 138, totalMinor: 1_000, taxName: 'IVA', percent: 16 });
  });
});

describe('clabeValid', () => {
  it('accepts a CLABE whose 18th digit is the check digit of weights 3, 7, 1 and refuses a broken one', () => {
    expect(clabeValid('002010077777777771')).toBe(true);
    expect(clabeValid('002010077777777772')).toBe(false);
    expect(clabeValid('00201007777777777')).toBe(false);
    expect(clabeValid('00201007777777777a')).toBe(false);
  });
});

describe('funding choices', () => {
  it("offers only the country's own methods", () => {
    for (const [country, choices] of Object.entries(FUNDING_CHOICES)) for (const c of choices) if (c !== 'card' && c !== 'transfer') expect(LOCAL_METHODS[c].country).toBe(country);
    expect(FUNDING_CHOICES.CO).toEqual(['card', 'pse', 'efecty']);
    expect(FUNDING_CHOICES.MX).toEqual(['card', 'spei', 'oxxo']);
  });
});
