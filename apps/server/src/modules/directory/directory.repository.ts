import type { CountryCode, Zone } from '@arreglaya/shared/countries';
import type { ServiceType } from '@arreglaya/shared/domain';
import { DIRECTORY_COUNT_CAP, type DirectorySort } from '@arreglaya/shared/schemas/directory';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PLANNED_EACH_TIME, type DbOrTx } from '../../db/client.ts';
import { preparedByName } from '../../db/prepared.ts';
import { contractorProfiles as cp, users } from '../../db/schema/index.ts';
import { countContractors, countFromSummary, summaryCountsExactly, summaryCountSql } from './directory-counts.repository.ts';
import { cardColumns, LISTED, LISTED_PROFILE, type CardRow } from '../../db/contractor-listing.ts';
import { searchWords } from '../../lib/search-words.ts';
import {
  freeTextSql,
  hasTradeRank,
  matchingSql,
  nearestFirstSql,
  plannedEachTime,
  withinKmSql,
  type DirectoryFilters,
  type GeoPoint,
  type TextMode,
  type TradePart,
} from './directory-rule.ts';

// The directory's SQL. Every sort has its own index ending in the id tie-break (see the
// schema), listed contractors are found through the partial index users_listed_contractors_idx,
// and free text uses the GIN indexes on search_vector (Spanish, accents ignored) and on the
// unaccented name + company (trigrams). docs/decisions/013-contractor-directory.md.

export type { DirectoryFilters, TextMode };

type SortColumns = Record<'completedProjects' | 'ratingCount' | 'favouritesCount' | 'ratingAvg' | 'id', SQL.Aliased | SQLWrapper>;

/** The sorts that are orders of the profile's own columns (each with its index). */
type ColumnSort = Exclude<DirectorySort, 'distance'>;

function orderOf(sort: ColumnSort, c: SortColumns): SQL[] {
  switch (sort) {
    // Most popular: most completed projects, then most reviews, then most favourites.
    case 'popular':
      return [sql`${c.completedProjects} DESC NULLS LAST`, sql`${c.ratingCount} DESC NULLS LAST`, sql`${c.favouritesCount} DESC NULLS LAST`, sql`${c.id}`];
    case 'reviews':
      return [sql`${c.ratingCount} DESC NULLS LAST`, sql`${c.ratingAvg} DESC NULLS LAST`, sql`${c.id}`];
    case 'rating_desc':
      return [sql`${c.ratingAvg} DESC NULLS LAST`, sql`${c.ratingCount} DESC NULLS LAST`, sql`${c.id}`];
    // Lowest rated first; without reviews there is no rating yet, so those come last.
    case 'rating_asc':
      return [sql`(${c.ratingCount} = 0)`, sql`${c.ratingAvg}`, sql`${c.ratingCount} DESC NULLS LAST`, sql`${c.id}`];
  }
}

const PROFILE_SORT_COLUMNS: SortColumns = {
  completedProjects: cp.completedProjects,
  ratingCount: cp.ratingCount,
  favouritesCount: cp.favouritesCount,
  ratingAvg: cp.ratingAvg,
  id: cp.userId,
};

const ORDER: Record<ColumnSort, SQL[]> = {
  popular: orderOf('popular', PROFILE_SORT_COLUMNS),
  reviews: orderOf('reviews', PROFILE_SORT_COLUMNS),
  rating_desc: orderOf('rating_desc', PROFILE_SORT_COLUMNS),
  rating_asc: orderOf('rating_asc', PROFILE_SORT_COLUMNS),
};

/**
 * A search's order: 'distance' is nearest first from the origin (the distance computed in SQL,
 * decision 042), then the id; without an origin it is 'popular'.
 */
function orderFor(sort: DirectorySort, f: DirectoryFilters): SQL[] {
  if (sort !== 'distance') return ORDER[sort];
  return f.near ? [sql`${nearestFirstSql(f.near)} NULLS LAST`, sql`${cp.userId}`] : ORDER.popular;
}

/** The rings, in km, a nearest-first page is first looked for within. */
const RING_KM = [3, 10] as const;

export { searchWords };

