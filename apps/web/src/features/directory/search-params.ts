import { DirectorySearchSchema, type DirectorySearch } from '@arreglaya/shared/schemas/directory';

// The /busqueda URL holds the whole search (a link can be shared, the back button works) with
// the same keys as GET /api/contractors: one schema reads both.

const SINGLE_KEYS = ['q', 'type', 'country', 'city', 'zone', 'sort', 'page'] as const;
const LIST_KEYS = ['service', 'rating'] as const;

/** The search a URL describes. Values the API would refuse (a hand-edited link) are left out. */
export function readSearch(params: URLSearchParams): DirectorySearch {
  const raw: Record<string, string | string[]> = {};
  for (const key of SINGLE_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  for (const key of LIST_KEYS) {
    const values = params.getAll(key);
    if (values.length > 0) raw[key] = values.length === 1 ? values[0]! : values;
  }
  for (let attempt = 0; attempt <= SINGLE_KEYS.length + LIST_KEYS.length; attempt++) {
    const parsed = DirectorySearchSchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string') delete raw[key];
      else return DirectorySearchSchema.parse({});
    }
  }
  return DirectorySearchSchema.parse({});
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
  if (search.sort !== 'popular') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** How many filters narrow the results (the text, each service and star chip, the place). */
export function activeFilterCount(search: DirectorySearch): number {
  return (search.q ? 1 : 0) + search.service.length + search.rating.length + (search.city || search.country ? 1 : 0) + (search.zone ? 1 : 0);
}

/** The same search without any filter (the sort stays). */
export function withoutFilters(search: DirectorySearch): DirectorySearch {
  return { sort: search.sort, page: 1, service: [], rating: [], q: undefined, country: undefined, city: undefined, zone: undefined };
}
