import { COUNTRY_CODES, ZONES, type CountryCode, type Zone } from '@arreglaya/shared/countries';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import type { DirectorySort } from '@arreglaya/shared/schemas/directory';
import type { DbOrTx } from '../../db/client.ts';
import { EVERYTHING, type Changes } from './directory-cache.ts';
import { splitTradeWords } from '@arreglaya/shared/trade-words';
import { searchWords } from '../../lib/search-words.ts';
import { criteria, kmBetweenAsSql, tradeRank, type ContractorFacts, type DirectoryFilters } from './directory-match.ts';
import { readFacetRows, readTradeWordMatches, type FacetRow } from './directory.repository.ts';

// Counts of searches without free text, in memory: every contractor's services, place (and
// base, radius), rating, sort keys and listed flag in typed arrays (about 50 bytes each), kept in
// step with the same change notifications as the cache. Counting 100,000 contractors this way
// takes about a millisecond, against tens of milliseconds for PostgreSQL to visit every matching
// row. Whether a contractor matches is decided by the filters' one definition
// (directory-match.ts), as in SQL. The same scan also chooses the ids of a page with an origin
// or trade words (decision 045): PostgreSQL then reads those rows by id. A trade word's text
// matches (besides offering the trade) are read once from the words' index and kept until a
// change of text. Searches with other text are counted by PostgreSQL (the words need its indexes).

const COUNTRY_INDEX = new Map<CountryCode, number>(COUNTRY_CODES.map((c, i) => [c, i + 1]));
const ZONE_INDEX = new Map<Zone, number>(ZONES.map((z, i) => [z, i + 1]));
const COUNTRY_BY_INDEX: readonly (CountryCode | null)[] = [null, ...COUNTRY_CODES];
const ZONE_BY_INDEX: readonly (Zone | null)[] = [null, ...ZONES];

/** Kinds of change that move a contractor's facts here (listed, services, place, rating, sort keys). */
const FACET_KINDS = /[mslrk]/;

/** Trade words whose matches are kept at once (a byte per contractor each); past it they are all read again. */
const WORDS_KEPT = 64;

/** Filters without an origin (the keyed orders do not depend on one). */
const NO_ORIGIN: DirectoryFilters = { service: [], rating: [] };

/** Services masks have this many bits (Uint16). */
const SERVICE_BITS = 16;
export const SERVICE_MASK_BITS = SERVICE_BITS;

/**
 * Throws unless `services` services fit a mask: bit i is SERVICE_TYPES[i] (serviceMask), and a
 * bit past the Uint16 would be dropped from every contractor's mask without a word.
 */
export function serviceMaskFits(services: number): void {
  if (services > SERVICE_BITS)
    throw new Error(
      `The services catalogue (SERVICE_TYPES) has ${services} services but the directory's services masks have ${SERVICE_BITS} bits (Uint16Array in modules/directory/directory-facets.ts): widen SERVICE_BITS and the services array (Uint32Array holds 31 in JavaScript's bit operations) before adding a service.`,
    );
}
// At start: the server refuses to run with a catalogue that does not fit (issue 48).
serviceMaskFits(SERVICE_TYPES.length);

/** Lists of contractors a base (byBaseIndex): all of its listed contractors, then those offering each service. */
const LISTS_PER_BASE = 1 + SERVICE_BITS;

/** A scan of the facts (DirectoryFacets.scanner): each match, or runs of matches in a list; false when a filter cannot be decided. */
type Scan = (visit: (i: number) => void, visitRun: (members: Int32Array, from: number, to: number, b: number) => void) => boolean;

/** Whether contractor i is listed and matches every filter; undefined when a filter cannot be decided. */
type Passes = (i: number) => boolean | undefined;

/** Sort orders whose keys are the contractor's own (not the search's origin): kept as an order of every index (sortedBy). */
type KeyedSort = Exclude<DirectorySort, 'distance'>;

/** Which contractors' text has a trade word: a byte by index, and their indexes. */
interface WordMatches {
  has: Uint8Array;
  list: Int32Array;
}

