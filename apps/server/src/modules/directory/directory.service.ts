import { publicSocialLinks } from '@arreglaya/shared/schemas/social-links';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { places as tp } from '@arreglaya/shared/i18n/places';
import { findPlace, placeInText, type Place } from '@arreglaya/shared/places';
import {
  DIRECTORY_PAGE_SIZE,
  type ContractorPublicProfile,
  type DirectoryPage,
  type DirectorySearch,
  type DirectorySort,
  type PublicReview,
} from '@arreglaya/shared/schemas/directory';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { PreparedJson } from '../../lib/prepared-json.ts';
import { toContractorCard } from './contractor-card.ts';
import type { DirectoryCache } from './directory-cache.ts';
import type { DirectoryFacets } from './directory-facets.ts';
import {
  countContractors,
  findContractorPageRow,
  findOwnProjectPlace,
  findListedContractor as findListedContractorRow,
  searchContractorRows,
  searchRowsByIds,
  searchTextRowsByWalking,
  searchWords,
  textTerms,
  walkIsCheaper,
  wordTerms,
  type DirectoryFilters,
  type ReviewRow,
  type SearchRow,
} from './directory.repository.ts';
import { countStaleness, pageStaleness, pageStalenessBeforeLoad, positionOf, type TextTerms, type TradeTerms } from './directory-staleness.ts';
import { splitTradeWords } from '@arreglaya/shared/trade-words';
import { serviceMask, tradeRank, type GeoPoint } from './directory-match.ts';
import { isUuid } from '../../lib/uuid.ts';

/** The public card of a listed contractor's row, for other modules that list contractors (favourites). */
export { toContractorCard };

/** A listed contractor's id, e-mail and first name (the directory's rule of who is listed), or undefined. */
export function findListedContractor(db: DbOrTx, contractorId: string): Promise<{ id: string; email: string; firstName: string } | undefined> {
  return findListedContractorRow(db, contractorId);
}

export interface DirectoryDeps {
  db: Db;
  cache: DirectoryCache;
  /** In-memory counts of searches without text (PostgreSQL counts when absent or not loaded). */
  facets?: DirectoryFacets;
}

/** Where a search measures distances from (decision 042): the client's project or a place. */
export interface Origin extends GeoPoint {
  kind: 'project' | 'place';
  /** The place's Spanish name (the project's sector). */
  name: string;
  slug: string;
}

/** Who asks: the signed-in user, for `proyecto=`. */
export interface Viewer {
  id: string;
}

function placeOrigin(p: Place, kind: Origin['kind'] = 'place'): Origin {
  return { kind, name: p.name, slug: p.slug, lat: p.lat, lng: p.lng };
}

/**
 * The search's origin and its text without the place it names: the client's own project
 * (`proyecto`, only its owner; its sector's coordinates), else the place `donde`, else a place
 * the text names ('plomero en Naco'). A place in the text is taken out of it in every case.
 */
async function originOf(deps: DirectoryDeps, search: DirectorySearch, viewer: Viewer | null): Promise<{ origin: Origin | undefined; q: string | undefined }> {
  const inText = search.q ? placeInText(search.q, search.country) : undefined;
  const q = inText ? inText.rest.trim() || undefined : search.q;
  if (search.proyecto) {
    if (!viewer) throw new AppError('UNAUTHENTICATED', tp.api.signInForProject);
    const project = await findOwnProjectPlace(deps.db, search.proyecto, viewer.id);
    if (!project) throw new AppError('NOT_FOUND', tp.api.projectNotFound);
    const place = project.sector ? findPlace(project.sector) : undefined;
    if (!place || project.lat === null || project.lng === null) throw new AppError('VALIDATION', tp.api.projectWithoutSector);
    return { origin: { ...placeOrigin(place, 'project'), lat: project.lat, lng: project.lng }, q };
  }
  const place = search.donde ? findPlace(search.donde) : inText?.place;
  return { origin: place ? placeOrigin(place) : undefined, q };
}