/** A row of a search page: the card and the sort keys (favourites only orders, it is not shown). */
export type SearchRow = CardRow & { favouritesCount: number };

/**
 * One page of listed contractors matching the filters, in the sort's order. With trade words,
 * those offering the trade come first: the two parts (TradePart) are read one after the other,
 * each in the sort's order through its index, and the text-only part only when the offering
 * one does not fill the page (decision 076). Sorting everyone matching by the trade first would
 * read every match for a page of twelve. `walk`: the matches (with trade words, those offering
 * the trade) are many enough that walking the sort's index is cheaper than collecting them
 * (walkIsCheaper, decided by the caller from a count). Nearest first walks its rings either way,
 * but for names, only with `walk` (NAMES_RINGS_FROM, directory.service.ts).
 */
export async function searchContractorRows(db: DbOrTx, filters: DirectoryFilters, sort: DirectorySort, limit: number, offset: number, walk = false): Promise<SearchRow[]> {
  // Names close to the text nearest first: collected and sorted, unless the caller found many
  // (`walk`: the rings). The rings walked every base near the place to try the name on each
  // ('plomro' at Naco: 300 ms for 37 matches; decision 076, "Amended 2026-12-07 (round eight)").
  if (sort === 'distance' && filters.textMode === 'names' && !walk) return collectInOrder(db, filters, sort, limit, offset);
  const first = walk && sort !== 'distance' ? walkInOrder : readInOrder;
  if (!hasTradeRank(filters)) return first(db, filters, sort, limit, offset);
  const offering = await first(db, filters, sort, limit, offset, 'offering');
  if (offering.length === limit) return offering;
  // Where the text-only part starts on this page: right after the last offering contractor
  // when the page holds some; past all of them (at most `offset`, counted) when it holds none.
  const offeringCount = offering.length > 0 || offset === 0 ? offset + offering.length : await countContractors(db, filters, offset, 'offering');
  const textOnly = await readInOrder(db, filters, sort, limit - offering.length, offset + offering.length - offeringCount, 'textOnly');
  return [...offering, ...textOnly];
}

/**
 * One page of the listed contractors matching the filters (or one part of them), in the sort's
 * order, as PostgreSQL plans it: the page's ids from the profiles alone (LISTED_PROFILE), then
 * their twelve cards. Joining every match's account before sorting them cost a lookup each
 * ('brillo dominicano': 1,112 matches, 5 ms of which the sort of the profiles alone is 1.6).
 */
async function readInOrder(db: DbOrTx, filters: DirectoryFilters, sort: DirectorySort, limit: number, offset: number, part?: TradePart): Promise<SearchRow[]> {
  if (sort === 'distance' && filters.near) return readNearestFirst(db, filters, filters.near, limit, offset, part);
  return collectInOrder(db, filters, sort, limit, offset, part);
}

/** readInOrder's page without nearest first's rings: the matches collected, then sorted. */
async function collectInOrder(db: DbOrTx, filters: DirectoryFilters, sort: DirectorySort, limit: number, offset: number, part?: TradePart): Promise<SearchRow[]> {
  const order = orderFor(sort, filters);
  const ids = db
    .select({ id: cp.userId })
    .from(cp)
    .where(and(LISTED_PROFILE, matchingSql(filters, part), planning(filters)))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return cardsOf(db, ids, order);
}

/** PLANNED_EACH_TIME in a page's WHERE when its filters' best plan depends on their values (plannedEachTime). */
function planning(f: DirectoryFilters): SQL | undefined {
  return plannedEachTime(f) ? PLANNED_EACH_TIME : undefined;
}

/**
 * Nearest first: the page is among the contractors based within a few km when enough are; those
 * are the whole order's start, and a small box of the GiST index on the bases' points finds them
 * without sorting everyone in reach (decisions 042, 076). The page's ids are chosen from the
 * index alone (it covers the base, radius, services, id and whether the account may be listed:
 * migrations 0064 and 0066), in distance order and then by id; then the twelve cards are read. Many contractors share their sector's point, so a page sorted a whole
 * sector by id: reading each one's row and account first read thousands of rows (decision 076,
 * "Amended 2026-12-07 (h30)").
 */