export class DirectoryFacets {
  size = 0;
  private index = new Map<string, number>();
  services = new Uint16Array(0);
  countries = new Uint8Array(0);
  cities = new Uint16Array(0);
  zones = new Uint8Array(0);
  ratingAvg = new Float32Array(0);
  ratingCount = new Uint32Array(0);
  listed = new Uint8Array(0);
  /** The base, as a number among the distinct bases (0: none; bases are places, so a few hundred), and the service radius in km. */
  base = new Uint32Array(0);
  radiusKm = new Uint8Array(0);
  /** The distinct bases' coordinates by number (0: none), and their numbers. */
  readonly baseLat: number[] = [NaN];
  readonly baseLng: number[] = [NaN];
  private readonly baseIndex = new Map<string, number>();
  /** Sort keys that are not facts of a filter. */
  completed = new Uint32Array(0);
  favourites = new Uint32Array(0);
  /** The contractor's id at each index. */
  private ids: string[] = [];
  /** Its first 48 bits as a number (idKeyOf), so that ids mostly compare as numbers. */
  private idKey = new Float64Array(0);
  /**
   * The listed contractors with a base in lists by base: each base's list of all of them, then
   * one per service of those offering it (LISTS_PER_BASE lists a base), longest radius first
   * within a list, so that those an origin's reach covers are a prefix of each (Reach). Built
   * when first needed after someone joined, left, moved, or changed radius or services.
   */
  private byBaseIndex: { start: Int32Array; members: Int32Array } | undefined;
  /**
   * Every index (listed or not) in each keyed sort's order, built when first walked, then kept
   * in order by put() (a contractor whose sort keys change is taken out and put back in place).
   */
  private readonly sorted = new Map<KeyedSort, number[]>();
  /** By trade word: the contractors whose text has it (read when first asked, forgotten on a change of text). */
  private words = new Map<string, Promise<WordMatches | undefined>>();
  /** City keys seen so far (0 = none), and by number. */
  private readonly cityIndex = new Map<string, number>();
  readonly cityKeys: (string | null)[] = [null];
  /** Updates run one after another; a count waits for those already announced. */
  private pending: Promise<void> = Promise.resolve();
  /** The facts are complete and followed by every announced change. */
  private ready = false;
  /** Changes can be heard (the listener is connected). */
  private live = false;

  constructor(private readonly db: DbOrTx) {}

  /** Applies announced changes (by re-reading those contractors), or reloads everything. */
  apply(changes: Changes): void {
    // Someone's text changed (or a new contractor, or anything): the words' matches are read again when next asked.
    if (changes === EVERYTHING || changes.some((c) => /[mt]/.test(c.kinds))) this.words.clear();
    if (changes === EVERYTHING) {
      this.enqueue(() => this.load());
      return;
    }
    const ids = [...new Set(changes.filter((c) => FACET_KINDS.test(c.kinds)).map((c) => c.id))];
    if (ids.length > 0) this.enqueue(() => this.refresh(ids));
  }

  /** While changes cannot be heard the facts may go stale: off until the next reload. */
  setLive(live: boolean): void {
    this.live = live;
    if (live) this.apply(EVERYTHING);
    else this.ready = false;
  }

  /** Resolves once the updates announced so far are applied. */
  settled(): Promise<void> {
    return this.pending;
  }

  /**
   * The facets' own copy of a contractor's id (the same text), or `id` when not known: what
   * cached pages keep, one string per contractor however many pages show it (a row's id is a
   * new string of its own each time PostgreSQL sends it).
   */
  sharedId(id: string): string {
    const i = this.index.get(id);
    return i === undefined ? id : (this.ids[i] ?? id);
  }

  /** A contractor's services mask as last heard (a change of them is announced as 's'); undefined when not known. */
  servicesOf(id: string): number | undefined {
    if (!this.ready) return undefined;
    const i = this.index.get(id);
    return i === undefined ? undefined : this.services[i];
  }

  /**
   * How many listed contractors match. Undefined while the facts are not loaded, or when the
   * filters cannot be decided in memory (free text other than trade words).
   */
  async count(f: DirectoryFilters): Promise<number | undefined> {
    const scan = (await this.scanner(f))?.scan;
    let n = 0;
    const counted = scan?.(
      () => n++,
      (_, from, to) => (n += to - from),
    );
    return counted ? n : undefined;
  }

