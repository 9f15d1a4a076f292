import { OpenProjectsQuerySchema, type OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';

// The /projectlist URL holds the whole search (shared links, back button, reload) with the same
// keys as GET /api/projects. It is read with the API's own schema: a key the schema refuses (a
// hand-edited link) is left out, as the directory's reader does, and the rest is kept.

const SINGLE_KEYS = ['q', 'allServices', 'country', 'city', 'zone', 'from', 'to', 'sort', 'page'] as const;

/** The search a URL describes (page size is the API's default). */
export function readProjectSearch(params: URLSearchParams): OpenProjectsQuery {
  const raw: Record<string, string | string[]> = {};
  for (const key of SINGLE_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const services = params.getAll('service');
  if (services.length > 0) raw.service = services.length === 1 ? services[0]! : services;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const parsed = OpenProjectsQuerySchema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return OpenProjectsQuerySchema.parse({});
}

/** The canonical query of a search (also the API's): defaults are left out. */
export function writeProjectSearch(search: OpenProjectsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  for (const service of search.service ?? []) params.append('service', service);
  if (search.allServices === '1' && !search.service?.length) params.set('allServices', '1');
  if (search.country) params.set('country', search.country);
  if (search.city) params.set('city', search.city);
  if (search.zone) params.set('zone', search.zone);
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.sort !== 'newest') params.set('sort', search.sort);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** The location select's value: '' (all), 'zone:SD' or 'city:santiago'. */
export function locationValue(search: OpenProjectsQuery): string {
  if (search.zone) return `zone:${search.zone}`;
  if (search.city) return `city:${search.city}`;
  return '';
}

/** The search with the location select's choice (zone and city exclude each other). */
export function withLocation(search: OpenProjectsQuery, value: string): OpenProjectsQuery {
  const [kind, key] = value.split(':') as [string, string | undefined];
  const base = { ...search, zone: undefined, city: undefined, country: undefined, page: 1 };
  if (kind === 'zone' && key) return { ...base, zone: key as OpenProjectsQuery['zone'] };
  if (kind === 'city' && key) return { ...base, country: 'DO', city: key };
  return base;
}

/** How many filters narrow the list beyond the contractor's own services. */
export function activeFilters(search: OpenProjectsQuery): number {
  return (
    (search.q ? 1 : 0) +
    (search.zone || search.city ? 1 : 0) +
    (search.from ? 1 : 0) +
    (search.to ? 1 : 0) +
    (search.service?.length ? 1 : 0) +
    (search.allServices === '1' ? 1 : 0)
  );
}

/** The same search without filters: the contractor's own services again, the sort kept. */
export function withoutFilters(search: OpenProjectsQuery): OpenProjectsQuery {
  return {
    sort: search.sort,
    page: 1,
    pageSize: search.pageSize,
    q: undefined,
    service: undefined,
    allServices: undefined,
    country: undefined,
    city: undefined,
    zone: undefined,
    from: undefined,
    to: undefined,
  };
}