async function readNearestFirst(db: DbOrTx, filters: DirectoryFilters, near: GeoPoint, limit: number, offset: number, part?: TradePart): Promise<SearchRow[]> {
  const order = orderFor('distance', filters);
  const read = (within?: SQL) => {
    const inOrder = db
      .select({ id: cp.userId })
      .from(cp)
      // The bases' index is walked in distance order (KNN); the reach is tested on the way.
      .where(and(LISTED_PROFILE, matchingSql(filters, part, 'base'), within))
      .orderBy(...order)
      // OFFSET 0, the fence that has PostgreSQL plan this walk on its own, as the unfiltered
      // read's below; drizzle drops a numeric `.offset(0)`, so it is written as SQL.
      .offset(sql`0` as unknown as number)
      .as('in_order');
    return cardsOf(db, db.select({ id: inOrder.id }).from(inOrder).limit(limit).offset(offset), order);
  };
  for (const km of RING_KM) {
    const rows = await read(withinKmSql(near, km));
    if (rows.length === limit) return rows;
  }
  return read();
}

/** No filter at all: everyone listed. */
function isUnfiltered(f: DirectoryFilters): boolean {
  return f.q === undefined && f.service.length === 0 && !f.country && !f.city && !f.zone && f.rating.length === 0 && !f.near;
}

/**
 * A page of a search the listed counts' summary counts exactly (no words, place or rating; one
 * service or none) and how many match, in one statement: the count is a scalar subquery of the
 * summary beside the page's columns, so the search is one round trip, not two (decision 076,
 * "Amended 2026-12-07 (round five)"). Undefined for any other search. A page past the last holds
 * no row to carry the count: it is read on its own then.
 */
export async function searchCountedRows(
  db: DbOrTx,
  filters: DirectoryFilters,
  sort: DirectorySort,
  limit: number,
  offset: number,
): Promise<{ rows: SearchRow[]; matched: number } | undefined> {
  if (sort === 'distance' || !summaryCountsExactly(filters)) return undefined;
  const rows = isUnfiltered(filters) ? await readUnfiltered(db, sort, limit, offset) : await readCounted(db, filters, sort, limit, offset);
  const matched = rows[0]?.matched ?? (await countFromSummary(db, filters)) ?? 0;
  return { rows, matched };
}

/**
 * A page of a search whose matches are few (names close to the text, the fallback when no word
 * matched) and how many match, in one statement: the matches (up to one past the cap) are
 * collected once, counted over a window and sorted for the page, whose twelve cards are read
 * then; counting and paging apart read the trigram index twice (decision 076, "Amended
 * 2026-12-07 (round six)"). Past the cap, only the count (one past it): the page of the collected
 * ones may not be the order's. Undefined on a page past the last (no row carries the count; on
 * the first page that is nobody).
 */
export async function searchCollectedRows(
  db: DbOrTx,
  filters: DirectoryFilters,
  sort: ColumnSort,
  limit: number,
  offset: number,
): Promise<{ rows?: SearchRow[]; matched: number } | undefined> {
  const collected = db
    .select({ id: cp.userId, completedProjects: cp.completedProjects, ratingCount: cp.ratingCount, favouritesCount: cp.favouritesCount, ratingAvg: cp.ratingAvg })
    .from(cp)
    .where(and(LISTED_PROFILE, matchingSql(filters), planning(filters)))
    .limit(DIRECTORY_COUNT_CAP + 1)
    .as('collected');
  const page = db
    .select({ id: collected.id, matched: sql<number>`count(*) OVER ()`.mapWith(Number).as('matched') })
    .from(collected)
    .orderBy(...orderOf(sort, collected))
    .limit(limit)
    .offset(offset)
    .as('page');
  const rows = await db
    .select({ ...cardColumns, favouritesCount: cp.favouritesCount, matched: page.matched })
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .innerJoin(page, eq(page.id, cp.userId))
    .where(LISTED)
    .orderBy(...ORDER[sort]);
  // No row on the first page: nobody matches. On a later one: it cannot tell.
  const matched = rows[0]?.matched ?? (offset === 0 ? 0 : undefined);
  if (matched === undefined) return undefined;
  return matched > DIRECTORY_COUNT_CAP ? { matched } : { rows: rows.map(({ matched: _, ...row }) => row), matched };
}

