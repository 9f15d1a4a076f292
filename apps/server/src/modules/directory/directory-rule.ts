import type { CountryCode, Zone } from '@arreglaya/shared/countries';
import { SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { SERVICE_RADIUS_MAX_KM } from '@arreglaya/shared/places';
import type { RatingFilter } from '@arreglaya/shared/schemas/directory';
import { splitTradeWords, tradeServicesOf } from '@arreglaya/shared/trade-words';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { contractorProfiles as cp } from '../../db/schema/index.ts';
import { searchWords } from '../../lib/search-words.ts';

// The one definition of "this contractor matches these filters", in SQL only (decision 076):
// PostgreSQL answers every search, count and page. Full text through the Spanish configuration
// with accents removed (public.es_unaccent, GIN on search_vector), names and typos through
// trigrams (GIN on the unaccented name + company), trade words expanded here to their services
// (packages/shared/src/trade-words.ts, the one list) with those offering the trade listed first
// (TradePart), distances through earthdistance's cube points (GiST on public.earth_at(lat, lng),
// migration 0057) and each contractor's reach cube (GiST on public.reach_at, migration 0064).

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
  /**
   * The listed stems each word of a 'words' search starts (listedLexemes), matched exactly; a
   * word not in it (or without it at all) is matched as a prefix. The same contractors either way.
   */
  lexemes?: WordLexemes | undefined;
  /** About how many listed contractors reach the origin (countOffering and namesAround, directory.service.ts), for textOnlyLead and namesLead. */
  listedAround?: number | undefined;
}

/** A stem (lexeme) listed contractors have, and how many of them have it. */
export interface ListedLexeme {
  lexeme: string;
  listed: number;
}

/** Each word's listed stems (directory-words.repository.ts); an empty list: nobody listed has a word it starts. */
export type WordLexemes = ReadonlyMap<string, readonly ListedLexeme[]>;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * How free text matches. 'words' (always tried first): every word is the start of a word of
 * the name, company or description, stemmed in Spanish with accents removed ('plom' and
 * 'plomeria' find 'Plomería'); a trade word ('plomero', 'electricistas') is met by offering its
 * service or by the text, and words that only go with a trade ('técnico de') are dropped
 * (decision 037). 'names' (only when 'words' finds nobody): the words inside the unaccented
 * name + company, or a name close to them ('rodirguez' finds 'Rodríguez'), through trigrams.
 */
export type TextMode = 'words' | 'names';

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

/** The tsquery of the 'words' mode: every word as a prefix, all required. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/** The unaccented, lower-case name + company that contractor_profiles_name_trgm_idx indexes. */
const NAME_TEXT = sql`public.f_unaccent(lower(${cp.displayName} || ' ' || coalesce(${cp.companyName}, '')))`;

/**
 * Whether a contractor offers one of the services. At a place (`near`) the services are written
 * as a literal, so that with one service the planner proves the predicate of that service's reach
 * index (migration 0067) and reads only those offering it; elsewhere they are parameters. Only
 * the enum's values are ever written (zod checked them; a placeholder is not a value).
 */
function offersSql(services: readonly ServiceType[], near: GeoPoint | undefined): SQL {
  if (near && services.every((s) => SERVICE_TYPES.includes(s))) return sql`${cp.serviceTypes} && ${sql.raw(`'{${services.join(',')}}'`)}::service_type[]`;
  return sql`${cp.serviceTypes} && ARRAY[${sql.join(
    services.map((s) => sql`${s}`),
    sql`, `,
  )}]::service_type[]`;
}

/** A stem as a tsquery operand, quoted (a stem of the search text may hold any character). */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The words of the 'words' mode in the text (name, company, description), all required, Spanish
 * stems without accents: each word the stems it starts among the listed contractors (`lexemes`),
 * any of them; a word not in `lexemes`, as a prefix. False when a word starts no listed stem.
 * Not `indexed`: written so that no index can answer it (IS TRUE), so that the place's reach
 * index leads (textOnlyLead).
 */
export function wordsMatchSql(words: readonly string[], lexemes: WordLexemes | undefined, indexed = true): SQL {
  const exact = words.filter((w) => lexemes?.has(w));
  if (exact.some((w) => lexemes!.get(w)!.length === 0)) return sql`false`;
  const prefix = words.filter((w) => !exact.includes(w));
  const parts: SQL[] = [];
  if (exact.length > 0)
    parts.push(
      sql`${exact
        .map(
          (w) =>
            `(${lexemes!
              .get(w)!
              .map((l) => quotedLexeme(l.lexeme))
              .join(' | ')})`,
        )
        .join(' & ')}::tsquery`,
    );
  if (prefix.length > 0) parts.push(sql`to_tsquery('public.es_unaccent', ${prefixQuery(prefix)})`);
  const match = sql`${cp.searchVector} @@ (${sql.join(parts, sql` && `)})`;
  return indexed ? match : sql`(${match}) IS TRUE`;
}

