import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { countryCode, photoKind, serviceType, userRole, userStatus, zone } from './enums.ts';
import { createdAt, tsvector, updatedAt, bytea } from './types.ts';

// Identity tables follow better-auth's core model (user, session, account,
// verification) under our own names, so the auth library adds behaviour, not tables.

/**
 * An account the directory may list: a confirmed e-mail (or, for an account made from a phone
 * proven by a code, that phone: decision 064), active, not banned, not deleted. With a
 * contractor role and a minimum profile (contractorProfiles.listable) it is listed: in search,
 * counts, favourites and the public page (db/contractor-listing.ts, LISTED). The
 * one place of this rule: the partial indexes below and LISTED are built from it.
 */
export function listableAccount(t: { status: AnyPgColumn; emailVerified: AnyPgColumn; phoneVerified: AnyPgColumn; deletedAt: AnyPgColumn; bannedAt: AnyPgColumn }) {
  return sql`${t.status} = 'active' AND (${t.emailVerified} OR ${t.phoneVerified}) AND ${t.deletedAt} IS NULL AND ${t.bannedAt} IS NULL`;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * An account made from a phone proven by a code, with no e-mail (decision 064: an invited
     * técnico): the proven phone stands where the confirmed e-mail stands for everyone else.
     */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Full name as better-auth keeps it; firstName/lastName are the spec's fields. */
    name: text('name').notNull().default(''),
    image: text('image'),
    role: userRole('role').notNull().default('client'),
    status: userStatus('status').notNull().default('active'),
    firstName: varchar('first_name', { length: 100 }).notNull().default(''),
    lastName: varchar('last_name', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }),
    country: countryCode('country').notNull().default('DO'),
    avatarPhotoId: uuid('avatar_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per e-mail, case-insensitively (sign-up must never create a second one).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // The contractor accounts the directory may list (with a minimum profile, see
    // contractorProfiles.listable): the search joins through it with index-only scans instead
    // of reading every user row.
    index('users_listed_contractors_idx')
      .on(t.id)
      .where(sql`${t.role} = 'contractor' AND ${listableAccount(t)}`),
    // (users_unlisted_contractors_idx, the accounts that may not be listed, was dropped by
    // migration 0066: a count tests contractor_profiles.account_listable instead.)
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Credentials and social logins of a user (better-auth's "account"; not the spec's Account). */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    /** Password hash only (scrypt/argon2 string); never a plain password. */
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId), uniqueIndex('auth_accounts_provider_key').on(t.providerId, t.accountId)],
);

/** One-time codes (sign-up confirmation, password reset). */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Uploaded images after decoding and re-encoding (EXIF/GPS stripped). */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    kind: photoKind('kind').notNull(),
    /** Key in the storage backend (disk under DATA_DIR or S3); one object per size. */
    storageKey: text('storage_key').notNull(),
    mime: varchar('mime', { length: 40 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_owner_idx').on(t.ownerId)],
);

export const clientProfiles = pgTable('client_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: varchar('address', { length: 200 }),
  city: varchar('city', { length: 60 }),
  zone: zone('zone'),
  facebook: varchar('facebook', { length: 300 }),
  instagram: varchar('instagram', { length: 300 }),
  linkedin: varchar('linkedin', { length: 300 }),
  updatedAt: updatedAt(),
});