/** Which of a counted search's filters are given: one statement each, with the values as parameters. */
interface CountedShape {
  sort: ColumnSort;
  service: boolean;
  country: boolean;
  city: boolean;
  zone: boolean;
}

type CountedRow = SearchRow & { matched: number };

/**
 * A page of a counted search (one service or none, a country, city or zone) through a statement
 * drizzle builds once per Db and shape (at most 4 sorts × 16): building it on every request was
 * about a third of the server's CPU on a service search (decision 076, "Amended 2026-12-07
 * (round five)"). The values are parameters. With a service it runs unnamed, so PostgreSQL
 * plans a common service and a rare one each for itself (plannedEachTime); with only a country,
 * city or zone it is named, and PostgreSQL chooses (db/client.ts).
 */
function readCounted(db: DbOrTx, f: DirectoryFilters, sort: ColumnSort, limit: number, offset: number): Promise<CountedRow[]> {
  const shape: CountedShape = { sort, service: f.service.length > 0, country: !!f.country, city: !!f.city, zone: !!f.zone };
  const name = `directory_counted_${sort}_${Number(shape.service)}${Number(shape.country)}${Number(shape.city)}${Number(shape.zone)}`;
  return countedPages(db, name, () => buildCounted(db, shape, name)).execute({ service: f.service[0], country: f.country, city: f.city, zone: f.zone, limit, offset });
}

function buildCounted(db: DbOrTx, shape: CountedShape, name: string): { execute(values: Record<string, unknown>): Promise<CountedRow[]> } {
  // The filters with placeholders for their values: the one match rule (matchingSql) and the
  // summary's count (summaryCountSql) are built from them as for any search.
  const slot = <T>(key: string) => sql.placeholder(key) as unknown as T;
  const f: DirectoryFilters = {
    service: shape.service ? [slot<ServiceType>('service')] : [],
    country: shape.country ? slot<CountryCode>('country') : undefined,
    city: shape.city ? slot<string>('city') : undefined,
    zone: shape.zone ? slot<Zone>('zone') : undefined,
    rating: [],
  };
  return (
    db
      .select({ ...cardColumns, favouritesCount: cp.favouritesCount, matched: summaryCountSql(f)! })
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .where(and(LISTED, matchingSql(f), planning(f)))
      .orderBy(...ORDER[shape.sort])
      .limit(slot<number>('limit'))
      .offset(slot<number>('offset'))
      // Unnamed when planned each time: PostgreSQL then parses and plans it with its values.
      .prepare(plannedEachTime(f) ? '' : name)
  );
}

const countedPages = preparedByName<ReturnType<typeof buildCounted>>();

/**
 * A page of everyone listed in a column's order, and how many are listed (the summary's count):
 * its text holds every value (the page's bounds as literals), so it is a statement of its own
 * per sort and page, planned once per connection (a walk of the sort's index; planning it was
 * about as long as running it, decision 076).
 */
function readUnfiltered(db: DbOrTx, sort: ColumnSort, limit: number, offset: number): Promise<CountedRow[]> {
  const name = `directory_all_${sort}_${Math.trunc(limit)}_${Math.trunc(offset)}`;
  return unfilteredPages(db, name, () => {
    const literal = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;
    return db
      .select({ ...cardColumns, favouritesCount: cp.favouritesCount, matched: summaryCountSql(UNFILTERED)! })
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .where(LISTED)
      .orderBy(...ORDER[sort])
      .limit(literal(limit))
      .offset(literal(offset))
      .prepare(name);
  }).execute();
}

const UNFILTERED: DirectoryFilters = { service: [], rating: [] };

/** The unfiltered pages' statements, built by drizzle once per Db and page (4 sorts × DIRECTORY_MAX_PAGE at most): drizzle building the statements was about a quarter of the server's CPU on such a request. */
const unfilteredPages = preparedByName<{ execute(): Promise<CountedRow[]> }>();

