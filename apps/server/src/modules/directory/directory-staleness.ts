import type { DirectorySort } from '@arreglaya/shared/schemas/directory';
import { kindBits, type ContractorChange, type Interest, type SortKeys, type Staleness } from './directory-cache.ts';
import { criteria, tradeRank, type Criterion, type DirectoryFilters, type TextTerms, type TradeTerms } from './directory-match.ts';

export type { TextTerms, TradeTerms };

// Which announced changes make a cached count or search page stale
// (docs/decisions/013-contractor-directory.md, "The cache").

const LISTED = kindBits('m');
const TEXT = kindBits('t');
const SORT_KEY = kindBits('k');
/** Kinds that make a page showing the contractor stale (all but 'p', the contractor's own page). */
const SHOWN = kindBits('mtslrkd');
/** Kinds that may move a page's contractors before its place in the order is known (a sort key, a card). */
const MOVES_UNLOADED = kindBits('kd');

type TextAnswer = 'out' | 'in' | 'moves';

/**
 * What the checks of one change share: the cache asks every entry (tens of thousands) about the
 * same change in a row, so its kinds' bits, its text's answer for each set of terms (the same
 * array for every search with the same words) and its positions in each sort are worked out once.
 */
class ChangeMemo {
  readonly bits: number;
  private readonly text = new Map<object, TextAnswer>();
  private readonly positions = new Map<DirectorySort, { before: Position; after: Position }>();
  constructor(readonly change: ContractorChange) {
    this.bits = kindBits(change.kinds);
  }

  /**
   * Whether the contractor passes a filter's test of the text (testWords: the free text, or a
   * trade word's text part) before and after the change, as far as its words say: 'out'
   * (neither), 'in' (both), 'moves' (one of them), or undefined (unknown).
   */
  textMatch(crit: Criterion | undefined): TextAnswer | undefined {
    const words = this.change.words;
    if (!crit?.testWords || !words) return undefined;
    const key = crit.terms ?? crit.testWords;
    let answer = this.text.get(key);
    if (answer === undefined) {
      const before = crit.testWords(words.before);
      const after = words.after === words.before ? before : crit.testWords(words.after);
      answer = before !== after ? 'moves' : before ? 'in' : 'out';
      this.text.set(key, answer);
    }
    return answer;
  }

  /** The contractor's positions in a sort before and after (the change has both sort keys). */
  positionsIn(sort: DirectorySort): { before: Position; after: Position } {
    let found = this.positions.get(sort);
    if (!found) {
      const c = this.change;
      found = { before: positionOf(sort, c.before!, c.id), after: positionOf(sort, c.after!, c.id) };
      this.positions.set(sort, found);
    }
    return found;
  }
}

let lastMemo: ChangeMemo | undefined;
function memoOf(c: ContractorChange): ChangeMemo {
  if (lastMemo?.change !== c) lastMemo = new ChangeMemo(c);
  return lastMemo;
}

/**
 * Whether a change may move its contractor into or out of the results of the filters: any
 * change of who is listed, or a change of the kind a filter looks at (directory-match.ts); for
 * text whose words are known (free text, or a trade word's text), a change of text only when the
 * contractor's words pass before and not after, or the reverse; and never when they pass
 * neither the free text (whatever else changed). `tradeTerms`: each trade word's terms, when
 * known (a profile edit then leaves 'plomero en Naco' alone unless it writes or drops the word).
 * Also the free-text filter, which pages ask about too.
 */
