import { COUNTRIES } from '@arreglaya/shared/countries';
import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';
import type { ServiceCityStat } from '@arreglaya/shared/schemas/service-city';
import type { ServiceCity } from '@arreglaya/shared/service-city';
import { formatNumber, formatRating } from '@/lib/format.ts';
import type { RatingSummary } from '@arreglaya/shared/i18n/service-city';

/**
 * The directory search a service-and-city page shows (its first page, the directory's default
 * order): the same search, and so the same cache entry, as /busqueda?service=…&country=…&city=…
 */
export function serviceCitySearch({ service, country, city }: ServiceCity): DirectorySearch {
  return { service: [service], country, city: city.key, sort: 'popular', page: 1, rating: [], q: undefined, zone: undefined, donde: undefined };
}

/** The page's figures, as the city's country writes numbers. */
export function ratingSummary(place: ServiceCity, stat: ServiceCityStat | undefined): RatingSummary | undefined {
  if (!stat || stat.ratingAvg === null || stat.reviews === 0) return undefined;
  const { locale } = COUNTRIES[place.country];
  return { average: formatRating(stat.ratingAvg, locale), reviews: formatNumber(stat.reviews, locale), reviewCount: stat.reviews };
}

export function statOf(stats: readonly ServiceCityStat[] | undefined, place: ServiceCity): ServiceCityStat | undefined {
  return stats?.find((s) => s.service === place.service && s.country === place.country && s.city === place.city.key);
}