  /**
   * The first `end` listed contractors matching the filters in the sort's order, as PostgreSQL
   * orders them (directory.repository.ts: the trade rank, then each sort's keys, then the id;
   * nearest first is public.km_between, then the id), and how many match in all. Undefined as
   * for count.
   */
  async page(f: DirectoryFilters, sort: DirectorySort, end: number): Promise<{ ids: string[]; total: number | undefined } | undefined> {
    const scanned = await this.scanner(f);
    if (!scanned) return undefined;
    const { scan, passes } = scanned;
    // From here on nothing waits: the arrays are those the scan reads (an update replaces them when they grow).
    // With trade words, those offering a named service first (tradeRankSql).
    const rank = tradeRank(f);
    const { services, base } = this;
    const keyed = sort === 'distance' && f.near ? undefined : sort === 'distance' ? 'popular' : sort;
    if (keyed) {
      if (!f.near) {
        // Everyone is a candidate: walking the order stops once the page is full (the total is counted apart, and cached).
        const ids = this.walk(keyed, end, passes, rank);
        return ids && { ids, total: undefined };
      }
      // From a place: its matches counted first through the lists by base (cheap), then the
      // order walked when the matches are dense enough that the page fills early (about end ×
      // size / total steps, against offering every match to the page).
      let total = 0;
      let offering = 0;
      const counted = scan(
        (i) => {
          total++;
          if (rank?.(services[i]!) === 0) offering++;
        },
        (members, from, to) => {
          total += to - from;
          if (rank) for (let m = from; m < to; m++) if (rank(services[members[m]!]!) === 0) offering++;
        },
      );
      if (!counted) return undefined;
      if (total * total > end * this.size && (!rank || offering >= end)) {
        const ids = this.walk(keyed, end, passes, rank);
        if (ids) return { ids, total };
      }
    }
    const inSort = this.order(sort, f);
    const compare = rank ? (a: number, b: number) => rank(services[a]!) - rank(services[b]!) || inSort(a, b) : inSort;
    const first = new FirstInOrder(end, compare);
    let total = 0;
    // Nearest first: once the page is full, whoever comes after its last by rank or by the
    // distance of their base is turned away without the whole comparison (the matches come
    // nearest bases first); a base farther than the last adds nobody of the last's rank or after.
    const km = sort === 'distance' && f.near ? this.byBase((lat, lng) => kmBetweenAsSql(lat, lng, f.near!.lat, f.near!.lng)) : undefined;
    const after = (i: number, last: number): boolean => {
      const byRank = rank ? rank(services[i]!) - rank(services[last]!) : 0;
      return byRank > 0 || (byRank === 0 && km![base[i]!]! > km![base[last]!]!);
    };
    const found = scan(
      (i) => {
        total++;
        if (km && first.full && after(i, first.last)) return;
        first.offer(i);
      },
      (members, from, to, b) => {
        total += to - from;
        // A base farther than the last's: nobody of it comes before the last, unless the last is
        // out of the trade (rank 1) and some of them offer it.
        if (km && first.full && km[b]! > km[base[first.last]!]! && (!rank || rank(services[first.last]!) === 0)) return;
        for (let m = from; m < to; m++) first.offer(members[m]!);
      },
    );
    return found ? { ids: first.inOrder().map((i) => this.ids[i]!), total } : undefined;
  }

