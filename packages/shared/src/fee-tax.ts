import type { CountryCode } from './countries.ts';
import type { Currency } from './domain.ts';

// The platform's fee with the tax each country charges on it (issue 51 item 1, decision 067):
// ITBIS 18 % in the Dominican Republic, IVA 19 % in Colombia, IVA 16 % in Mexico. The fee posted in
// the ledger (PLATFORM_FEE_PERCENT of a release) is what the contractor pays, tax included: the
// receipt splits it into the fee and the tax on it, so nothing is charged beyond what the ledger
// moved. One place for the rates; receipts (mail and page) read them here.

export const FEE_TAX: Record<CountryCode, { name: 'ITBIS' | 'IVA'; percent: number }> = {
  DO: { name: 'ITBIS', percent: 18 },
  CO: { name: 'IVA', percent: 19 },
  MX: { name: 'IVA', percent: 16 },
};

/** The country whose tax applies to an amount in this currency (dollars: the Dominican Republic's). */
export const CURRENCY_COUNTRY: Record<Currency, CountryCode> = { DOP: 'DO', USD: 'DO', COP: 'CO', MXN: 'MX' };

export interface FeeWithTax {
  /** The fee before tax. */
  netMinor: number;
  /** The tax on it. */
  taxMinor: number;
  /** What was charged: the fee posted in the ledger. */
  totalMinor: number;
  taxName: 'ITBIS' | 'IVA';
  percent: number;
}

/** Splits a tax-included fee: net = round(total / (1 + rate)), tax = total − net (they add up to the cent). */
export function feeWithTax(totalMinor: number, currency: Currency): FeeWithTax {
  const { name, percent } = FEE_TAX[CURRENCY_COUNTRY[currency]];
  const netMinor = Math.round((totalMinor * 100) / (100 + percent));
  return { netMinor, taxMinor: totalMinor - netMinor, totalMinor, taxName: name, percent };
}
