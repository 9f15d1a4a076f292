import type { CountryCode } from './countries.ts';
import type { CardBrand } from './domain.ts';

// A card's rules without zod (decision 070): the card form's live hints (brand, CVC length, postal
// code) and the server's checks read them here; schemas/payments.ts parses with them and exports
// them too.

/** Digits only: spaces and dashes people type between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's first digits (IIN ranges). */
export function cardBrandOf(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|38|39)/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  return 'unknown';
}

export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** Whether month/year (the card's last valid month) is still current in `now`'s UTC month. */
export function expiryCurrent(month: number, year: number, now = new Date()): boolean {
  const y = now.getUTCFullYear();
  return year > y || (year === y && month >= now.getUTCMonth() + 1);
}

/**
 * Whether a country's cards are checked against a postal code (address verification): the one rule
 * the form and the processor follow (issue 35). Dominican and Colombian cards are not (the Dominican
 * Republic's postal codes are little used); Mexican ones are asked their código postal.
 */
export const POSTAL_CODE_ON_CARDS: Record<CountryCode, boolean> = { DO: false, CO: false, MX: true };
