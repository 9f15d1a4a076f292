import type { QueryClient } from '@tanstack/react-query';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { shell } from '@arreglaya/shared/i18n/shell';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import type { ServiceCityStats } from '@arreglaya/shared/schemas/service-city';
import { findServiceCity, serviceCityAlternates, serviceCityPath } from '@arreglaya/shared/service-city';
import { directorySearchKey } from '../features/directory/hooks/use-directory-search.ts';
import { SERVICE_CITIES_KEY } from '../features/directory/hooks/use-service-cities.ts';
import { ratingSummary, serviceCitySearch, statOf } from '../features/directory/service-city.ts';
import { formatNumber } from '../lib/format.ts';
import type { PageSources, ServerPage } from './page-types.ts';
import { breadcrumbLd, itemListLd, jsonLdBlocks } from './service-city-ld.ts';

/**
 * /servicios/:service/:city rendered by the server (decision 044): the directory's first page for
 * the service in the city and the services and cities with contractors (for the links and the
 * rating in the description), both put in the request's query cache under the keys the page's
 * hooks read, so the browser renders the same and asks for nothing. An unknown service or city is
 * the not-found page with status 404; a known pair with nobody yet is a 200 with `noindex`.
 */
export async function renderServiceCity(
  service: string,
  city: string,
  sources: PageSources,
  client: QueryClient,
  render: () => { html: string; state: string },
): Promise<ServerPage> {
  const place = findServiceCity(service, city);
  if (!place) {
    const { html, state } = render();
    return {
      page: 'service-city',
      status: 404,
      html,
      state,
      noindex: true,
      head: { title: shell.documentTitle(shell.notFound.documentTitle), description: shell.notFound.text, path: `/servicios/${service}/${city}` },
    };
  }
  const search = serviceCitySearch(place);
  const [results, stats] = await Promise.all([
    sources.searchDirectory(search).then((json) => JSON.parse(json) as DirectoryPage),
    sources.serviceCities().then((json) => JSON.parse(json) as ServiceCityStats),
  ]);
  client.setQueryData(directorySearchKey(search), results);
  client.setQueryData(SERVICE_CITIES_KEY, stats);
  const { html, state } = render();
  const heading = t.heading(place.service, place.city.name);
  const count = { formatted: formatNumber(results.total, COUNTRIES[place.country].locale), n: results.total, capped: results.totalCapped };
  return {
    page: 'service-city',
    status: 200,
    html,
    state,
    // A page with nobody on it is thin content: kept out of search results until someone is (decision 044).
    ...(results.total === 0 ? { noindex: true } : {}),
    head: {
      title: shell.documentTitle(heading),
      description: t.description(place.service, place.city.name, count, ratingSummary(place, statOf(stats.items, place))),
      path: serviceCityPath(place.service, place.city.key),
      // The city's country's language and region; the capitals' pages name each other (decision 066).
      locale: COUNTRIES[place.country].locale,
      alternates: serviceCityAlternates(place.service, place.city.key),
    },
    jsonLd: jsonLdBlocks(...(results.items.length > 0 ? [itemListLd(place, results)] : []), breadcrumbLd(place)),
  };
}
