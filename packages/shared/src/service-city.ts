import { COUNTRIES, COUNTRY_CODES, type City, type CountryCode } from './countries.ts';
import { SERVICE_TYPES, type ServiceType } from './domain.ts';

// The pages search engines send people to (issue 34, item 5; decision 044):
// /servicios/{service}/{city}, one per service and city, e.g. /servicios/plomeria/santo-domingo.
// The service is its key (domain.ts SERVICE_TYPES), the city its key (countries.ts); city keys are
// unique across countries, except 'otro' (anywhere else), which has no page.

export const SERVICE_CITY_PREFIX = '/servicios';

/** A service and a city that have a page. */
export interface ServiceCity {
  service: ServiceType;
  country: CountryCode;
  city: City;
}

const CITIES = new Map<string, { country: CountryCode; city: City }>();
for (const country of COUNTRY_CODES) {
  for (const city of COUNTRIES[country].cities) if (city.key !== 'otro') CITIES.set(city.key, { country, city });
}

/** The path of a service's page in a city. */
export function serviceCityPath(service: ServiceType, city: string): string {
  return `${SERVICE_CITY_PREFIX}/${service}/${city}`;
}

/** The service and city a page's two path segments name; undefined when either is unknown (the page is a 404). */
export function findServiceCity(service: string, city: string): ServiceCity | undefined {
  const place = CITIES.get(city);
  const known = (SERVICE_TYPES as readonly string[]).includes(service);
  return place && known ? { service: service as ServiceType, ...place } : undefined;
}

/** The cities with pages in a country, in the catalogue's order. */
export function serviceCitiesOf(country: CountryCode): readonly City[] {
  return COUNTRIES[country].cities.filter((c) => c.key !== 'otro');
}

/** The services the landing links in each city (the most asked for); each page links the rest. */
export const LANDING_SERVICES: readonly ServiceType[] = ['plomeria', 'electricidad', 'pintura', 'aire', 'remodelacion', 'limpieza'];

/** A page's `hreflang` alternate: the language-region tag (or x-default) and the page's path. */
export interface PageAlternate {
  hreflang: string;
  path: string;
}

/** Each country's first city in countries.ts, its capital: Santo Domingo, Bogotá, Ciudad de México. */
const CAPITALS: readonly { country: CountryCode; city: string }[] = COUNTRY_CODES.map((country) => ({ country, city: COUNTRIES[country].cities[0]!.key }));

/**
 * The `hreflang` alternates of a service's page (decision 066): the same service's page in each
 * country's capital is that page for the country (es-DO, es-CO, es-MX), the Dominican one the
 * x-default. The other cities' pages exist in one country only and have none.
 */
export function serviceCityAlternates(service: ServiceType, city: string): PageAlternate[] {
  if (!CAPITALS.some((c) => c.city === city)) return [];
  return [
    ...CAPITALS.map((c) => ({ hreflang: COUNTRIES[c.country].locale, path: serviceCityPath(service, c.city) })),
    { hreflang: 'x-default', path: serviceCityPath(service, CAPITALS[0]!.city) },
  ];
}
