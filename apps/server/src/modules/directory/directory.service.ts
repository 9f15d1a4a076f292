import { publicSocialLinks } from '@arreglaya/shared/schemas/social-links';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import { places as tp } from '@arreglaya/shared/i18n/places';
import { findPlace, placeInText, type Place } from '@arreglaya/shared/places';
import {
  DIRECTORY_COUNT_CAP,
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
import { countContractors, countFromSummary, countFromWords, countOfferingAndSummary, countTradeParts, estimateContractors } from './directory-counts.repository.ts';
import { listedLexemes } from './directory-words.repository.ts';
import { findContractorPageRow, findOwnProjectPlace, findListedContractor as findListedContractorRow, type ReviewRow } from './directory-page.repository.ts';
import {
  searchCollectedRows,
  searchContractorRows,
  searchCountedRows,
  searchWords,
  walkIsCheaper,
  walkRowCost,
  walkThreshold,
  type DirectoryFilters,
  type SearchRow,
} from './directory.repository.ts';
import { hasTradeRank, NAMES_LEAD_REACHED, offeringOnlyServices, plainWords, type GeoPoint } from './directory-rule.ts';
import { isUuid } from '../../lib/uuid.ts';

/** The public card of a listed contractor's row, for other modules that list contractors (favourites). */
export { toContractorCard };

/** A listed contractor's id, e-mail and first name (the directory's rule of who is listed), or undefined. */
export function findListedContractor(db: DbOrTx, contractorId: string): Promise<{ id: string; email: string; firstName: string } | undefined> {
  return findListedContractorRow(db, contractorId);
}

/** The directory answers from PostgreSQL alone (decision 076): nothing kept per instance. */
export interface DirectoryDeps {
  db: Db;
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

/**
 * The filters with the listed stems their words start (listedLexemes), which the search then
 * matches exactly (decision 076, "Amended 2026-12-07 (round six)"); unchanged without words.
 */
async function withListedLexemes(db: DbOrTx, f: DirectoryFilters): Promise<DirectoryFilters> {
  return f.q === undefined ? f : { ...f, lexemes: await listedLexemes(db, searchWords(f.q), f.country) };
}

/** Whether a word other than a trade word starts no listed contractor's word: the 'words' mode then finds nobody. */
function aWordFindsNobody(f: DirectoryFilters): boolean {
  return f.q !== undefined && plainWords(f.q).some((w) => f.lexemes?.get(w)?.length === 0);
}

/** Free text and nothing else. */
function isTextOnly(f: DirectoryFilters): boolean {
  return f.q !== undefined && f.service.length === 0 && !f.country && !f.city && !f.zone && f.rating.length === 0 && !f.near;
}

/**
 * Whether PostgreSQL's guess of how many match is too poor for it to choose between walking the
 * sort's index and collecting the matches: several words without trade words (guessed as if
 * unrelated, decision 015), or a place in a column's order (its reach guessed at 0.1%, decision
 * 076). Nearest first has its own reads (rings of the GiST index).
 */
function guessIsPoor(f: DirectoryFilters, sort: DirectorySort): boolean {
  if (f.near) return sort !== 'distance';
  return isTextOnly(f) && searchWords(f.q!).length > 1 && !hasTradeRank(f);
}

/**
 * How many listed contractors match, up to one past DIRECTORY_COUNT_CAP: from the summaries when
 * they can tell (a search of one word: its stems' counts; no words: the listed counts); with
 * trade words, part by part (those offering the trade, then the text-only ones only while the
 * first are not past the cap), each part read through the index that fits it: a place's offering
 * part from its service's reach index alone (its columns cover it), one trade word's from the
 * summary, a place's text-only part through the index that leads to fewer (textOnlyLead; decision
 * 076, "Amended 2026-12-07 (h30)" and "(round six)"). Counting both parts in one condition read,
 * at a place, every reached contractor's row to test the text.
 */
async function countMatches(db: DbOrTx, filters: DirectoryFilters): Promise<number> {
  const summed = countFromWords(filters) ?? (await countFromSummary(db, filters));
  if (summed !== undefined) return summed;
  if (!hasTradeRank(filters)) return countContractors(db, filters);
  const services = offeringOnlyServices(filters);
  const summedOffering = services ? await countFromSummary(db, { ...filters, q: undefined, service: services }) : undefined;
  // Anywhere, both parts in one statement: the text-only part's does not depend on the first's count.
  if (summedOffering === undefined && !filters.near) return countTradeParts(db, filters);
  const { offering, read } = summedOffering === undefined ? await countOffering(db, filters, DIRECTORY_COUNT_CAP + 1) : { offering: summedOffering, read: filters };
  if (offering > DIRECTORY_COUNT_CAP) return offering;
  return offering + (await countContractors(db, read, DIRECTORY_COUNT_CAP + 1 - offering, 'textOnly'));
}

/**
 * How many of a search with trade words at a place offer the trade (counting at most `atMost`),
 * and the filters its text-only part is read with: with about how many listed contractors reach
 * the place (listedAround, for textOnlyLead), as many more than the offering ones reaching it as
 * there are listed contractors for each one offering the trade (the listed counts' summary, read
 * with the count: countOfferingAndSummary). Anywhere else both parts are counted together
 * (countTradeParts), and a page of several words with trade words is never read by its count.
 */
async function countOffering(db: DbOrTx, filters: DirectoryFilters, atMost: number): Promise<{ offering: number; read: DirectoryFilters }> {
  const { counted, summed } = await countOfferingAndSummary(db, filters, atMost);
  return { offering: counted, read: { ...filters, listedAround: (counted * summed.listed) / Math.max(summed.offering, 1) } };
}

/**
 * How many names must match at a place for nearest first to walk its rings rather than sort them
 * all: 229 at Pekín, 20 ms faster walked; 37 at Naco, 300 ms slower (decision 076, "Amended
 * 2026-12-07 (round eight)").
 */
const NAMES_RINGS_FROM = 200;

/**
 * The filters of a search of names at a place, with how many listed contractors reach the place,
 * counted up to NAMES_LEAD_REACHED (listedAround, for namesLead): a count the reach index answers
 * alone, 3 ms at the most. Unchanged anywhere else, or with a service (its own reach index leads).
 */
async function namesAround(db: DbOrTx, filters: DirectoryFilters): Promise<DirectoryFilters> {
  if (!filters.near || filters.service.length > 0) return filters;
  const reaching = { service: [], rating: [], near: filters.near };
  return { ...filters, listedAround: await countContractors(db, reaching, NAMES_LEAD_REACHED) };
}

/**
 * A page's rows and how many match, from PostgreSQL. `matched` counts at most one past
 * DIRECTORY_COUNT_CAP (more, when it decides how to read the page): a count that reaches it
 * means "more than 1,000" (decision 076).
 */
async function readPage(deps: DirectoryDeps, filters: DirectoryFilters, sort: DirectorySort, offset: number): Promise<{ rows: SearchRow[]; matched: number }> {
  const { db } = deps;
  if (filters.textMode === 'names' && sort !== 'distance') {
    const collected = await searchCollectedRows(db, filters, sort, DIRECTORY_PAGE_SIZE, offset);
    // Past the cap: "more than 1,000", and the page read on its own (PostgreSQL walks the
    // order's index for a first page). Counting on to decide how to read it cost more than the
    // page ('rodrigez' at Piantini: 90 ms, for a 5 ms page; decision 076, "Amended 2026-12-07
    // (round eight)").
    if (collected) return { rows: collected.rows ?? (await searchContractorRows(db, filters, sort, DIRECTORY_PAGE_SIZE, offset)), matched: collected.matched };
  }
  if (!guessIsPoor(filters, sort)) {
    if (!filters.near) {
      const counted = await searchCountedRows(db, filters, sort, DIRECTORY_PAGE_SIZE, offset);
      if (counted) return counted;
      const [rows, matched] = await Promise.all([searchContractorRows(db, filters, sort, DIRECTORY_PAGE_SIZE, offset), countMatches(db, filters)]);
      return { rows, matched };
    }
    // At a place, the count first: a place nobody reaches (or a page past the last) reads no
    // page, where the rings and both trade parts were a dozen statements to plan for nothing,
    // twice with the names' fallback (decision 076, "Amended 2026-12-07 (h30)").
    const matched = await countMatches(db, filters);
    if (matched <= offset) return { rows: [], matched };
    const rings = filters.textMode !== 'names' || matched >= NAMES_RINGS_FROM;
    return { rows: await searchContractorRows(db, filters, sort, DIRECTORY_PAGE_SIZE, offset, rings), matched };
  }
  // The count says which way to read the page is cheaper: walking the sort order or collecting
  // every match. It only needs to know whether the matches (with trade words, those offering
  // the trade, read first) pass the walk's threshold, from the planner's estimate of how many
  // contractors there are, so it stops there, or at the cap when that is further.
  const end = offset + DIRECTORY_PAGE_SIZE;
  const rowCost = walkRowCost(filters);
  const listed = await estimateContractors(db);
  const atMost = Math.max(DIRECTORY_COUNT_CAP + 1, listed === undefined ? 0 : walkThreshold(end, listed, rowCost));
  let first: number;
  let matched: number;
  let read = filters;
  if (hasTradeRank(filters)) {
    ({ offering: first, read } = await countOffering(db, filters, atMost));
    matched = first;
    if (first <= DIRECTORY_COUNT_CAP) matched += await countContractors(db, read, DIRECTORY_COUNT_CAP + 1 - first, 'textOnly');
  } else {
    first = matched = await countContractors(db, filters, atMost);
  }
  if (matched === 0) return { rows: [], matched };
  const walk = listed !== undefined && walkIsCheaper(end, first, listed, rowCost);
  return { rows: await searchContractorRows(db, read, sort, DIRECTORY_PAGE_SIZE, offset, walk), matched };
}

/**
 * One page of the directory as JSON (DirectoryPageSchema), from PostgreSQL. `viewer`: the
 * signed-in user, for a search from one of their projects.
 */
export async function searchDirectory(deps: DirectoryDeps, requested: DirectorySearch, viewer: Viewer | null = null): Promise<PreparedJson> {
  const { origin, q } = await originOf(deps, requested, viewer);
  // Nearest first needs an origin; without one it is the default order.
  const search = { ...requested, sort: requested.sort === 'distance' && !origin ? ('popular' as const) : requested.sort };
  const filters = await withListedLexemes(deps.db, filtersOf(search, q, origin));
  const offset = (search.page - 1) * DIRECTORY_PAGE_SIZE;
  let { rows, matched } = aWordFindsNobody(filters) ? { rows: [], matched: 0 } : await readPage(deps, filters, search.sort, offset);
  if (matched === 0 && filters.q) {
    // No word matched: names close to the text (typos), through the trigram index.
    ({ rows, matched } = await readPage(deps, await namesAround(deps.db, { ...filters, textMode: 'names' }), search.sort, offset));
  }
  const now = new Date();
  // Past the cap the answer says "more than 1,000"; the pages stop at the capped total's last (DIRECTORY_MAX_PAGE).
  const total = Math.min(matched, DIRECTORY_COUNT_CAP);
  const page: DirectoryPage = {
    items: rows.map((r) => toContractorCard(r, now, origin)),
    total,
    totalCapped: matched > DIRECTORY_COUNT_CAP,
    page: search.page,
    pageSize: DIRECTORY_PAGE_SIZE,
    pageCount: Math.ceil(total / DIRECTORY_PAGE_SIZE),
    origin: origin ? { kind: origin.kind, name: origin.name, slug: origin.slug } : null,
  };
  return new PreparedJson(JSON.stringify(page));
}

/** "Lucía A.": a reviewer's first name and last initial; a deleted account stays anonymous. */
export function authorName(r: Pick<ReviewRow, 'authorFirstName' | 'authorLastName' | 'authorStatus'>): string {
  if (r.authorStatus === 'deleted') return `${r.authorFirstName} ${r.authorLastName}`.trim();
  const initial = r.authorLastName.trim().charAt(0);
  return initial ? `${r.authorFirstName.trim()} ${initial.toLocaleUpperCase('es')}.` : r.authorFirstName.trim();
}

/** A listed contractor's public page as JSON (ContractorPublicProfile), or null (unknown id, not a contractor, banned, deleted). */
export async function findContractorPage(deps: DirectoryDeps, id: string): Promise<PreparedJson | null> {
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