/** The words of a 'words' search that are not trade words. */
export function plainWords(q: string): string[] {
  return splitTradeWords(searchWords(q)).others;
}

/** The services the trade words of a 'words' search name (empty when none). */
export function rankedServices(f: DirectoryFilters): ServiceType[] {
  return f.q && (f.textMode ?? 'words') === 'words' ? tradeServicesOf(searchWords(f.q)) : [];
}

/** Whether the search has trade words (those offering the trade come first). */
export function hasTradeRank(f: DirectoryFilters): boolean {
  return rankedServices(f).length > 0;
}

/**
 * The services of a search whose only condition besides the place's country, city and zone is its
 * trade words, each naming all of them (one trade word, or 'aire acondicionado'): its 'offering'
 * part (TradePart) is then exactly the contractors offering one of them there, which the listed
 * counts' summary counts (decision 076, "Amended 2026-12-07 (h30)" and "round five"); undefined
 * for any other search.
 */
export function offeringOnlyServices(f: DirectoryFilters): ServiceType[] | undefined {
  if (!f.q || (f.textMode ?? 'words') !== 'words' || f.service.length > 0 || f.rating.length > 0 || f.near) return undefined;
  const { trades, others } = splitTradeWords(searchWords(f.q));
  const ranked = rankedServices(f);
  return trades.length > 0 && others.length === 0 && offeringMeetsEveryTrade(trades, ranked) ? ranked : undefined;
}

/**
 * Whether offering one of the ranked services (every service the trade words name) meets every
 * trade word by itself: each word names all of them ('aire acondicionado', both words of the
 * 'aire' trade; one trade word always). Then the offering part is "offers one of them" and
 * nothing else, which the summary counts; otherwise ('cámaras de seguridad' names two trades)
 * each word must still be met by the services it names or the text.
 */
function offeringMeetsEveryTrade(trades: readonly { services: readonly ServiceType[] }[], ranked: readonly ServiceType[]): boolean {
  return trades.every((t) => ranked.every((s) => t.services.includes(s)));
}

/**
 * The word of a search whose only condition besides the country is one word (no service, rating,
 * city, zone or place), and whether it is a trade word: how many match it, the listed words'
 * summary can then tell, or tell it is more than the cap (countFromWords; decision 076, "Amended
 * 2026-12-07 (later still)"); undefined for any other search.
 */
export function oneWordOnly(f: DirectoryFilters): { word: string; trade: boolean } | undefined {
  if (!f.q || (f.textMode ?? 'words') !== 'words' || f.service.length > 0 || f.rating.length > 0 || f.near || f.city || f.zone) return undefined;
  const { trades, others } = splitTradeWords(searchWords(f.q));
  if (trades.length + others.length !== 1) return undefined;
  return trades[0] ? { word: trades[0].word, trade: true } : { word: others[0]!, trade: false };
}

function ratingSql(filters: readonly RatingFilter[]): SQL {
  const reviewed = sql`${cp.ratingCount} >= 1`;
  if (filters.includes('withReviews')) return reviewed;
  const bands = filters.map((f) => STAR_BANDS[f as Exclude<RatingFilter, 'withReviews'>]);
  return and(
    reviewed,
    or(
      ...bands.map((band) => {
        const parts: SQL[] = [];
        if (band.min !== null) parts.push(sql`${cp.ratingAvg} >= ${band.min}`);
        if (band.below !== null) parts.push(sql`${cp.ratingAvg} < ${band.below}`);
        return and(...parts)!;
      }),
    ),
  )!;
}

/** The free-text condition (the words other than trade words, or the names); undefined when there is none. */
export function freeTextSql(q: string, mode: TextMode, lexemes?: WordLexemes, indexed = true): SQL | undefined {
  const all = searchWords(q);
  if (all.length === 0) return undefined;
  if (mode === 'words') {
    const words = splitTradeWords(all).others;
    return words.length === 0 ? undefined : wordsMatchSql(words, lexemes, indexed);
  }
  const phrase = all.join(' ');
  const close = sql`public.f_unaccent(${phrase}) <% ${NAME_TEXT}`;
  // Inside a name: pg_trgm finds no trigram in a substring of one or two letters, so the
  // trigram index would be read whole ('xq': a second, every name tried); such a phrase only
  // finds the names close to it (decision 076, "Amended 2026-12-07 (round eight)").
  return phrase.length < 3 ? close : or(sql`${NAME_TEXT} LIKE ${`%${phrase}%`}`, close)!;
}

