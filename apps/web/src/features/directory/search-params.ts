import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';
import {
  DIRECTORY_CITY_MAX,
  DIRECTORY_CITY_PATTERN,
  DIRECTORY_MAX_PAGE,
  DIRECTORY_PLACE_MAX,
  DIRECTORY_QUERY_MAX,
  DIRECTORY_SORTS,
  RATING_FILTERS,
} from '@arreglaya/shared/directory-search';
import { COUNTRY_CODES, ZONES } from '@arreglaya/shared/countries';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';

// The /busqueda URL holds the whole search (a link can be shared, the back button works) with
// the same keys as GET /api/contractors, whose schema is DirectorySearchSchema. The page reads
// it with the same rules written out here instead, so its first load carries no zod (decision
// 018); search-params.test.ts checks this reader against the schema.

/** One allowed value, or nothing. */
function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A key that may repeat: every value allowed, no more values than there are choices; else none. */
function listOf<T extends string>(values: readonly T[], given: string[]): T[] {
  if (given.length > values.length || !given.every((value) => (values as readonly string[]).includes(value))) return [];
  return [...new Set(given as T[])];
}

/** Control characters, tabs and line breaks: the shared plainText rule refuses them in a one-line text. */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN_TEXT = /[\u0000-\u001F\u007F]/;

/** A trimmed text within its length (and pattern), plain; empty or refused: none. */
function text(value: string | null, max: number, pattern?: RegExp): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.length > max || NOT_PLAIN_TEXT.test(trimmed) || (pattern && !pattern.test(trimmed))) return undefined;
  return trimmed;
}

/**
 * The place a URL's `donde` names, as a slug: `placeOf` reads a slug, or a name as a form sent
 * before hydration carries it, and says undefined for none. The server's renderer passes every
 * country's places; the browser has none on its first render (decision 070) and keeps the text,
 * which the API reads the same way, until the page's places are loaded (directory-search.tsx).
 */
export type PlaceReader = (text: string) => string | undefined;
/** The browser's reader before the places are loaded: the text as it is. */
export const placeTextAsIs: PlaceReader = (text) => text;

function place(value: string | null, placeOf: PlaceReader): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= DIRECTORY_PLACE_MAX && !NOT_PLAIN_TEXT.test(trimmed) ? placeOf(trimmed) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A project id (a UUID), or none. */
function uuid(value: string | null): string | undefined {
  return value && UUID.test(value) ? value : undefined;
}

/** The search a URL describes. Values the API would refuse (a hand-edited link) are left out. */
export function readSearch(params: URLSearchParams, placeOf: PlaceReader): DirectorySearch {
  const service = listOf(SERVICE_TYPES, params.getAll('service'));
  const type = oneOf(SERVICE_TYPES, params.get('type'));
  const page = params.has('page') ? Number(params.get('page')) : 1;
  return {
    q: text(params.get('q'), DIRECTORY_QUERY_MAX),
    country: oneOf(COUNTRY_CODES, params.get('country')),
    city: text(params.get('city'), DIRECTORY_CITY_MAX, DIRECTORY_CITY_PATTERN),
    zone: oneOf(ZONES, params.get('zone')),
    rating: listOf(RATING_FILTERS, params.getAll('rating')),
    donde: place(params.get('donde'), placeOf),
    proyecto: uuid(params.get('proyecto')),
    sort: oneOf(DIRECTORY_SORTS, params.get('sort')) ?? 'popular',
    page: Number.isSafeInteger(page) && page >= 1 && page <= DIRECTORY_MAX_PAGE ? page : 1,
    service: type && !service.includes(type) ? [...service, type] : service,
  };
}

/** The canonical URL query of a search (also the API's): defaults are left out. */
export function writeSearch(search: DirectorySearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const service of search.service) params.append('service', service);
  if (search.country) params.set('country', search.country);
  if (search.city) params.set('city', search.city);
  if (search.zone) params.set('zone', search.zone);
  for (const rating of search.rating) params.append('rating', rating);
  if (search.donde) params.set('donde', search.donde);
  if (search.proyecto) params.set('proyecto', search.proyecto);
  if (search.sort !== 'popular') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** How many filters narrow the results (the text, each service and star chip, the place). */
export function activeFilterCount(search: DirectorySearch): number {
  return (search.q ? 1 : 0) + search.service.length + search.rating.length + (search.city || search.country ? 1 : 0) + (search.zone ? 1 : 0) + (search.donde ? 1 : 0);
}

/** The same search without any filter (the sort stays). */
export function withoutFilters(search: DirectorySearch): DirectorySearch {
  return {
    sort: search.sort === 'distance' ? 'popular' : search.sort,
    page: 1,
    service: [],
    rating: [],
    q: undefined,
    country: undefined,
    city: undefined,
    zone: undefined,
    donde: undefined,
    proyecto: undefined,
  };
}
