import { z } from 'zod';
import { COUNTRY_CODES } from '../countries.ts';
import { SERVICE_TYPES } from '../domain.ts';

// GET /api/contractors/service-cities: every service and city with a page (/servicios/{service}/{city})
// and at least one listed contractor, with their count and reviews (decision 044). The pages'
// links, descriptions and the sitemap read it.

export const ServiceCityStatSchema = z.object({
  service: z.enum(SERVICE_TYPES),
  country: z.enum(COUNTRY_CODES),
  city: z.string(),
  contractors: z.number().int(),
  /** Approved reviews of those contractors. */
  reviews: z.number().int(),
  /** Their reviews' mean (each review counts once); null without reviews. */
  ratingAvg: z.number().nullable(),
  /** The latest change to one of their profiles (the sitemap's lastmod). */
  lastModified: z.iso.datetime({ offset: true }),
});
export type ServiceCityStat = z.infer<typeof ServiceCityStatSchema>;

export const ServiceCityStatsSchema = z.object({ items: z.array(ServiceCityStatSchema) }).meta({ id: 'ServiceCityStats' });
export type ServiceCityStats = z.infer<typeof ServiceCityStatsSchema>;