/** earthdistance's radius (public.earth(), metres) and public.km_between's (km). */
const EARTH_M = 6378168;
const KM_BETWEEN_RADIUS_KM = 6371;

/** A base's point on the earth (a cube), as contractor_profiles_earth_idx indexes it. */
export const BASE_POINT_SQL = sql`public.earth_at(${cp.lat}, ${cp.lng})`;

function pointSql(p: GeoPoint): SQL {
  return sql`public.earth_at(${p.lat}::float8, ${p.lng}::float8)`;
}

/**
 * Bases within `km` (as km_between measures) of the point, and a little more: a cube around the
 * point's earth coordinates whose half side is the chord of that arc (on earthdistance's sphere),
 * plus 0.1%, which the GiST index on earth_at(lat, lng) answers. The exact distance is checked after.
 */
function earthBoxSql(p: GeoPoint, km: number): SQL {
  const chordM = 2 * EARTH_M * Math.sin(km / KM_BETWEEN_RADIUS_KM / 2) * 1.001;
  return sql`public.cube_enlarge(${pointSql(p)}, ${chordM}::float8, 3) @> ${BASE_POINT_SQL}`;
}

/** The distance in km from a contractor's base to the point (public.km_between, the haversine formula of migration 0036); null without a base. */
export function kmFromSql(p: GeoPoint): SQL<number | null> {
  return sql<number | null>`public.km_between(${cp.lat}, ${cp.lng}, ${p.lat}::float8, ${p.lng}::float8)`;
}

/** Nearest first: the straight-line distance between the cube points (KNN on the GiST index), in the same order as km_between. */
export function nearestFirstSql(p: GeoPoint): SQL {
  return sql`${BASE_POINT_SQL} <-> ${pointSql(p)}`;
}

/** Contractors based within `km` of the point: the box on the GiST index, then the distance. */
export function withinKmSql(p: GeoPoint, km: number): SQL {
  return sql`${earthBoxSql(p, km)} AND ${kmFromSql(p)} <= ${km}`;
}

/**
 * Which GiST index a place's reach is looked up through (the exact distance decides either way):
 * 'reach', the contractors' reach cubes containing the point (contractor_profiles_reach_idx,
 * migration 0064), about the contractors who reach it, for counts and pages in a column's order;
 * 'base', the bases within the longest radius of the point (contractor_profiles_earth_idx), the
 * index nearest first walks (KNN), which the reach cubes cannot order (decision 076, "Amended
 * 2026-12-07 (h30)"); 'words', none: the words' GIN index finds the few contractors first and
 * each one's distance is checked (textOnlyLead).
 */
export type ReachIndex = 'reach' | 'base' | 'words';

/**
 * Contractors whose service radius reaches the point: their reach's cube (public.reach_at, the
 * base's point enlarged by the chord of their radius, plus 0.1%) contains the point, or their base
 * is within the longest radius (`via`); then the exact distance, their own radius.
 */
function reachesSql(p: GeoPoint, via: ReachIndex): SQL {
  if (via === 'words') return sql`${kmFromSql(p)} <= ${cp.serviceRadiusKm}`;
  const box = via === 'reach' ? sql`public.reach_at(${cp.lat}, ${cp.lng}, ${cp.serviceRadiusKm}) @> ${pointSql(p)}` : earthBoxSql(p, SERVICE_RADIUS_MAX_KM);
  return sql`${box} AND ${kmFromSql(p)} <= ${cp.serviceRadiusKm}`;
}

/**
 * The two parts of a search with trade words, in the order they are listed (those offering the
 * trade first, decision 037): 'offering', those offering a service the trade words name;
 * 'textOnly', the others, whom the words' text matches. Each part is read in the sort's order
 * through the sort's index, so a first page reads about a page's rows instead of sorting
 * everyone matching (decision 076).
 */
export type TradePart = 'offering' | 'textOnly';

/** A search's trade-word conditions: each trade word offered or in the text (decision 037), or the condition of one part. */
function tradeWordsSql(f: DirectoryFilters, part: TradePart | undefined, indexed: boolean): SQL[] {
  const trades = splitTradeWords(searchWords(f.q!)).trades;
  const inText = (word: string) => wordsMatchSql([word], f.lexemes, indexed);
  if (trades.length === 0 || part === undefined) return trades.map((t) => or(offersSql(t.services, f.near), inText(t.word))!);
  const ranked = offersSql(rankedServices(f), f.near);
  // Not offering any of the trades: each trade word is met by the text.
  if (part === 'textOnly') return [sql`NOT (${ranked})`, ...trades.map((t) => inText(t.word))];
  // Offering: every trade word is met by that alone when each names all the ranked services;
  // otherwise each must still be met.
  return offeringMeetsEveryTrade(trades, rankedServices(f)) ? [ranked] : [ranked, ...trades.map((t) => or(offersSql(t.services, f.near), inText(t.word))!)];
}

