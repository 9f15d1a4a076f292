import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { directoryList } from '@arreglaya/shared/i18n/directory-list';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import { findServiceCity, serviceCitiesOf, serviceCityPath, type ServiceCity } from '@arreglaya/shared/service-city';
import { Breadcrumb } from '@/components/ui/breadcrumb.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { ContractorCard } from '@/features/directory/components/contractor-card.tsx';
import { useDirectorySearch } from '@/features/directory/hooks/use-directory-search.ts';
import { useServiceCities } from '@/features/directory/hooks/use-service-cities.ts';
import { writeSearch } from '@/features/directory/search-params.ts';
import { ratingSummary, serviceCitySearch, statOf } from '@/features/directory/service-city.ts';
import { formatNumber } from '@/lib/format.ts';
import { usePageMeta } from '@/lib/page-meta.ts';
import { Component as NotFoundPage } from './not-found.tsx';

/**
 * /servicios/:service/:city, e.g. /servicios/plomeria/santo-domingo (decision 044): the first page
 * of the directory for a service in a city, rendered by the server with its data, for search
 * engines and the people they send. An unknown service or city is the not-found page (404).
 */
function ServiceCityPage() {
  const { service = '', city = '' } = useParams();
  const place = findServiceCity(service, city);
  return place ? <ServiceCityContent place={place} /> : <NotFoundPage />;
}

function ServiceCityContent({ place }: { place: ServiceCity }) {
  const { service, country, city } = place;
  const { locale } = COUNTRIES[country];
  const search = serviceCitySearch(place);
  const results = useDirectorySearch(search);
  const stats = useServiceCities().data?.items;
  const data = results.data;
  const heading = t.heading(service, city.name);
  const count = data ? { formatted: formatNumber(data.total, locale), n: data.total, capped: data.totalCapped } : { formatted: '0', n: 0, capped: false };
  usePageMeta(heading, t.description(service, city.name, count, ratingSummary(place, statOf(stats, place))));

  // The same service elsewhere and other services here: only pages with someone on them.
  const otherCities = serviceCitiesOf(country)
    .filter((c) => c.key !== city.key)
    .map((c) => ({ city: c, stat: statOf(stats, { service, country, city: c }) }))
    .filter((x) => x.stat);
  const otherServices = SERVICE_TYPES.filter((s) => s !== service)
    .map((s) => ({ service: s, stat: statOf(stats, { service: s, country, city }) }))
    .filter((x) => x.stat);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb items={[{ label: t.crumbServices, to: '/busqueda' }, { label: SERVICE_LABELS[service], to: `/busqueda?service=${service}` }, { label: heading }]} />
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{heading}</h1>
      <p className="mt-2 mb-6 max-w-3xl text-lg text-slate-700">{t.intro(service, city.name)}</p>

      {results.isPending && <PageSpinner />}
      {results.isError && !data && (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{directoryList.results.error}</p>
          <button type="button" onClick={() => void results.refetch()} className={buttonClasses('secondary')}>
            {directoryList.results.retry}
          </button>
        </div>
      )}
      {data && data.items.length === 0 && (
        <section aria-labelledby="service-city-empty" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 id="service-city-empty" className="text-xl font-bold text-slate-900">
            {t.empty.title(service, city.name)}
          </h2>
          <p className="mt-2 text-slate-700">{t.empty.text}</p>
          <Link to="/nuevoproyecto" className={buttonClasses('primary', 'mt-4')}>
            {t.empty.publish}
          </Link>
        </section>
      )}
      {data && data.items.length > 0 && (
        <section aria-labelledby="service-city-results">
          <h2 id="service-city-results" className="text-lg font-semibold text-slate-800" data-testid="results-count">
            {t.count(count.formatted, count.n, service, count.capped)}
          </h2>
          <ul aria-label={heading} className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            {data.items.map((contractor) => (
              <li key={contractor.id}>
                <ContractorCard contractor={contractor} headingLevel="h3" />
              </li>
            ))}
          </ul>
          {data.pageCount > 1 && (
            <Link to={`/busqueda?${writeSearch(search).toString()}`} className={buttonClasses('secondary', 'mt-6')}>
              {t.seeAll(count.formatted, count.n, service, count.capped)}
            </Link>
          )}
        </section>
      )}

      {otherCities.length > 0 && (
        <LinkBlock id="service-city-cities" title={t.otherCities(service)}>
          {otherCities.map(({ city: c, stat }) => (
            <li key={c.key}>
              <Link to={serviceCityPath(service, c.key)} className="text-brand-700 underline underline-offset-2">
                {t.heading(service, c.name)}
              </Link>{' '}
              <span className="text-slate-600">({formatNumber(stat!.contractors, locale)})</span>
            </li>
          ))}
        </LinkBlock>
      )}
      {otherServices.length > 0 && (
        <LinkBlock id="service-city-services" title={t.otherServices(city.name)}>
          {otherServices.map(({ service: s, stat }) => (
            <li key={s}>
              <Link to={serviceCityPath(s, city.key)} className="text-brand-700 underline underline-offset-2">
                {t.heading(s, city.name)}
              </Link>{' '}
              <span className="text-slate-600">({formatNumber(stat!.contractors, locale)})</span>
            </li>
          ))}
        </LinkBlock>
      )}
    </div>
  );
}

function LinkBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>
    </section>
  );
}

export { ServiceCityPage as Component };