  /**
   * Once the facts are up to date for the filters (the changes announced so far applied, the
   * trade words' matches read), a scan that runs at once: it calls `visit` with the index of each
   * listed contractor that matches, or `visitRun(members, from, to, b)` with a run of them
   * (`members[from..to)`, all of base `b`), and returns false (stopping) when a filter cannot be
   * decided. Undefined when the facts are not loaded or the filters have free text.
   */
  private async scanner(f: DirectoryFilters): Promise<{ scan: Scan; passes: Passes } | undefined> {
    // Not loaded yet (starting, or after a lost listener): PostgreSQL counts meanwhile.
    if (!this.ready) return undefined;
    // Loaded: wait for the changes already announced.
    await this.pending;
    if (!this.ready) return undefined;
    // The filters' own tests (directory-match.ts), on each listed contractor's facts in turn.
    const filters = criteria(f);
    // Free text other than trade words: only PostgreSQL can match it.
    if (filters.some((c) => c.freeText)) return undefined;
    // One contractor's facts at a time, read from the arrays only when a test asks for them.
    const facts = new FactsAt(this);
    for (const { word } of f.q && (f.textMode ?? 'words') === 'words' ? splitTradeWords(searchWords(f.q)).trades : []) {
      const matches = await this.wordMatches(word);
      if (!matches) return undefined;
      facts.words.set(word, matches);
    }
    if (!this.ready) return undefined;
    const { listed } = this;
    // With an origin, only the contractors its reach covers are visited (by base, below): its
    // own test is then passed by construction. Every other filter's test runs on each of them.
    const reach = filters.find((c) => c.reach)?.reach;
    const tests = filters.filter((c) => !c.reach).map((c) => c.test);
    const testCount = tests.length;
    // Whether contractor i passes each of these tests (undefined: one cannot decide).
    const passing =
      (these: ((c: ContractorFacts) => boolean | undefined)[]) =>
      (i: number): boolean | undefined => {
        facts.i = i;
        let passes: boolean | undefined = true;
        for (let t = 0; t < these.length && passes === true; t++) passes = these[t]!(facts);
        return passes;
      };
    const othersPass = passing(tests);
    // One contractor at a time (walking an order): listed, within the reach, and every other test.
    const kmOfBase = reach && this.byBase(reach.kmFrom);
    const passes: Passes = (i) => {
      if (listed[i] !== 1) return false;
      if (kmOfBase && (this.base[i] === 0 || !reach.covers(kmOfBase[this.base[i]!]!, this.radiusKm[i]!))) return false;
      return othersPass(i);
    };
    const scan: Scan = (visit, visitRun) => {
      const visitIf = (i: number): boolean => {
        const passes = othersPass(i);
        if (passes) visit(i);
        return passes !== undefined;
      };
      if (!reach) {
        for (let i = 0; i < this.size; i++) if (listed[i] === 1 && !visitIf(i)) return false;
        return true;
      }
      // Base by base (a few hundred places; those outside the reach's box skipped whole), each
      // list longest radius first: the reach covers a prefix of it. A filter that only lets
      // through those offering some services (`offers`: a service, a trade word) narrows the
      // lists to theirs; its test still runs.
      const km = this.byBase(reach.kmFrom);
      const { start, members } = this.listsByBase();
      const { radiusKm, services } = this;
      const covered = (from: number, to: number, kmB: number): number => {
        // The end of the prefix the reach covers, by bisection (covering is monotone in the radius).
        let lo = from;
        let hi = to;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (reach.covers(kmB, radiusKm[members[mid]!]!)) lo = mid + 1;
          else hi = mid;
        }
        return lo;
      };
      const narrowing = filters.find((c) => c.offers !== undefined);
      const offers = narrowing?.offers ?? 0;
      // Those in its lists (and its word's matches) pass the narrowing filter's own test by construction: only the others are asked.
      const listTests = narrowing?.passesIfOffers ? filters.filter((c) => !c.reach && c !== narrowing).map((c) => c.test) : tests;
      const listedPass = passing(listTests);
      const visitListed = (i: number): boolean => {
        const passes = listedPass(i);
        if (passes) visit(i);
        return passes !== undefined;
      };
      // A single service: its lists hold nobody twice.
      const single = (offers & (offers - 1)) === 0;
      // Nearest bases first: a page nearest first is then full early, and turns the rest away at once.
      const bases: number[] = [];
      for (let b = 1; b < this.baseLat.length; b++) if (km[b]! !== Infinity) bases.push(b);
      bases.sort((a, b) => km[a]! - km[b]!);
      for (const b of bases) {
        const kmB = km[b]!;
        const list = b * LISTS_PER_BASE;
        if (!narrowing) {
          const to = covered(start[list]!, start[list + 1]!, kmB);
          if (testCount === 0) visitRun(members, start[list]!, to, b);
          else for (let m = start[list]!; m < to; m++) if (!visitIf(members[m]!)) return false;
          continue;
        }
        for (let s = 0; s < SERVICE_BITS; s++) {
          const bit = 1 << s;
          if ((offers & bit) === 0) continue;
          const from = start[list + 1 + s]!;
          const to = covered(from, start[list + 2 + s]!, kmB);
          if (single && listTests.length === 0) {
            visitRun(members, from, to, b);
            continue;
          }
          for (let m = from; m < to; m++) {
            const i = members[m]!;
            // Offering several of them: visited in the list of the first.
            const both = services[i]! & offers;
            if ((both & -both) === bit && !visitListed(i)) return false;
          }
        }
      }
      // Those a trade word lets through by their text alone (not offering the trade): each one's reach.
      const word = narrowing?.orWord;
      if (word !== undefined) {
        const { base } = this;
        for (const i of facts.words.get(word)!.list) {
          if (listed[i] !== 1 || (services[i]! & offers) !== 0 || base[i] === 0 || !reach.covers(km[base[i]!]!, radiusKm[i]!)) continue;
          if (!visitListed(i)) return false;
        }
      }
      return true;
    };
    return { scan, passes };
  }

  /**
   * The first `end` contractors that pass, in a keyed sort's order (with trade words, those
   * offering a named service first), walking the order until the page is full; undefined when
   * a filter cannot be decided.
   */
  private walk(sort: KeyedSort, end: number, passes: Passes, rank: ((services: number) => 0 | 1) | undefined): string[] | undefined {
    const order = this.sortedBy(sort);
    const { services } = this;
    const first: number[] = [];
    // Those not offering a named service come after all who do: kept apart until the walk ends.
    const after: number[] = [];
    for (let k = 0; k < order.length && first.length < end; k++) {
      const i = order[k]!;
      const p = passes(i);
      if (p === undefined) return undefined;
      if (!p) continue;
      if (!rank || rank(services[i]!) === 0) first.push(i);
      else if (after.length < end) after.push(i);
    }
    return [...first, ...after].slice(0, end).map((i) => this.ids[i]!);
  }

  /** Every index in a keyed sort's order (sorted), built when first asked. */
  private sortedBy(sort: KeyedSort): number[] {
    let order = this.sorted.get(sort);
    if (!order) {
      order = Array.from({ length: this.size }, (_, i) => i).sort(this.order(sort, NO_ORIGIN));
      this.sorted.set(sort, order);
    }
    return order;
  }

  /** Takes index i out of each built order (its sort keys as they are now), or puts it back in place. */
  private reorder(i: number, add: boolean): void {
    for (const [sort, order] of this.sorted) {
      const compare = this.order(sort, NO_ORIGIN);
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compare(order[mid]!, i) < 0) lo = mid + 1;
        else hi = mid;
      }
      if (add) order.splice(lo, 0, i);
      else if (order[lo] === i) order.splice(lo, 1);
      // Not where its keys say (cannot happen while put() takes it out before changing them): built again when next walked.
      else this.sorted.delete(sort);
    }
  }

  /** The lists of byBaseIndex: list b × LISTS_PER_BASE is base b's, list b × LISTS_PER_BASE + 1 + s those of base b offering service s. */
  private listsByBase(): { start: Int32Array; members: Int32Array } {
    if (this.byBaseIndex) return this.byBaseIndex;
    const { size, base, radiusKm, services, listed } = this;
    const lists = this.baseLat.length * LISTS_PER_BASE;
    // By radius, longest first (a counting sort), then into the lists in that order.
    const byRadius = new Int32Array(size);
    const radiusStart = new Int32Array(257);
    for (let i = 0; i < size; i++) radiusStart[256 - radiusKm[i]!]!++;
    for (let r = 1; r <= 256; r++) radiusStart[r]! += radiusStart[r - 1]!;
    for (let i = size - 1; i >= 0; i--) byRadius[--radiusStart[256 - radiusKm[i]!]!] = i;
    const listsOf = (i: number, each: (list: number) => void) => {
      if (listed[i] !== 1 || base[i] === 0) return;
      const list = base[i]! * LISTS_PER_BASE;
      each(list);
      for (let s = 0; s < SERVICE_BITS; s++) if ((services[i]! & (1 << s)) !== 0) each(list + 1 + s);
    };
    const start = new Int32Array(lists + 1);
    for (let i = 0; i < size; i++) listsOf(i, (list) => start[list + 1]!++);
    for (let l = 1; l <= lists; l++) start[l]! += start[l - 1]!;
    const next = start.slice(0, lists);
    const members = new Int32Array(start[lists]!);
    for (const i of byRadius) listsOf(i, (list) => (members[next[list]!++] = i));
    this.byBaseIndex = { start, members };
    return this.byBaseIndex;
  }

  /** The sort's order of two indexes, as the repository's ORDER BY (every key is NOT NULL; ids compare as uuids do, in hex). */
  private order(sort: DirectorySort, f: DirectoryFilters): (a: number, b: number) => number {
    const { completed, favourites, ratingAvg, ratingCount, ids, idKey } = this;
    // The ids' first 48 bits as numbers decide all but equal prefixes (then the whole ids).
    const byId = (a: number, b: number) => idKey[a]! - idKey[b]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    switch (sort === 'distance' && !f.near ? 'popular' : sort) {
      case 'distance': {
        // Everyone matching has a base (the origin's reach requires one).
        const p = f.near!;
        const km = this.byBase((lat, lng) => kmBetweenAsSql(lat, lng, p.lat, p.lng));
        const { base } = this;
        return (a, b) => km[base[a]!]! - km[base[b]!]! || byId(a, b);
      }
      case 'reviews':
        return (a, b) => ratingCount[b]! - ratingCount[a]! || ratingAvg[b]! - ratingAvg[a]! || byId(a, b);
      case 'rating_desc':
        return (a, b) => ratingAvg[b]! - ratingAvg[a]! || ratingCount[b]! - ratingCount[a]! || byId(a, b);
      case 'rating_asc':
        // Without reviews last (no rating, not a low one), then lowest first, then most reviews.
        return (a, b) => Number(ratingCount[a] === 0) - Number(ratingCount[b] === 0) || ratingAvg[a]! - ratingAvg[b]! || ratingCount[b]! - ratingCount[a]! || byId(a, b);
      case 'popular':
      default:
        return (a, b) => completed[b]! - completed[a]! || ratingCount[b]! - ratingCount[a]! || favourites[b]! - favourites[a]! || byId(a, b);
    }
  }

  /** Which contractors' text has the trade word (by index), read after the changes announced so far; undefined when the read failed. */
  private wordMatches(word: string): Promise<WordMatches | undefined> {
    let found = this.words.get(word);
    if (!found) {
      if (this.words.size >= WORDS_KEPT) this.words.clear();
      const read = this.pending.then(async () => {
        const ids = await readTradeWordMatches(this.db, word);
        const has = new Uint8Array(this.size);
        const list: number[] = [];
        for (const id of ids) {
          const i = this.index.get(id);
          if (i === undefined) continue;
          has[i] = 1;
          list.push(i);
        }
        return { has, list: Int32Array.from(list) };
      });
      found = read.catch(() => {
        this.words.delete(word);
        return undefined;
      });
      this.pending = found.then(() => undefined);
      this.words.set(word, found);
    }
    return found;
  }

  private enqueue(step: () => Promise<void>): void {
    this.pending = this.pending.then(step).catch(() => {
      // A failed read leaves the facts unknown: counts go to PostgreSQL until a reload works.
      this.ready = false;
    });
  }

  private async read(ids?: readonly string[]): Promise<FacetRow[]> {
    return readFacetRows(this.db, ids);
  }

  private async load(): Promise<void> {
    const rows = await this.read();
    this.size = 0;
    this.index = new Map();
    this.ids = [];
    this.byBaseIndex = undefined;
    this.sorted.clear();
    this.words.clear();
    this.grow(rows.length);
    for (const row of rows) this.put(row);
    this.ready = this.live;
  }

  private async refresh(ids: readonly string[]): Promise<void> {
    const rows = await this.read(ids);
    const found = new Set(rows.map((r) => r.id));
    for (const row of rows) this.put(row);
    // Gone from contractor_profiles (an account deleted): no longer counted.
    for (const id of ids) {
      const i = this.index.get(id);
      if (i !== undefined && !found.has(id) && this.listed[i] === 1) {
        this.listed[i] = 0;
        this.byBaseIndex = undefined;
      }
    }
  }

  private grow(min: number): void {
    if (min <= this.listed.length) return;
    const capacity = Math.max(min, Math.ceil(this.listed.length * 1.5), 1024);
    const copy = <T extends Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old as never);
      return next;
    };
    this.services = copy(this.services, (n) => new Uint16Array(n));
    this.countries = copy(this.countries, (n) => new Uint8Array(n));
    this.cities = copy(this.cities, (n) => new Uint16Array(n));
    this.zones = copy(this.zones, (n) => new Uint8Array(n));
    this.ratingAvg = copy(this.ratingAvg, (n) => new Float32Array(n));
    this.ratingCount = copy(this.ratingCount, (n) => new Uint32Array(n));
    this.listed = copy(this.listed, (n) => new Uint8Array(n));
    this.base = copy(this.base, (n) => new Uint32Array(n));
    this.radiusKm = copy(this.radiusKm, (n) => new Uint8Array(n));
    this.completed = copy(this.completed, (n) => new Uint32Array(n));
    this.favourites = copy(this.favourites, (n) => new Uint32Array(n));
    this.idKey = copy(this.idKey, (n) => new Float64Array(n));
  }

  private put(row: FacetRow): void {
    let i = this.index.get(row.id);
    const isNew = i === undefined;
    if (i === undefined) {
      this.grow(this.size + 1);
      i = this.size++;
      this.index.set(row.id, i);
      this.ids[i] = row.id;
      this.idKey[i] = idKeyOf(row.id);
      this.byBaseIndex = undefined;
    }
    // A move in the keyed orders: out where its keys were, back in where they are.
    const moves =
      isNew ||
      row.completedProjects !== this.completed[i] ||
      row.favouritesCount !== this.favourites[i] ||
      row.ratingCount !== this.ratingCount[i] ||
      Math.fround(row.ratingAvg) !== this.ratingAvg[i];
    if (moves && !isNew) this.reorder(i, false);
    const base = row.lat === null || row.lng === null ? 0 : this.baseId(row.lat, row.lng);
    const listed = row.listed ? 1 : 0;
    // What places a contractor in the lists by base.
    if (base !== this.base[i] || row.serviceRadiusKm !== this.radiusKm[i] || row.services !== this.services[i] || listed !== this.listed[i]) this.byBaseIndex = undefined;
    this.services[i] = row.services;
    this.countries[i] = row.country ? (COUNTRY_INDEX.get(row.country) ?? 0) : 0;
    this.cities[i] = row.city ? this.cityId(row.city) : 0;
    this.zones[i] = row.zone ? (ZONE_INDEX.get(row.zone) ?? 0) : 0;
    // Float32: exactly the stored real, so the star bands compare as in SQL.
    this.ratingAvg[i] = row.ratingAvg;
    this.ratingCount[i] = row.ratingCount;
    this.listed[i] = listed;
    this.base[i] = base;
    this.radiusKm[i] = row.serviceRadiusKm;
    this.completed[i] = row.completedProjects;
    this.favourites[i] = row.favouritesCount;
    if (moves) this.reorder(i, true);
  }

  /** `of` each distinct base, by base number (NaN for none). */
  byBase(of: (lat: number, lng: number) => number): Float64Array {
    const values = new Float64Array(this.baseLat.length);
    values[0] = NaN;
    for (let b = 1; b < values.length; b++) values[b] = of(this.baseLat[b]!, this.baseLng[b]!);
    return values;
  }

  private baseId(lat: number, lng: number): number {
    const key = `${lat} ${lng}`;
    let id = this.baseIndex.get(key);
    if (id === undefined) {
      id = this.baseLat.length;
      this.baseIndex.set(key, id);
      this.baseLat.push(lat);
      this.baseLng.push(lng);
    }
    return id;
  }

  private cityId(key: string): number {
    let id = this.cityIndex.get(key);
    if (id === undefined) {
      id = this.cityIndex.size + 1;
      this.cityIndex.set(key, id);
      this.cityKeys[id] = key;
    }
    return id;
  }
}

