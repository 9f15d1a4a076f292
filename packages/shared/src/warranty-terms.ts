import type { Currency } from './domain.ts';
import { formatMoney } from './format-money.ts';
import { offerTerms as tt } from './i18n/offers-trust.ts';
import { warranty as tw } from './i18n/warranty.ts';

/** The part of an approval's release kept back: the offer's percent of the agreed price, rounded to the centavo. */
export function holdbackMinor(priceMinor: number, percent: number | null | undefined): number {
  if (!percent || percent <= 0) return 0;
  return Math.round((priceMinor * percent) / 100);
}

/**
 * An offer's warranty holdback as people read it (decision 055), one text for the offer's card, its
 * terms and its mail: '5 % (RD$1,250.00) por 90 días'; null when the offer keeps nothing back.
 * `priceMinor`: the price it applies to (the agreed one once agreed).
 */
export function holdbackTermText(
  o: { holdbackPercent: number | null; warrantyDays: number | null; currency: Currency },
  priceMinor: number,
  formatNumber: (n: number) => string = (n) => new Intl.NumberFormat('es-DO').format(n),
): string | null {
  if (!o.holdbackPercent || !o.warrantyDays) return null;
  return tw.termValue(tw.percent(o.holdbackPercent), formatMoney(holdbackMinor(priceMinor, o.holdbackPercent), o.currency), tt.days(formatNumber(o.warrantyDays), o.warrantyDays));
}