function filtersOf(s: DirectorySearch, q: string | undefined, origin: Origin | undefined): DirectoryFilters {
  return { q, service: s.service, country: s.country, city: s.city, zone: s.zone, rating: s.rating, ...(origin ? { near: { lat: origin.lat, lng: origin.lng } } : {}) };
}

/** The same search written differently (order of services, case of the text) is one key. */
function filtersKey(f: DirectoryFilters): string {
  return JSON.stringify([f.q ? searchWords(f.q).join(' ') : '', [...f.service].sort(), f.country ?? '', f.city ?? '', f.zone ?? '', [...f.rating].sort()]);
}

/** The page's key adds the origin: it filters (radius), orders (distance) and labels the distances. */
function originKey(o: Origin | undefined): string {
  return o ? `${o.kind}:${o.slug}:${o.lat}:${o.lng}` : '';
}

const NO_FILTERS: DirectoryFilters = { service: [], rating: [] };
const NO_FILTERS_KEY = filtersKey(NO_FILTERS);

/** Free text and nothing else. */
function isTextOnly(f: DirectoryFilters): boolean {
  return f.q !== undefined && f.service.length === 0 && !f.country && !f.city && !f.zone && f.rating.length === 0 && !f.near;
}

/** Terms by search words: they depend on the words alone (and PostgreSQL's dictionaries). */
const termsByWords = new Map<string, Promise<TextTerms>>();
const TERMS_KEPT = 5000;

function rememberedTerms(key: string, read: () => Promise<TextTerms>): Promise<TextTerms> {
  let found = termsByWords.get(key);
  if (!found) {
    if (termsByWords.size >= TERMS_KEPT) termsByWords.clear();
    found = read();
    termsByWords.set(key, found);
    found.catch(() => termsByWords.delete(key));
  }
  return found;
}

/** The terms PostgreSQL matches for free text (textTerms), remembered. */
function termsOf(deps: DirectoryDeps, q: string): Promise<TextTerms> {
  return rememberedTerms(searchWords(q).join(' '), () => textTerms(deps.db, q));
}

/** Each trade word's own terms (wordTerms), remembered: which changes of text can move someone in or out of a trade's results. */
async function tradeTermsOf(deps: DirectoryDeps, q: string): Promise<TradeTerms> {
  const terms = new Map<string, TextTerms>();
  for (const { word } of splitTradeWords(searchWords(q)).trades) terms.set(word, await rememberedTerms(`trade ${word}`, () => wordTerms(deps.db, [word])));
  return terms;
}

/**
 * How many listed contractors match, from the cache when it can (every page and sort shares
 * it). `terms`: the free text's, when the filters match words (not names).
 */
function countMatches(deps: DirectoryDeps, filters: DirectoryFilters, key: string, terms?: TextTerms, known?: number, tradeTerms?: TradeTerms): Promise<number> {
  const staleWhen = countStaleness(filters, terms, tradeTerms);
  return deps.cache.list(
    `count:${key}`,
    () => staleWhen,
    async () => ({ value: known ?? (await countNow(deps, filters)), staleWhen }),
  );
}

/** How many listed contractors match, now: in memory when the facets can decide every filter (no free text but trade words), else PostgreSQL. */
async function countNow(deps: DirectoryDeps, filters: DirectoryFilters): Promise<number> {
  return (await deps.facets?.count(filters)) ?? (await countContractors(deps.db, filters));
}

/**
 * A page whose contractors the in-memory facets choose (decision 045), PostgreSQL then reading
 * those rows by id: searches with an origin (the reach and the distance are decided in memory:
 * nobody's distance is computed in PostgreSQL) or with trade words (those offering the trade
 * first, then those whose text has the word: no sort of everyone in the trade), when they have
 * no other free text. Undefined when the facets cannot answer (not loaded, free text): PostgreSQL
 * reads the page. Other filters alone are not asked: PostgreSQL reads them along the sort's index.
 */
