import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import { holdbackTermText } from '@arreglaya/shared/warranty-terms';
import { formatDate, formatNumber } from '@/lib/format.ts';

// An offer's terms as the client reads them (decision 043), on its card and in the comparison
// table; an offer made before they existed says 'Sin indicar'.

export function startDateText(o: Pick<Offer, 'startDate'>, locale: string): string {
  return o.startDate ? formatDate(o.startDate, locale) : tt.notStated;
}

export function durationText(o: Pick<Offer, 'durationDays'>, locale: string): string {
  return o.durationDays === null ? tt.notStated : tt.days(formatNumber(o.durationDays, locale), o.durationDays);
}

export function warrantyText(o: Pick<Offer, 'warrantyDays'>, locale: string): string {
  if (o.warrantyDays === null) return tt.notStated;
  return o.warrantyDays === 0 ? tt.noWarranty : tt.days(formatNumber(o.warrantyDays, locale), o.warrantyDays);
}

export function materialsText(o: Pick<Offer, 'materialsIncluded'>): string {
  return o.materialsIncluded === null ? tt.notStated : o.materialsIncluded ? tt.yes : tt.no;
}

/** The warranty holdback (decision 055): '5 % (RD$625.00) por 90 días' of the agreed price (the offer's until agreed); null without one. */
export function holdbackText(o: Pick<Offer, 'holdbackPercent' | 'warrantyDays' | 'currency' | 'priceMinor' | 'agreedPriceMinor'>, locale: string): string | null {
  return holdbackTermText(o, o.agreedPriceMinor > 0 ? o.agreedPriceMinor : o.priceMinor, (n) => formatNumber(n, locale));
}

/** The four terms as rows of the card's description list, and the warranty holdback when the offer has one. */
export function OfferTermsRows({ offer: o, locale }: { offer: Offer; locale: string }) {
  const rows: [string, string][] = [
    [tt.startDate, startDateText(o, locale)],
    [tt.duration, durationText(o, locale)],
    [tt.warranty, warrantyText(o, locale)],
    [tt.materialsIncluded, materialsText(o)],
  ];
  const holdback = holdbackText(o, locale);
  if (holdback) rows.push([tw.term, holdback]);
  return (
    <>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </>
  );
}
