import { findCity, COUNTRIES } from '@arreglaya/shared/countries';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { APP_URL_PLACEHOLDER } from '@arreglaya/shared/html-head';
import { shell } from '@arreglaya/shared/i18n/shell';
import { serviceCity as t } from '@arreglaya/shared/i18n/service-city';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { serviceCityPath, type ServiceCity } from '@arreglaya/shared/service-city';
import { serializeState } from './query-state.ts';

// The schema.org data of a service-and-city page (decision 044), as JSON-LD blocks: an ItemList
// of the cards shown, each a LocalBusiness, and the page's BreadcrumbList. URLs start with
// APP_URL_PLACEHOLDER, which the server replaces with its APP_URL (plugins/web-app.ts). Each block
// is escaped for a <script> element (serializeState): a name holding `</script>` stays text.

const SITE = APP_URL_PLACEHOLDER;

/** One LocalBusiness per card, in the page's order; aggregateRating only for a contractor with reviews. */
export function itemListLd(place: ServiceCity, page: DirectoryPage): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: t.heading(place.service, place.city.name),
    numberOfItems: page.items.length,
    itemListElement: page.items.map((c, index) => {
      const locality = (c.city ? findCity(c.country, c.city)?.name : undefined) ?? place.city.name;
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'LocalBusiness',
          name: c.name,
          url: `${SITE}/contractors/${c.id}`,
          ...(c.avatarPhotoId ? { image: `${SITE}/api/photos/${c.avatarPhotoId}/md` } : {}),
          address: { '@type': 'PostalAddress', addressLocality: locality, addressCountry: c.country },
          areaServed: { '@type': 'City', name: place.city.name, containedInPlace: { '@type': 'Country', name: COUNTRIES[place.country].name } },
          ...(c.ratingCount > 0
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: Math.round(c.ratingAvg * 100) / 100, reviewCount: c.ratingCount, bestRating: 5, worstRating: 1 } }
            : {}),
        },
      };
    }),
  };
}

export function breadcrumbLd(place: ServiceCity): Record<string, unknown> {
  const crumbs = [
    { name: shell.breadcrumb.home, url: `${SITE}/` },
    { name: t.crumbServices, url: `${SITE}/busqueda` },
    { name: SERVICE_LABELS[place.service], url: `${SITE}/busqueda?service=${place.service}` },
    { name: t.heading(place.service, place.city.name), url: `${SITE}${serviceCityPath(place.service, place.city.key)}` },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}

/** The blocks' contents, each safe inside <script type="application/ld+json">. */
export function jsonLdBlocks(...blocks: Record<string, unknown>[]): string[] {
  return blocks.map(serializeState);
}