export const contractorProfiles = pgTable(
  'contractor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First and last name copied from users by the profile service, so search can index it. */
    displayName: varchar('display_name', { length: 200 }).notNull().default(''),
    companyName: varchar('company_name', { length: 150 }),
    /**
     * Legacy plaintext cédula: emptied at start, its value sealed into cedula_enc (decision 010);
     * nothing writes it. To be dropped once every installation has started once.
     */
    cedula: char('cedula', { length: 11 }),
    /** Dominican cédula (11 digits, check digit validated on input), AES-256-GCM at rest (decision 010). */
    cedulaEnc: bytea('cedula_enc'),
    /**
     * Keyed hash (HMAC-SHA256) of the cédula's 11 digits, written beside cedula_enc: the sysadmin
     * finds a person by cédula without opening every row (decisions 010 and 025).
     */
    cedulaIndex: bytea('cedula_index'),
    serviceTypes: serviceType('service_types')
      .array()
      .notNull()
      .default(sql`'{}'::service_type[]`),
    description: varchar('description', { length: 1500 }),
    address: varchar('address', { length: 200 }),
    postalCode: varchar('postal_code', { length: 12 }),
    city: varchar('city', { length: 60 }),
    zone: zone('zone'),
    country: countryCode('country').notNull().default('DO'),
    /** Where the contractor has their base: the coordinates of base_sector (places.ts), null without one (decision 042). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** The place (packages/shared/src/places.ts slug) the contractor works from. */
    baseSector: varchar('base_sector', { length: 60 }),
    /** How far from their base they travel, in km (1–100). */
    serviceRadiusKm: smallint('service_radius_km').notNull().default(15),
    facebook: varchar('facebook', { length: 300 }),
    instagram: varchar('instagram', { length: 300 }),
    linkedin: varchar('linkedin', { length: 300 }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    featured: boolean('featured').notNull().default(false),
    /**
     * Paused automatically after PAUSE_AFTER_EVENTS late cancellations or no-shows within 90 days
     * (decision 057): not listed (listable below), cannot offer; a sysadmin lifts it.
     */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    // Aggregates of approved reviews and completed projects, kept in step by the
    // services that change them (in the same transaction); they make search fast.
    ratingAvg: real('rating_avg').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    completedProjects: integer('completed_projects').notNull().default(0),
    favouritesCount: integer('favourites_count').notNull().default(0),
    // Trust data (decision 043), computed set-based by refreshContractorTrust (db/contractor-trust.ts)
    // from a job and the events that change them; read with the card, never per request.
    /** Median minutes to a first answer over the last 90 days; null below 3 samples. */
    medianResponseMinutes: integer('median_response_minutes'),
    /** Projects hired through ArreglaYa (assigned or later). */
    hiresCount: integer('hires_count').notNull().default(0),
    /** 'desde' price per service: the lower quartile of accepted offers over 12 months, only with 5 or more. */
    priceGuide: jsonb('price_guide').$type<{ service: string; minor: number; currency: string }[]>().notNull().default([]),
    /** The portfolio's first photos (up to 3), for the card. */
    portfolioThumbs: uuid('portfolio_thumbs')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * The minimum profile before a contractor is listed (docs/spec-decisions.md): a name, at
     * least one service and a city; and not paused (decision 057). The one place of this rule; the account's part is
     * listableAccount.
     */
    listable: boolean('listable').generatedAlwaysAs(sql`btrim(display_name) <> '' AND cardinality(service_types) > 0 AND coalesce(btrim(city), '') <> '' AND paused_at IS NULL`),
    /**
     * Whether the account may be listed (a contractor, active, confirmed, not banned or deleted:
     * public.listed_account, the SQL of users.ts's listableAccount), kept from the account by
     * triggers in the same transaction as every change to it (migration 0066). A count reads it on
     * the profile, or in the GiST indexes that include it, instead of looking up each match's
     * account (decision 076, "Amended 2026-12-07 (later still)").
     */
    accountListable: boolean('account_listable').notNull().default(false),
    /** Spanish full-text over name, company and description, accents ignored (config es_unaccent). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('public.es_unaccent'::regconfig, display_name || ' ' || coalesce(company_name, '')), 'A') || setweight(to_tsvector('public.es_unaccent'::regconfig, coalesce(description, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contractor_profiles_cedula_index_idx').on(t.cedulaIndex),
    // What every start looks for (cédulas still in the clear, sealed ones without their blind
    // index, decisions 010 and 025): nearly always nothing, found in an empty partial index
    // instead of a read of the whole table by each instance (decision 076).
    index('contractor_profiles_legacy_cedula_idx')
      .on(t.userId)
      .where(sql`${t.cedula} IS NOT NULL`),
    index('contractor_profiles_unindexed_cedula_idx')
      .on(t.userId)
      .where(sql`${t.cedulaEnc} IS NOT NULL AND ${t.cedulaIndex} IS NULL`),
    index('contractor_profiles_services_idx').using('gin', t.serviceTypes),
    // The words and the services in one GIN index: a trade's offering part with other words
    // ('cerrajero emergencias') intersects the two posting lists in one scan (decision 076,
    // "Amended 2026-12-07 (round six)"); either column alone is read as from an index of its own.
    index('contractor_profiles_search_idx').using('gin', t.searchVector, t.serviceTypes),
    index('contractor_profiles_city_idx').on(t.country, t.city),
    index('contractor_profiles_zone_idx').on(t.zone),
    // Distances from a place: a bounding box of latitudes first (decision 042).
    index('contractor_profiles_location_idx').on(t.lat, t.lng),
    check('contractor_profiles_service_radius_km_check', sql`${t.serviceRadiusKm} BETWEEN 1 AND 100`),
    // One index per directory sort order, ending in the id tie-break, so a page is read in
    // order from the index (docs/decisions/013-contractor-directory.md).
    index('contractor_profiles_popular_idx').on(t.completedProjects.desc(), t.ratingCount.desc(), t.favouritesCount.desc(), t.userId),
    index('contractor_profiles_reviews_idx').on(t.ratingCount.desc(), t.ratingAvg.desc(), t.userId),
    index('contractor_profiles_rating_idx').on(t.ratingAvg.desc(), t.ratingCount.desc(), t.userId),
    // Lowest rated first; contractors without reviews go last (they have no rating yet).
    index('contractor_profiles_rating_asc_idx').on(sql`(${t.ratingCount} = 0)`, t.ratingAvg, t.ratingCount.desc(), t.userId),
    // Names and companies by trigram (typos, parts of words), accents and case ignored.
    index('contractor_profiles_name_trgm_idx').using('gin', sql`public.f_unaccent(lower(${t.displayName} || ' ' || coalesce(${t.companyName}, ''))) gin_trgm_ops`),
  ],
);

/** The spec's four notification flags; every mail sender reads them. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Alerts: new quotes for clients, new projects for contractors. */
  immediate: boolean('immediate').notNull().default(true),
  newsletter: boolean('newsletter').notNull().default(false),
  matches: boolean('matches').notNull().default(true),
  specialOffers: boolean('special_offers').notNull().default(false),
  /** Hold non-urgent notifications on the outside channels from 22:00 to 07:00 in the person's country (decision 038). */
  quietHours: boolean('quiet_hours').notNull().default(true),
  updatedAt: updatedAt(),
});
