import { integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { countryCode } from './enums.ts';

/**
 * How many contractors are listed (the directory's rule: LISTED in db/contractor-listing.ts) per
 * country, city, zone and service, kept by triggers on contractor_profiles and users in the same
 * transaction as the change (migration 0063), so a search with no words, no place and no rating
 * reads its count here instead of counting up to 1,001 contractors (decision 076, "Counts from a
 * summary"). `zone` is '' for a contractor without one; `service` is '' for the row that counts
 * every listed contractor of the place once, whatever their services (a contractor offering three
 * services is in three service rows and in the '' row once).
 */
export const listedContractorCounts = pgTable(
  'listed_contractor_counts',
  {
    country: countryCode('country').notNull(),
    city: varchar('city', { length: 60 }).notNull(),
    zone: text('zone').notNull(),
    service: text('service').notNull(),
    listed: integer('listed').notNull(),
  },
  // The service first: a search names its services (or '') and only sometimes a place.
  (t) => [primaryKey({ columns: [t.service, t.country, t.city, t.zone] })],
);