/**
 * Whether a search's statements are planned with their values every time (PLAN_EACH_TIME,
 * db/client.ts): with a service or words and no place, whose best plans depend on how common the
 * service or word is. A place's statements keep PostgreSQL's choice: their generic plans were as
 * good and planning the cube's box each time doubled their cost (decision 076).
 */
export function plannedEachTime(f: DirectoryFilters): boolean {
  return !f.near && (f.q !== undefined || f.service.length > 0);
}

/** How many times fewer the contractors one index leads to must be for it to lead (textOnlyLead). */
const LEAD_RATIO = 4;

/**
 * Which index leads to the text-only part of a search at a place, from how many contractors each
 * leads to: 'words', when the stems of some word it requires (each of its words is in the text)
 * are had by LEAD_RATIO times fewer listed contractors (listedLexemes) than reach the place
 * (`listedAround`, estimated), whose texts the reach index would each have read: a cabinet maker
 * at Pekín read 13,076 texts in 22 ms to find none; 'reach', when LEAD_RATIO times fewer reach the
 * place than have the words: a plumber at Laureles, which no plumber reaches, read the 11,395 with
 * the words in 3.3 ms before the reach index found nobody. Undefined: PostgreSQL's choice (both
 * indexes' bitmaps, ANDed). Decision 076, "Amended 2026-12-07 (round six)".
 */
export function textOnlyLead(f: DirectoryFilters, part: TradePart | undefined): 'words' | 'reach' | undefined {
  if (part !== 'textOnly' || !f.near || !f.q || !f.lexemes || f.listedAround === undefined) return undefined;
  const { trades, others } = splitTradeWords(searchWords(f.q));
  const had = [...trades.map((t) => t.word), ...others].flatMap((w) => {
    const stems = f.lexemes!.get(w);
    return stems ? [stems.reduce((n, l) => n + l.listed, 0)] : [];
  });
  if (had.length === 0) return undefined;
  const fewest = Math.min(...had);
  if (fewest * LEAD_RATIO < f.listedAround) return 'words';
  return f.listedAround * LEAD_RATIO < fewest ? 'reach' : undefined;
}

/** How many listed contractors must reach a place for a search of names there to read the names first (namesLead). */
export const NAMES_LEAD_REACHED = 1_000;

/**
 * Whether a search of names at a place reads the names close to its phrase first (the names'
 * trigram index) and checks each one's reach, rather than trying the phrase on everyone who
 * reaches the place: when at least NAMES_LEAD_REACHED reach it (`listedAround`, counted up to
 * that: namesAround, directory.service.ts). PostgreSQL guesses 100 reach any place (cube's fixed
 * 0.1%), so it let the reach index lead: 'jardinro' at Naco tried the name on the 40,549 who
 * reach Naco, 470 ms a statement, where the 1,887 names close to it took 40 ms. Where few reach
 * a place, trying each of them is the cheaper (Laureles: 0.4 ms, against 38). Decision 076,
 * "Amended 2026-12-07 (round eight)".
 */
function namesLead(f: DirectoryFilters): boolean {
  return f.textMode === 'names' && f.near !== undefined && f.service.length === 0 && (f.listedAround ?? 0) >= NAMES_LEAD_REACHED;
}

/**
 * The filters' condition on contractor_profiles (who is listed is decided apart, LISTED); with
 * `part`, only that part of a search with trade words (TradePart); a place's reach through `via`
 * (by default the reach index, or none when the words or the names lead: textOnlyLead, namesLead).
 */
export function matchingSql(f: DirectoryFilters, part?: TradePart, via?: ReachIndex): SQL {
  const lead = textOnlyLead(f, part);
  const reach = via ?? (lead === 'words' || namesLead(f) ? 'words' : 'reach');
  const parts: SQL[] = [];
  if (f.service.length > 0) parts.push(offersSql(f.service, f.near));
  if (f.country) parts.push(eq(cp.country, f.country));
  if (f.city) parts.push(eq(cp.city, f.city));
  if (f.zone) parts.push(eq(cp.zone, f.zone));
  if (f.rating.length > 0) parts.push(ratingSql(f.rating));
  if (f.q) {
    const mode = f.textMode ?? 'words';
    if (mode === 'words') parts.push(...tradeWordsSql(f, part, lead !== 'reach'));
    const text = freeTextSql(f.q, mode, f.lexemes, lead !== 'reach');
    if (text) parts.push(text);
  }
  if (f.near) parts.push(reachesSql(f.near, reach));
  return and(...parts) ?? sql`true`;
}