/**
 * A contractor's facts (ContractorFacts) as the filters' tests read them, straight from the
 * facets' arrays at index `i`: nothing is copied for a contractor that no test looks at.
 * Lookups by stored number (0 = none) go through arrays that start with null, so they never
 * read out of bounds (which made the count fifty times slower).
 */
class FactsAt implements ContractorFacts {
  i = 0;
  readonly listed = true;
  /** The trade words' matches the filters ask about (wordMatches). */
  readonly words = new Map<string, WordMatches>();
  /** The word asked last and its matches (a search has one trade word, or a few). */
  private lastWord: string | undefined;
  private lastMatches: Uint8Array | undefined;
  readonly hasWord = (word: string): boolean | undefined => {
    if (word !== this.lastWord) {
      this.lastWord = word;
      this.lastMatches = this.words.get(word)?.has;
    }
    return this.lastMatches ? this.lastMatches[this.i] === 1 : undefined;
  };
  constructor(private readonly f: DirectoryFacets) {}
  get services(): number {
    return this.f.services[this.i]!;
  }
  get country(): CountryCode | null {
    return COUNTRY_BY_INDEX[this.f.countries[this.i]!]!;
  }
  get city(): string | null {
    return this.f.cityKeys[this.f.cities[this.i]!]!;
  }
  get zone(): Zone | null {
    return ZONE_BY_INDEX[this.f.zones[this.i]!]!;
  }
  get ratingAvg(): number {
    return this.f.ratingAvg[this.i]!;
  }
  get ratingCount(): number {
    return this.f.ratingCount[this.i]!;
  }
  get lat(): number | null {
    const b = this.f.base[this.i]!;
    return b === 0 ? null : this.f.baseLat[b]!;
  }
  get lng(): number | null {
    const b = this.f.base[this.i]!;
    return b === 0 ? null : this.f.baseLng[b]!;
  }
  /** One function of the base at a time, computed once per base (perBase). */
  private of: ((lat: number, lng: number) => number) | undefined;
  private byBase: Float64Array = new Float64Array(0);
  readonly perBase = (of: (lat: number, lng: number) => number): number | undefined => {
    if (of !== this.of) {
      this.of = of;
      this.byBase = this.f.byBase(of);
    }
    const b = this.f.base[this.i]!;
    return b === 0 ? undefined : this.byBase[b];
  };
  get serviceRadiusKm(): number {
    return this.f.radiusKm[this.i]!;
  }
}