function membershipTest(f: DirectoryFilters, terms?: TextTerms, tradeTerms?: TradeTerms): { test: Staleness; text: Criterion | undefined; kinds: number } {
  const filters = criteria(f, terms, tradeTerms);
  const text = filters.find((c) => c.freeText);
  // Kinds that move someone in or out whatever the words (always 'm'), and the filters whose
  // answer to a change of text depends on the words.
  let direct = LISTED;
  const byWords: Criterion[] = [];
  for (const crit of filters) {
    for (const k of crit.kinds) {
      if (k === 't' && crit.testWords) byWords.push(crit);
      else direct |= kindBits(k);
    }
  }
  const test: Staleness = (c) => {
    const memo = memoOf(c);
    if ((memo.bits & LISTED) !== 0) return true;
    // Out of the free text before and after: out of the results whatever else changed (a trade word's service).
    if (text && memo.textMatch(text) === 'out') return false;
    if ((memo.bits & direct) !== 0) return true;
    if ((memo.bits & TEXT) !== 0) for (const crit of byWords) if ((memo.textMatch(crit) ?? 'moves') === 'moves') return true;
    return false;
  };
  // It says true only to a change of a kind in `direct`, or of text when some filter asks the words.
  return { test, text, kinds: direct | (byWords.length > 0 ? TEXT : 0) };
}

/** The staleness with what it may say true to (Interest). */
function withInterest(staleWhen: (c: ContractorChange) => boolean, interest: Interest): Staleness {
  return Object.assign(staleWhen, { interest });
}

/** Whether the change may move the contractor into or out of the results of these filters. */
export function membershipMayChange(f: DirectoryFilters, c: ContractorChange, terms?: TextTerms, tradeTerms?: TradeTerms): boolean {
  return membershipTest(f, terms, tradeTerms).test(c);
}

/** A count changes only when someone may enter or leave the results. */
export function countStaleness(f: DirectoryFilters, terms?: TextTerms, tradeTerms?: TradeTerms): Staleness {
  const { test, kinds } = membershipTest(f, terms, tradeTerms);
  return withInterest(test, { kinds });
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

/** comparePositions of `rank` followed by `a` (without a rank: `a` alone) against `b`. */
function compareRanked(rank: number | undefined, a: Position, b: Position): number {
  if (rank === undefined) return comparePositions(a, b);
  const first = b[0] as number;
  if (rank < first) return -1;
  if (rank > first) return 1;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i + 1]!;
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
  const { test: membership, text, kinds } = membershipTest(shape.filters, shape.terms, shape.tradeTerms);
  // With trade words, those offering the service come first (tradeRankSql): a change's sort
  // keys place its contractor only with its rank (rankOf); without it any move may cross the page.
  const ranked = tradeRank(shape.filters) !== undefined;
  // Nearest first (with an origin): the order is the distance, which only 'l' changes move
  // (membership, as the origin is a filter); without one the page is 'popular's.
  const byDistance = shape.sort === 'distance' && shape.filters.near !== undefined;
  const { first, last } = shape;
  // A move in the order can cross the page unless it is nearest first or empty.
  const moves = !byDistance && first !== null && last !== null;
  const staleWhen = (c: ContractorChange) => {
    if (membership(c)) return true;
    const memo = memoOf(c);
    if ((memo.bits & SHOWN) !== 0 && shape.ids.has(c.id)) return true;
    if ((memo.bits & SORT_KEY) === 0 || byDistance) return false;
    if (text && memo.textMatch(text) === 'out') return false;
    if (!first || !last) return false;
    if (!c.before || !c.after) return true;
    const rank = ranked ? shape.rankOf?.(c.id) : undefined;
    if (ranked && rank === undefined) return true;
    const { before, after } = memo.positionsIn(shape.sort);
    const beforePage = compareRanked(rank, before, first) < 0 && compareRanked(rank, after, first) < 0;
    const afterPage = !shape.isEnd && compareRanked(rank, before, last) > 0 && compareRanked(rank, after, last) > 0;
    return !(beforePage || afterPage);
  };
  return withInterest(staleWhen, { kinds: kinds | (moves ? SORT_KEY : 0), ids: shape.ids });
}

/** What a page may become stale by before it is loaded (its place in the order is not known yet). */
export function pageStalenessBeforeLoad(f: DirectoryFilters): Staleness {
  const membership = membershipTest(f).test;
  return (c) => membership(c) || (memoOf(c).bits & MOVES_UNLOADED) !== 0;
}