async function pageInMemory(deps: DirectoryDeps, f: DirectoryFilters, sort: DirectorySort, offset: number): Promise<{ rows: SearchRow[]; total: number | undefined } | undefined> {
  if (!deps.facets || (!f.near && !tradeRank(f))) return undefined;
  const chosen = await deps.facets.page(f, sort, offset + DIRECTORY_PAGE_SIZE);
  return chosen && { rows: await searchRowsByIds(deps.db, chosen.ids.slice(offset)), total: chosen.total };
}

/**
 * One page of the directory as JSON (DirectoryPageSchema), from the cache when it can. `viewer`:
 * the signed-in user, for a search from one of their projects. `url`: the request's URL, which
 * the cache remembers as asking for this page (searchedBefore answers it next time), unless the
 * answer depends on who asks (a search from a project).
 */
export async function searchDirectory(deps: DirectoryDeps, requested: DirectorySearch, viewer: Viewer | null = null, url?: string): Promise<PreparedJson> {
  const { origin, q } = await originOf(deps, requested, viewer);
  // Nearest first needs an origin; without one it is the default order.
  const search = { ...requested, sort: requested.sort === 'distance' && !origin ? ('popular' as const) : requested.sort };
  const base = filtersOf(search, q, origin);
  const key = filtersKey(base);
  const countKey = origin ? `${key}:${origin.lat}:${origin.lng}` : key;
  const offset = (search.page - 1) * DIRECTORY_PAGE_SIZE;
  return deps.cache.list(
    `page:${key}:${originKey(origin)}:${search.sort}:${search.page}`,
    () => pageStalenessBeforeLoad(base),
    async () => {
      let filters = base;
      let rows: SearchRow[];
      let total: number;
      // Which contractors the text matches is known from their words (sent with each change):
      // a change to anyone else leaves the page as it is.
      let terms = base.q ? await termsOf(deps, base.q) : undefined;
      let tradeTerms = base.q && tradeRank(base) ? await tradeTermsOf(deps, base.q) : undefined;
      if (isTextOnly(base) && searchWords(base.q!).length > 1 && !tradeRank(base)) {
        // Several words: PostgreSQL guesses how many contractors have them all as if the words
        // were unrelated ('juan carlos'). The count (usually cached) says, and so which way to
        // read the page is cheaper: walking the sort order or collecting every match. Decision 015.
        total = await countMatches(deps, filters, countKey, terms);
        const listed = total > 0 ? await countMatches(deps, NO_FILTERS, NO_FILTERS_KEY) : 0;
        const end = offset + DIRECTORY_PAGE_SIZE;
        rows =
          total === 0
            ? []
            : walkIsCheaper(end, total, listed)
              ? await searchTextRowsByWalking(deps.db, filters, search.sort, DIRECTORY_PAGE_SIZE, offset)
              : await searchContractorRows(deps.db, filters, search.sort, DIRECTORY_PAGE_SIZE, offset);
      } else {
        const chosen = await pageInMemory(deps, filters, search.sort, offset);
        // The facets' scan counted too (unless it walked an order): a count not cached yet takes its total.
        [rows, total] = chosen
          ? [chosen.rows, await countMatches(deps, filters, countKey, terms, chosen.total, tradeTerms)]
          : await Promise.all([
              searchContractorRows(deps.db, filters, search.sort, DIRECTORY_PAGE_SIZE, offset),
              countMatches(deps, filters, countKey, terms, undefined, tradeTerms),
            ]);
      }
      if (total === 0 && base.q) {
        // No word matched: names close to the text (typos), through the trigram index.
        filters = { ...base, textMode: 'names' };
        terms = undefined;
        tradeTerms = undefined;
        total = await countMatches(deps, filters, `${countKey}:names`);
        if (total > 0) rows = await searchContractorRows(deps.db, filters, search.sort, DIRECTORY_PAGE_SIZE, offset);
      }
      const now = new Date();
      const page: DirectoryPage = {
        items: rows.map((r) => toContractorCard(r, now, origin)),
        total,
        page: search.page,
        pageSize: DIRECTORY_PAGE_SIZE,
        pageCount: Math.ceil(total / DIRECTORY_PAGE_SIZE),
        origin: origin ? { kind: origin.kind, name: origin.name, slug: origin.slug } : null,
      };
      // With trade words, those offering the trade first: their rank is the first key.
      const rank = tradeRank(filters);
      const position = (r: (typeof rows)[number]) => {
        const p = positionOf(search.sort, [r.completedProjects, r.ratingCount, r.favouritesCount, r.ratingAvg], r.id);
        return rank ? [rank(serviceMask(r.services)), ...p] : p;
      };
      const facets = deps.facets;
      const rankOf =
        rank && facets
          ? (id: string) => {
              const s = facets.servicesOf(id);
              return s === undefined ? undefined : rank(s);
            }
          : undefined;
      const staleWhen = pageStaleness({
        filters,
        sort: search.sort,
        ids: new Set(rows.map((r) => (facets ? facets.sharedId(r.id) : r.id))),
        first: rows.length > 0 ? position(rows[0]!) : null,
        last: rows.length > 0 ? position(rows[rows.length - 1]!) : null,
        isEnd: rows.length < DIRECTORY_PAGE_SIZE || offset + rows.length >= total,
        terms,
        ...(tradeTerms ? { tradeTerms } : {}),
        ...(rankOf ? { rankOf } : {}),
      });
      return { value: new PreparedJson(JSON.stringify(page)), staleWhen };
    },
    requested.proyecto ? undefined : url,
  );
}