/**
 * A uuid's first 48 bits (its first twelve hex digits) as a number: two ids whose keys differ
 * compare as their keys do, as uuids compare in PostgreSQL (byte by byte: the lowercase hex text's
 * order); equal keys say nothing (compare the ids).
 */
export function idKeyOf(id: string): number {
  return parseInt(id.slice(0, 8), 16) * 0x10000 + parseInt(id.slice(9, 13), 16);
}

/**
 * The first `end` of the items offered, in the order `compare` gives (ties cannot happen: the id
 * is the last key): a max-heap (by `compare`) of the best `end` so far, whose root is the last of
 * them; an item after it is turned away with one comparison.
 */
export class FirstInOrder {
  private readonly heap: number[] = [];
  constructor(
    private readonly end: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  /** True once `end` items are held: only one before `last` gets in. */
  get full(): boolean {
    return this.heap.length >= this.end;
  }

  /** The last of those held (the heap's root). */
  get last(): number {
    return this.heap[0]!;
  }

  offer(item: number): void {
    const { heap, compare } = this;
    if (heap.length < this.end) {
      heap.push(item);
      let k = heap.length - 1;
      while (k > 0) {
        const parent = (k - 1) >> 1;
        const child = heap[k]!;
        if (compare(child, heap[parent]!) <= 0) return;
        heap[k] = heap[parent]!;
        heap[parent] = child;
        k = parent;
      }
    } else if (this.end > 0 && compare(item, heap[0]!) < 0) {
      heap[0] = item;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let top = k;
        if (l < heap.length && compare(heap[l]!, heap[top]!) > 0) top = l;
        if (r < heap.length && compare(heap[r]!, heap[top]!) > 0) top = r;
        if (top === k) return;
        const held = heap[k]!;
        heap[k] = heap[top]!;
        heap[top] = held;
        k = top;
      }
    }
  }

  /** Those held, first to last. */
  inOrder(): number[] {
    return [...this.heap].sort(this.compare);
  }
}
