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

/**
 * How many listed contractors (as listedContractorCounts counts them) have each word of the
 * search text (a lexeme of contractor_profiles.search_vector) per country, kept by the same kind
 * of triggers in the same transaction (migration 0065). A search of one word asks it whether some
 * word the search matches is had by more than DIRECTORY_COUNT_CAP contractors: then the answer is
 * "más de 1.000" without reading them (decision 076, "Amended 2026-12-07 (later still)"). The
 * words are matched by the search's own tsquery, through a GIN index on each row's word as a
 * tsvector (hand-written in the migration), so the rule of what a word matches stays one.
 */
export const listedWordCounts = pgTable(
  'listed_word_counts',
  {
    country: countryCode('country').notNull(),
    lexeme: text('lexeme').notNull(),
    listed: integer('listed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.lexeme] })],
);
