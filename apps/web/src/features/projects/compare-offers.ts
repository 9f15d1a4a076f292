import type { Offer } from '@arreglaya/shared/schemas/quotes';

// 'Comparar ofertas' (decision 043): the client's offers sorted on the page by price, rating,
// start date or response time. The sort is the page's own: every offer is already loaded.

export const COMPARE_SORTS = ['price', 'rating', 'start', 'response'] as const;
export type CompareSort = (typeof COMPARE_SORTS)[number];

/** The price the client would hire at: the counter price once the contractor accepted it. */
export const effectivePrice = (o: Offer) => (o.counterStatus === 'accepted' && o.counterPriceMinor !== null ? o.counterPriceMinor : o.priceMinor);

/** Nulls ('Sin indicar', too few answers to say) go last whatever the order. */
function nullsLast<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b);
}

const byNumber = (x: number, y: number) => x - y;

const COMPARE: Record<CompareSort, (a: Offer, b: Offer) => number> = {
  price: (a, b) => effectivePrice(a) - effectivePrice(b),
  // Best rated first; more ratings first among equal averages; no rating last.
  rating: (a, b) =>
    nullsLast(a.contractor.ratingCount > 0 ? a.contractor.ratingAvg : null, b.contractor.ratingCount > 0 ? b.contractor.ratingAvg : null, (x, y) => y - x) ||
    b.contractor.ratingCount - a.contractor.ratingCount,
  start: (a, b) => nullsLast(a.startDate, b.startDate, (x, y) => x.localeCompare(y)),
  response: (a, b) => nullsLast(a.contractor.medianResponseMinutes, b.contractor.medianResponseMinutes, byNumber),
};

/** The entries sorted by `sort`; ties by price, then the newest offer first. A new array. */
export function sortOffers<E extends { offer: Offer }>(entries: readonly E[], sort: CompareSort): E[] {
  return [...entries].sort((x, y) => COMPARE[sort](x.offer, y.offer) || COMPARE.price(x.offer, y.offer) || y.offer.createdAt.localeCompare(x.offer.createdAt));
}
