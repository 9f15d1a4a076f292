import type { CountryCode, Zone } from '@arreglaya/shared/countries';
import { SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { SERVICE_RADIUS_MAX_KM } from '@arreglaya/shared/places';
import type { RatingFilter } from '@arreglaya/shared/schemas/directory';
import { splitTradeWords, tradeServicesOf } from '@arreglaya/shared/trade-words';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { contractorProfiles as cp } from '../../db/schema/index.ts';
import { searchWords } from '../../lib/search-words.ts';

// The one definition of "this contractor matches these filters" (decision 013). Each kind of
// filter is described once, and the description gives everything that asks the question:
// - the SQL condition (searches and counts in PostgreSQL, directory.repository.ts);
// - the test of a contractor's facts in memory (counts without text, directory-facets.ts);
// - the kind of announced change that can alter the answer (cache staleness, directory-staleness.ts).
// directory-match.test.ts runs one table of contractors and filters through PostgreSQL and
// through the tests here and demands the same answers.

export interface DirectoryFilters {
  q?: string | undefined;
  /** How `q` matches; 'words' when not given. */
  textMode?: TextMode;
  service: readonly ServiceType[];
  country?: CountryCode | undefined;
  city?: string | undefined;
  zone?: Zone | undefined;
  rating: readonly RatingFilter[];
  /**
   * The search's origin (a place or the client's project, decision 042): only contractors whose
   * service radius reaches it are listed. Undefined: anywhere.
   */
  near?: GeoPoint | undefined;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * How free text matches. 'words' (always tried first): every word is the start of a word of
 * the name, company or description, stemmed in Spanish with accents removed ('plom' and
 * 'plomeria' find 'Plomería'; 'martines' finds 'Martínez', same stem); a trade word
 * (packages/shared/src/trade-words.ts: 'plomero', 'electricistas') is met by offering its
 * service or by the text, and words that only go with a trade ('técnico de') are dropped
 * (decision 037). 'names' (only when
 * 'words' finds nobody): the words inside the unaccented name + company, or a name close to
 * them ('rodirguez' finds 'Rodríguez'), through the trigram index.
 */
export type TextMode = 'words' | 'names';

/**
 * The terms PostgreSQL matches for a 'words' search, as to_tsquery normalises them (textTerms
 * in the repository: stemmed prefixes, 'plomería' → 'plomeri'). Undefined when not known (the
 * 'names' mode, a query of another shape): then nothing in memory can tell who matches.
 */
export type TextTerms = readonly string[] | undefined;

/** What the filters look at of one contractor (directory-facets.ts keeps these for everyone). */
export type ContractorFacts = {
  /** The directory's rule of who is listed (LISTED in db/contractor-listing.ts). */
  listed: boolean;
  /** Bit i set = offers SERVICE_TYPES[i] (serviceMask). */
  services: number;
  country: CountryCode | null;
  city: string | null;
  zone: Zone | null;
  /** As stored (a PostgreSQL real: keep it in a Float32 to compare as SQL does). */
  ratingAvg: number;
  ratingCount: number;
  /** The base's coordinates (null without a base) and how far from it they travel, in km (decision 042). */
  lat: number | null;
  lng: number | null;
  serviceRadiusKm: number;
  /**
   * `of(lat, lng)` for this contractor's base, undefined without a base: facts that keep bases
   * apart (the facets) compute it once per base and per function.
   */
  perBase?: ((of: (lat: number, lng: number) => number) => number | undefined) | undefined;
  /** Whether the text has this trade word (tradeWordTextSql), when known. */
  hasWord?: ((word: string) => boolean | undefined) | undefined;
  /** The lexemes of the search vector (tsvector_to_array), when known. */
  lexemes?: readonly string[] | undefined;
};

/**
 * What each star chip means: the average the star widget draws with N full stars (it rounds
 * to the nearest half star), i.e. N − 0.25 ≤ average < N + 0.75, among contractors with at
 * least one review. Reviews are 1–5, so 'star1' (1 ≤ average < 1.75) includes the spec's
 * "rating ≤ 1". The bounds are exact binary fractions, so the real column compares exactly.
 */
export const STAR_BANDS: Record<Exclude<RatingFilter, 'withReviews'>, { min: number | null; below: number | null }> = {
  star1: { min: null, below: 1.75 },
  star2: { min: 1.75, below: 2.75 },
  star3: { min: 2.75, below: 3.75 },
  star4: { min: 3.75, below: 4.75 },
  star5: { min: 4.75, below: null },
  // "N o más" (issue 35): from the N-star band's lower bound up, so five-star contractors are in "4 o más".
  min3: { min: 2.75, below: null },
  min4: { min: 3.75, below: null },
};

/** Bit i of a services mask = SERVICE_TYPES[i]. */
const SERVICE_BIT = new Map<ServiceType, number>(SERVICE_TYPES.map((s, i) => [s, 1 << i]));

export function serviceMask(services: readonly ServiceType[]): number {
  let mask = 0;
  for (const s of services) mask |= SERVICE_BIT.get(s) ?? 0;
  return mask;
}

/** The same order in SQL: bit i of a contractor's mask = SERVICE_TYPES[i]. */
const SERVICE_ORDER = sql.raw(`ARRAY[${SERVICE_TYPES.map((s) => `'${s}'`).join(',')}]::service_type[]`);

/** A contractor's services as a mask (ContractorFacts.services), in SQL. */
export const SERVICE_MASK_SQL = sql<number>`(SELECT coalesce(bit_or(1 << (array_position(${SERVICE_ORDER}, s) - 1)), 0) FROM unnest(${cp.serviceTypes}) s)`;

/** The tsquery of the 'words' mode: every word as a prefix, all required. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/** Whether a search vector's lexemes match every term, as `@@` does with a prefix query (no term matches nobody). */
export function matchesTerms(lexemes: readonly string[], terms: readonly string[]): boolean {
  return terms.length > 0 && terms.every((t) => lexemes.some((l) => l.startsWith(t)));
}

/** The unaccented, lower-case name + company that contractor_profiles_name_trgm_idx indexes. */
const NAME_TEXT = sql`public.f_unaccent(lower(${cp.displayName} || ' ' || coalesce(${cp.companyName}, '')))`;

/** Kinds of announced change (ContractorChange.kinds) a filter depends on; 'm' (listed or not) concerns every filter. */
export type FilterChangeKind = 't' | 's' | 'l' | 'r';

/** One filter, described once. */
export interface Criterion {
  /** The change kinds that can alter whether a contractor passes. */
  kinds: readonly FilterChangeKind[];
  /** The condition on contractor_profiles (who is listed is decided apart); built when asked (a search decided in memory needs none). */
  readonly sql: SQL;
  /** The same condition on a contractor's facts; undefined when it cannot be decided in memory (text by names, unknown terms, unknown words). */
  test: (c: ContractorFacts) => boolean | undefined;
  /** Set on the free-text filter (the words of `q` other than trade words, or the names). */
  freeText?: true;
  /**
   * Known terms: the condition on a search vector's lexemes (what a change's `words` carry).
   * Free text by words: the whole test; a trade word: its part of it, the word in the text
   * (offering the trade is the other, which only a change of services moves).
   */
  testWords?: (lexemes: readonly string[]) => boolean;
  /** The terms testWords matches (shared by every search with the same words): a change's answer is worked out once for all of them. */
  terms?: readonly string[];
  /** Set on the origin's filter: its test in two steps, for facts kept by base (the facets visit only those it covers). */
  reach?: Reach;
  /**
   * Who can pass, at most: only contractors offering one of these services (a mask), or, with
   * `orWord`, whose text has that trade word (the facets' lists by service and the word's
   * matches narrow their visit to these; the test still decides).
   */
  offers?: number;
  orWord?: string;
  /** Set when the test is exactly `offers` (or `orWord`'s text): everyone in those lists passes, and the facets need not ask. */
  passesIfOffers?: true;
}

/**
 * The origin's filter (nearCriterion) as its test computes it: a base's distance to the origin,
 * then whether a service radius covers that distance. Covering is monotone in the radius (a
 * radius that covers a distance, any longer one covers too), so among the contractors of one
 * base, longest radius first, those it covers are a prefix.
 */
export interface Reach {
  /** Km from a base to the origin; Infinity where nobody based there can reach it. */
  kmFrom: (lat: number, lng: number) => number;
  covers: (km: number, radiusKm: number) => boolean;
}

function serviceCriterion(services: readonly ServiceType[]): Criterion {
  const mask = serviceMask(services);
  return {
    kinds: ['s'],
    get sql() {
      return offersSql(services);
    },
    test: (c) => (c.services & mask) !== 0,
    offers: mask,
    passesIfOffers: true,
  };
}

/** Whether a contractor offers one of the services, in SQL. */
function offersSql(services: readonly ServiceType[]): SQL {
  return sql`${cp.serviceTypes} && ARRAY[${sql.join(
    services.map((s) => sql`${s}`),
    sql`, `,
  )}]::service_type[]`;
}

/** A trade word in the text (name, company, description), as a prefix: its part of a trade criterion besides the services. */
export function tradeWordTextSql(word: string): SQL {
  return sql`${cp.searchVector} @@ to_tsquery('public.es_unaccent', ${prefixQuery([word])})`;
}

/**
 * A trade word: offering one of its services, or the word in the text (decision 037). In
 * memory, a contractor not offering them is decided by what the facts know of the word
 * (`hasWord`, the facets' set of the word's text matches), else by the word's own terms, else
 * undecided.
 */
function tradeCriterion(word: string, services: readonly ServiceType[], terms: TextTerms): Criterion {
  const mask = serviceMask(services);
  const testWords = terms ? (lexemes: readonly string[]) => matchesTerms(lexemes, terms) : undefined;
  return {
    kinds: ['s', 't'],
    get sql() {
      return or(offersSql(services), tradeWordTextSql(word))!;
    },
    test: (c) => {
      if ((c.services & mask) !== 0) return true;
      const known = c.hasWord?.(word);
      if (known !== undefined) return known;
      return testWords && c.lexemes ? testWords(c.lexemes) : undefined;
    },
    ...(testWords ? { testWords, terms } : {}),
    offers: mask,
    orWord: word,
    passesIfOffers: true,
  };
}

/** The words of a 'words' search that are not trade words (what TextTerms are the terms of). */
export function plainWords(q: string): string[] {
  return splitTradeWords(searchWords(q)).others;
}

/** The services the trade words of a 'words' search name (empty when none). */
function rankedServices(f: DirectoryFilters): ServiceType[] {
  return f.q && (f.textMode ?? 'words') === 'words' ? tradeServicesOf(searchWords(f.q)) : [];
}

/** In the sort's order, contractors offering a service the query's trade words name first (undefined without trade words). */
export function tradeRankSql(f: DirectoryFilters): SQL | undefined {
  const services = rankedServices(f);
  return services.length > 0 ? sql`(NOT (${offersSql(services)}))` : undefined;
}

/** The same first key in memory, from a services mask: 0 offering a named service, 1 not (undefined without trade words). */
export function tradeRank(f: DirectoryFilters): ((services: number) => 0 | 1) | undefined {
  const services = rankedServices(f);
  if (services.length === 0) return undefined;
  const mask = serviceMask(services);
  return (s) => ((s & mask) !== 0 ? 0 : 1);
}

function ratingCriterion(filters: readonly RatingFilter[]): Criterion {
  const reviewed = () => sql`${cp.ratingCount} >= 1`;
  if (filters.includes('withReviews'))
    return {
      kinds: ['r'],
      get sql() {
        return reviewed();
      },
      test: (c) => c.ratingCount >= 1,
    };
  const bands = filters.map((f) => STAR_BANDS[f as Exclude<RatingFilter, 'withReviews'>]);
  const min = bands.map((b) => b.min ?? -Infinity);
  const below = bands.map((b) => b.below ?? Infinity);
  return {
    kinds: ['r'],
    get sql() {
      return and(
        reviewed(),
        or(
          ...bands.map((band) => {
            const parts: SQL[] = [];
            if (band.min !== null) parts.push(sql`${cp.ratingAvg} >= ${band.min}`);
            if (band.below !== null) parts.push(sql`${cp.ratingAvg} < ${band.below}`);
            return and(...parts)!;
          }),
        ),
      )!;
    },
    test: (c) => {
      if (c.ratingCount < 1) return false;
      for (let b = 0; b < min.length; b++) if (c.ratingAvg >= min[b]! && c.ratingAvg < below[b]!) return true;
      return false;
    },
  };
}

function textCriterion(q: string, mode: TextMode, terms: TextTerms): Criterion | undefined {
  const all = searchWords(q);
  if (all.length === 0) return undefined;
  if (mode === 'words') {
    const words = splitTradeWords(all).others;
    if (words.length === 0) return undefined;
    const testWords = terms ? (lexemes: readonly string[]) => matchesTerms(lexemes, terms) : undefined;
    return {
      kinds: ['t'],
      freeText: true,
      get sql() {
        return sql`${cp.searchVector} @@ to_tsquery('public.es_unaccent', ${prefixQuery(words)})`;
      },
      test: (c) => (testWords && c.lexemes ? testWords(c.lexemes) : undefined),
      ...(testWords ? { testWords, terms } : {}),
    };
  }
  const phrase = all.join(' ');
  return {
    kinds: ['t'],
    freeText: true,
    get sql() {
      return or(sql`${NAME_TEXT} LIKE ${`%${phrase}%`}`, sql`public.f_unaccent(${phrase}) <% ${NAME_TEXT}`)!;
    },
    // Trigram similarity is PostgreSQL's alone.
    test: () => undefined,
  };
}

/** Kilometres in a degree of latitude (and of longitude at the equator), for the bounding box. */
const KM_PER_DEGREE = 111.32;

/** The distance in km from a contractor's base to the point (public.km_between, the haversine formula of migration 0036); null without a base. */
export function kmFromSql(p: GeoPoint): SQL<number | null> {
  return sql<number | null>`public.km_between(${cp.lat}, ${cp.lng}, ${p.lat}::float8, ${p.lng}::float8)`;
}

/** PostgreSQL's radians(): the same constant (RADIANS_PER_DEGREE), so the same doubles. */
const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * public.km_between in memory, operation for operation as PostgreSQL evaluates the SQL function
 * (the same constant, order and rounding of each step), so the in-memory reach and nearest-first
 * order agree with PostgreSQL's. Only the C library's and V8's sin, cos and asin may differ in the
 * last bit (about 1e-12 km): two contractors that far apart in distance, or a distance that close
 * to a whole radius, are the only possible disagreement. The card's rounded number is
 * kmBetweenPoints (places.ts).
 */
export function kmBetweenAsSql(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const h =
    Math.sin(((lat2 - lat1) * RADIANS_PER_DEGREE) / 2) ** 2 +
    Math.cos(lat1 * RADIANS_PER_DEGREE) * Math.cos(lat2 * RADIANS_PER_DEGREE) * Math.sin(((lng2 - lng1) * RADIANS_PER_DEGREE) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The box of latitudes and longitudes around a point that holds every base within `km` (and a little more). */
interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

function boxAround(p: GeoPoint, km: number): Box {
  const dLat = km / KM_PER_DEGREE;
  const dLng = km / (KM_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180));
  return { minLat: p.lat - dLat, maxLat: p.lat + dLat, minLng: p.lng - dLng, maxLng: p.lng + dLng };
}

/**
 * Contractors whose service radius reaches the point: first a box of latitudes and longitudes
 * the largest radius could reach (contractor_profiles_location_idx), then the distance within
 * their own radius. Contractors without a base never reach it. In memory the same box (the same
 * bounds) and the same distance (kmBetweenAsSql).
 */
function nearCriterion(p: GeoPoint): Criterion {
  const box = boxAround(p, SERVICE_RADIUS_MAX_KM);
  const reach: Reach = {
    // The distance to the point from a base inside the box; Infinity outside it (nobody there reaches).
    kmFrom: (lat, lng) => (lat < box.minLat || lat > box.maxLat || lng < box.minLng || lng > box.maxLng ? Infinity : kmBetweenAsSql(lat, lng, p.lat, p.lng)),
    covers: (km, radiusKm) => km <= radiusKm,
  };
  return {
    kinds: ['l'],
    get sql() {
      return sql`${withinKmSql(p, SERVICE_RADIUS_MAX_KM)} AND ${kmFromSql(p)} <= ${cp.serviceRadiusKm}`;
    },
    test: (c) => {
      const km = c.perBase ? c.perBase(reach.kmFrom) : c.lat === null || c.lng === null ? undefined : reach.kmFrom(c.lat, c.lng);
      return km !== undefined && reach.covers(km, c.serviceRadiusKm);
    },
    reach,
  };
}

/** Contractors based within `km` of the point: a box on contractor_profiles_location_idx, then the distance. */
export function withinKmSql(p: GeoPoint, km: number): SQL {
  const b = boxAround(p, km);
  const box = sql`${cp.lat} BETWEEN ${b.minLat} AND ${b.maxLat} AND ${cp.lng} BETWEEN ${b.minLng} AND ${b.maxLng}`;
  return km >= SERVICE_RADIUS_MAX_KM ? box : sql`${box} AND ${kmFromSql(p)} <= ${km}`;
}

/** Each trade word's own terms (wordTerms in the repository), by word. */
export type TradeTerms = ReadonlyMap<string, TextTerms>;

/**
 * The filters, each described once. `terms`: the free text's, when the caller knows them
 * (textTerms); `tradeTerms`: the trade words' (without them, in memory only offering the
 * trade decides).
 */
export function criteria(f: DirectoryFilters, terms?: TextTerms, tradeTerms?: TradeTerms): Criterion[] {
  const out: Criterion[] = [];
  if (f.service.length > 0) out.push(serviceCriterion(f.service));
  if (f.country) {
    const country = f.country;
    out.push({
      kinds: ['l'],
      get sql() {
        return eq(cp.country, country);
      },
      test: (c) => c.country === country,
    });
  }
  if (f.city) {
    const city = f.city;
    out.push({
      kinds: ['l'],
      get sql() {
        return eq(cp.city, city);
      },
      test: (c) => c.city === city,
    });
  }
  if (f.zone) {
    const zone = f.zone;
    out.push({
      kinds: ['l'],
      get sql() {
        return eq(cp.zone, zone);
      },
      test: (c) => c.zone === zone,
    });
  }
  if (f.rating.length > 0) out.push(ratingCriterion(f.rating));
  if (f.q) {
    const mode = f.textMode ?? 'words';
    if (mode === 'words') for (const t of splitTradeWords(searchWords(f.q)).trades) out.push(tradeCriterion(t.word, t.services, tradeTerms?.get(t.word)));
    const text = textCriterion(f.q, mode, terms);
    if (text) out.push(text);
  }
  // Last: the dearest test in memory, so the facets' loop reaches it only for those the others keep.
  if (f.near) out.push(nearCriterion(f.near));
  return out;
}

/** The filters' condition on contractor_profiles, for PostgreSQL. */
export function matchingSql(f: DirectoryFilters): SQL {
  return and(...criteria(f).map((c) => c.sql)) ?? sql`true`;
}

/**
 * The filters' test of a contractor's facts, listed rule included: true, false, or undefined
 * when the facts cannot tell (text by names, or words not known).
 */
export function factsMatcher(f: DirectoryFilters, terms?: TextTerms, tradeTerms?: TradeTerms): (c: ContractorFacts) => boolean | undefined {
  const tests = criteria(f, terms, tradeTerms).map((c) => c.test);
  return (c) => {
    if (!c.listed) return false;
    let unknown = false;
    for (const test of tests) {
      const passes = test(c);
      if (passes === false) return false;
      if (passes === undefined) unknown = true;
    }
    return unknown ? undefined : true;
  };
}