/**
 * The same page, by walking the sort's index and testing each listed contractor on the way
 * until the page is full. When many match this reads a few dozen contractors where collecting
 * every match and sorting them reads thousands; PostgreSQL cannot tell which is cheaper where
 * its guess of how many match is poor: words together, guessed as if unrelated ('juan' &
 * 'carlos': 216 guessed, 3,740 real; 30 ms against 1 ms at 100,000 contractors, decision 015),
 * and a place's reach (cube's box is guessed at a fixed 0.1% of the contractors; Naco reaches
 * 39%: the box's 39,405 sorted against 26 walked, decision 076). The condition is tested outside
 * a subquery fenced with OFFSET 0, so it cannot become an index condition; the caller decides
 * from a count (`walkIsCheaper`).
 */
async function walkInOrder(db: DbOrTx, filters: DirectoryFilters, sort: DirectorySort, limit: number, offset: number, part?: TradePart): Promise<SearchRow[]> {
  const order = orderFor(sort, filters);
  // The walk reads the profiles alone (LISTED_PROFILE): joining each walked one's account cost
  // as much again as testing it (a place's page 4 in the reviews' order: 1,270 walked for 48).
  const inOrder = db
    .select({ id: cp.userId, matches: sql<boolean>`${matchingSql(filters, part)}`.as('matches') })
    .from(cp)
    .where(and(LISTED_PROFILE, planning(filters)))
    .orderBy(...order)
    // The fence: drizzle drops a numeric `.offset(0)`, so it is written as SQL.
    .offset(sql`0` as unknown as number)
    .as('in_order');
  // No ORDER BY in the ids' query: the rows come out in the subquery's order (nothing there
  // joins, groups or sorts), and only then does PostgreSQL plan the subquery for the few rows the
  // LIMIT needs (a walk) rather than for all of them (a sort of every contractor).
  const ids = db
    .select({ id: inOrder.id })
    .from(inOrder)
    .where(sql`${inOrder.matches}`)
    .limit(limit)
    .offset(offset);
  return cardsOf(db, ids, order);
}

/**
 * The cards of a page's ids (a subquery of at most a page), in the page's order. The ids are an
 * array (`= ANY(ARRAY(…))`), read once before the cards: as `IN (…)` PostgreSQL weighed joining
 * the subquery's profiles, the cards' profiles and their accounts in every order: planning a
 * free-text page took 0.48 ms that way and 0.37 ms this way (decision 076, "round seven").
 */
function cardsOf(db: DbOrTx, ids: SQL | SQLWrapper, order: SQL[]): Promise<SearchRow[]> {
  return db
    .select({ ...cardColumns, favouritesCount: cp.favouritesCount })
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .where(and(LISTED, sql`${cp.userId} = ANY(ARRAY(${ids}))`))
    .orderBy(...order);
}

/**
 * Testing a contractor on the walk costs about this many times collecting a match: with free
 * words, a text test each (measured at 100,000, decision 015); without (a place's box and
 * distance, a trade's services), about as much as collecting one, or less (a place at 100,000:
 * 26 walked in 0.15 ms against 39,405 collected and sorted in 315 ms, decision 076).
 */
export function walkRowCost(f: DirectoryFilters): number {
  return f.q !== undefined && freeTextSql(f.q, f.textMode ?? 'words') !== undefined ? 5 : 1;
}

/**
 * Whether walking the sort order (searchContractorRows' `walk`) costs less than collecting all
 * `matching` of `listed`: a page ending at `end` is reached after about end × listed / matching
 * contractors in order, each tested at `rowCost` times the cost of collecting a match.
 */
export function walkIsCheaper(end: number, matching: number, listed: number, rowCost = 5): boolean {
  return matching > 0 && end * listed * rowCost < matching * matching;
}

/**
 * The fewest matches from which walking is cheaper (walkIsCheaper): a count capped there tells
 * which way to read the page, and costs no more than collecting the matches would.
 */
export function walkThreshold(end: number, listed: number, rowCost = 5): number {
  return Math.floor(Math.sqrt(end * listed * rowCost)) + 1;
}
