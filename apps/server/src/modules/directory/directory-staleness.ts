import type { DirectorySort } from '@arreglaya/shared/schemas/directory';
import type { ContractorChange, SortKeys, Staleness } from './directory-cache.ts';
import type { DirectoryFilters } from './directory.repository.ts';

// Which announced changes make a cached count or search page stale
// (docs/decisions/013-contractor-directory.md, "The cache").

/**
 * The terms a free-text search matches as PostgreSQL does (textTerms in the repository): every
 * term the start of one of the contractor's lexemes. Undefined when not known (the typo mode,
 * a query of another shape): then any change of text may change the results.
 */
export type TextTerms = readonly string[] | undefined;

/** Whether a search vector's lexemes match every term (no term matches nothing, as in PostgreSQL). */
export function matchesTerms(lexemes: readonly string[], terms: readonly string[]): boolean {
  return terms.length > 0 && terms.every((t) => lexemes.some((l) => l.startsWith(t)));
}

/**
 * Whether the change's contractor is among a text search's matches before and after it, as far
 * as its words say: 'out' (neither), 'in' (both), 'moves' (one of them), or undefined (unknown).
 */
function textMatch(c: ContractorChange, terms: TextTerms): 'out' | 'in' | 'moves' | undefined {
  if (!terms || !c.words) return undefined;
  const before = matchesTerms(c.words.before, terms);
  const after = c.words.after === c.words.before ? before : matchesTerms(c.words.after, terms);
  return before !== after ? 'moves' : before ? 'in' : 'out';
}

/** Whether the change may move the contractor into or out of the results of these filters. */
export function membershipMayChange(f: DirectoryFilters, c: ContractorChange, terms?: TextTerms): boolean {
  const kinds = c.kinds;
  return (
    kinds.includes('m') ||
    (kinds.includes('t') && f.q !== undefined && (textMatch(c, terms) ?? 'moves') === 'moves') ||
    (kinds.includes('s') && f.service.length > 0) ||
    (kinds.includes('l') && (f.country !== undefined || f.city !== undefined || f.zone !== undefined)) ||
    (kinds.includes('r') && f.rating.length > 0)
  );
}

/** A count changes only when someone may enter or leave the results. */
export function countStaleness(f: DirectoryFilters, terms?: TextTerms): Staleness {
  return (c) => membershipMayChange(f, c, terms);
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
}

/**
 * Only some changes touch a page: one to a contractor it shows, one that may change who is in
 * the results, or a contractor moving in the order across the page. A contractor moving from
 * before the page's first to still before it (or from after its last to after it) leaves the
 * page as it was; so does one who does not match the page's free text.
 */
export function pageStaleness(shape: PageShape): Staleness {
  return (c: ContractorChange) => {
    if (membershipMayChange(shape.filters, c, shape.terms)) return true;
    if (shape.ids.has(c.id) && /[mtslrkd]/.test(c.kinds)) return true;
    if (!c.kinds.includes('k')) return false;
    if (shape.filters.q !== undefined && textMatch(c, shape.terms) === 'out') return false;
    if (!shape.first || !shape.last) return false;
    if (!c.before || !c.after) return true;
    const before = positionOf(shape.sort, c.before, c.id);
    const after = positionOf(shape.sort, c.after, c.id);
    const beforePage = comparePositions(before, shape.first) < 0 && comparePositions(after, shape.first) < 0;
    const afterPage = !shape.isEnd && comparePositions(before, shape.last) > 0 && comparePositions(after, shape.last) > 0;
    return !(beforePage || afterPage);
  };
}

/** What a page may become stale by before it is loaded (its place in the order is not known yet). */
export function pageStalenessBeforeLoad(f: DirectoryFilters): Staleness {
  return (c) => membershipMayChange(f, c) || c.kinds.includes('k') || c.kinds.includes('d');
}