/**
 * The page a request URL asked for before, while the cache holds it (searchDirectory's `url`):
 * the same URL asks for the same page whoever sends it (without `proyecto`), so it is answered
 * without parsing, checking or keying it again. Undefined: search as usual.
 */
export function searchedBefore(deps: DirectoryDeps, url: string): PreparedJson | undefined {
  return deps.cache.listByAlias<PreparedJson>(url);
}

/** "Lucía A.": a reviewer's first name and last initial; a deleted account stays anonymous. */
export function authorName(r: Pick<ReviewRow, 'authorFirstName' | 'authorLastName' | 'authorStatus'>): string {
  if (r.authorStatus === 'deleted') return `${r.authorFirstName} ${r.authorLastName}`.trim();
  const initial = r.authorLastName.trim().charAt(0);
  return initial ? `${r.authorFirstName.trim()} ${initial.toLocaleUpperCase('es')}.` : r.authorFirstName.trim();
}

/** A listed contractor's public page as JSON (ContractorPublicProfile), or null (unknown id, not a contractor, banned, deleted). */
export function findContractorPage(deps: DirectoryDeps, id: string): Promise<PreparedJson | null> {
  return deps.cache.page(id, async () => {
    const row = await findContractorPageRow(deps.db, id);
    if (!row) return null;
    const reviews: PublicReview[] = row.reviews.map((r) => ({
      id: r.id,
      authorName: authorName(r),
      rating: r.rating,
      title: r.title.trim() || null,
      comment: r.comment,
      reply: r.reply?.trim() || null,
      createdAt: new Date(r.createdAt).toISOString(),
    }));
    const profile: ContractorPublicProfile = { ...toContractorCard(row), description: row.description?.trim() || null, reviews, social: publicSocialLinks(row) };
    return new PreparedJson(JSON.stringify(profile));
  });
}

/** True when `id` could be a contractor's id (anything else is simply not found). */
export function isContractorId(id: string): boolean {
  return isUuid(id);
}

/** GET /api/contractors/:id: the page's JSON, or 404 in Spanish. */
export async function contractorPageJson(deps: DirectoryDeps, id: string): Promise<PreparedJson> {
  const found = isContractorId(id) ? await findContractorPage(deps, id.toLowerCase()) : null;
  if (!found) throw new AppError('NOT_FOUND', t.api.contractorNotFound);
  return found;
}
