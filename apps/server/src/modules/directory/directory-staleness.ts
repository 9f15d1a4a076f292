import type { DirectorySort } from '@arreglaya/shared/schemas/directory';
import type { ContractorChange, SortKeys, Staleness } from './directory-cache.ts';
import { criteria, tradeRank, type Criterion, type DirectoryFilters, type TextTerms, type TradeTerms } from './directory-match.ts';

export type { TextTerms, TradeTerms };

// Which announced changes make a cached count or search page stale
// (docs/decisions/013-contractor-directory.md, "The cache").

/**
 * Whether the change's contractor passes a filter's test of the text (testWords: the free text,
 * or a trade word's text part) before and after it, as far as its words say: 'out' (neither),
 * 'in' (both), 'moves' (one of them), or undefined (unknown).
 */
function textMatch(text: Criterion | undefined, c: ContractorChange): 'out' | 'in' | 'moves' | undefined {
  if (!text?.testWords || !c.words) return undefined;
  const before = text.testWords(c.words.before);
  const after = c.words.after === c.words.before ? before : text.testWords(c.words.after);
  return before !== after ? 'moves' : before ? 'in' : 'out';
}

/**
 * Whether a change may move its contractor into or out of the results of the filters: any
 * change of who is listed, or a change of the kind a filter looks at (directory-match.ts); for
 * text whose words are known (free text, or a trade word's text), a change of text only when the
 * contractor's words pass before and not after, or the reverse; and never when they pass
 * neither the free text (whatever else changed). `tradeTerms`: each trade word's terms, when
 * known (a profile edit then leaves 'plomero en Naco' alone unless it writes or drops the word).
 */
function membershipTest(f: DirectoryFilters, terms?: TextTerms, tradeTerms?: TradeTerms): Staleness {
  const filters = criteria(f, terms, tradeTerms);
  const text = filters.find((c) => c.freeText);
  return (c) => {
    if (c.kinds.includes('m')) return true;
    const words = textMatch(text, c);
    // Out of the free text before and after: out of the results whatever else changed (a trade word's service).
    if (words === 'out') return false;
    return filters.some((crit) => crit.kinds.some((k) => c.kinds.includes(k) && (k !== 't' || (textMatch(crit, c) ?? 'moves') === 'moves')));
  };
}

/** Whether the change may move the contractor into or out of the results of these filters. */
export function membershipMayChange(f: DirectoryFilters, c: ContractorChange, terms?: TextTerms, tradeTerms?: TradeTerms): boolean {
  return membershipTest(f, terms, tradeTerms)(c);
}

/** A count changes only when someone may enter or leave the results. */
export function countStaleness(f: DirectoryFilters, terms?: TextTerms, tradeTerms?: TradeTerms): Staleness {
  return membershipTest(f, terms, tradeTerms);
}

/** A position in a sort order: compared element by element, the id last. */
type Position = readonly (number | string)[];

export function positionOf(sort: DirectorySort, [completed, ratingCount, favourites, ratingAvg]: SortKeys, id: string): Position {
  switch (sort) {
    case 'popular':
      return [-completed, -ratingCount, -favourites, id];
    case 'reviews':
      return [-ratingCount, -ratingAvg, id];
    case 'rating_desc':
      return [-ratingAvg, -ratingCount, id];
    case 'rating_asc':
      return [ratingCount === 0 ? 1 : 0, ratingAvg, -ratingCount, id];
    // Nearest first: no sort key moves a contractor (only 'l' changes, which concern membership); the id alone.
    case 'distance':
      return [id];
  }
}

export function comparePositions(a: Position, b: Position): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

export interface PageShape {
  filters: DirectoryFilters;
  sort: DirectorySort;
  /** The contractors shown. */
  ids: ReadonlySet<string>;
  /** Positions of the first and last shown (null when the page is empty). */
  first: Position | null;
  last: Position | null;
  /** True when no result comes after this page. */
  isEnd: boolean;
  /** The free text's terms, when known. */
  terms?: TextTerms;
  /** The trade words' terms, when known. */
  tradeTerms?: TradeTerms;
  /**
   * With trade words (tradeRank): a contractor's first sort key (0 offering a named service, 1
   * not), undefined when not known; `first` and `last` then start with it.
   */
  rankOf?: (id: string) => number | undefined;
}

/**
 * Only some changes touch a page: one to a contractor it shows, one that may change who is in
 * the results, or a contractor moving in the order across the page. A contractor moving from
 * before the page's first to still before it (or from after its last to after it) leaves the
 * page as it was; so does one who does not match the page's free text.
 */
export function pageStaleness(shape: PageShape): Staleness {
  const membership = membershipTest(shape.filters, shape.terms, shape.tradeTerms);
  const text = criteria(shape.filters, shape.terms).find((c) => c.freeText);
  // With trade words, those offering the service come first (tradeRankSql): a change's sort
  // keys place its contractor only with its rank (rankOf); without it any move may cross the page.
  const ranked = tradeRank(shape.filters) !== undefined;
  return (c: ContractorChange) => {
    if (membership(c)) return true;
    if (shape.ids.has(c.id) && /[mtslrkd]/.test(c.kinds)) return true;
    if (!c.kinds.includes('k')) return false;
    // Nearest first (with an origin): the order is the distance, which only 'l' changes move
    // (membership above, as the origin is a filter); without one the page is 'popular's.
    if (shape.sort === 'distance' && shape.filters.near) return false;
    if (textMatch(text, c) === 'out') return false;
    if (!shape.first || !shape.last) return false;
    if (!c.before || !c.after) return true;
    const rank = ranked ? shape.rankOf?.(c.id) : undefined;
    if (ranked && rank === undefined) return true;
    const before = [...(ranked ? [rank!] : []), ...positionOf(shape.sort, c.before, c.id)];
    const after = [...(ranked ? [rank!] : []), ...positionOf(shape.sort, c.after, c.id)];
    const beforePage = comparePositions(before, shape.first) < 0 && comparePositions(after, shape.first) < 0;
    const afterPage = !shape.isEnd && comparePositions(before, shape.last) > 0 && comparePositions(after, shape.last) > 0;
    return !(beforePage || afterPage);
  };
}

/** What a page may become stale by before it is loaded (its place in the order is not known yet). */
export function pageStalenessBeforeLoad(f: DirectoryFilters): Staleness {
  const membership = membershipTest(f);
  return (c) => membership(c) || c.kinds.includes('k') || c.kinds.includes('d');
}
