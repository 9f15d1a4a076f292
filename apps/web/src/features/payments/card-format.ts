import { cardBrandOf, cardDigits } from '@arreglaya/shared/cards';
import type { CardBrand } from '@arreglaya/shared/domain';

// How the card form shows what is typed: the number in groups (Amex 4-6-5, others 4-4-4-4…),
// the expiry as MM/AA. The digits are what is validated and sent to the processor.

export const CARD_MAX_DIGITS = 19;

/** The group sizes a brand's numbers are printed in. */
function groupsOf(brand: CardBrand): number[] {
  return brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
}

/** The number as typed, digits only (other characters dropped), grouped by brand. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, CARD_MAX_DIGITS);
  const brand = cardBrandOf(digits);
  const parts: string[] = [];
  let at = 0;
  for (const size of groupsOf(brand)) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

/** Expiry as typed: MM/AA ('1' stays '1', '12' becomes '12/', '1228' becomes '12/28'). */
export function formatExpiry(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace is not stuck.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return input.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** 'MM/AA' → month and four-digit year; null when it is not that shape. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export const brandOfTyped = (typed: string): CardBrand => cardBrandOf(cardDigits(typed));
