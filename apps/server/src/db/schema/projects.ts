import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { countryCode, currency, milestoneStatus, projectIntention, projectStatus, propertyType, quoteStatus, serviceType, zone } from './enums.ts';
import { bytea, createdAt, money, tsvector, updatedAt } from './types.ts';
import { photos, users } from './users.ts';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id),
    /** The hired contractor; null until a quote is accepted (the spec's contractorId 0). */
    contractorId: uuid('contractor_id').references(() => users.id),
    acceptedQuoteId: uuid('accepted_quote_id').references((): AnyPgColumn => quotes.id),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    propertyType: propertyType('property_type').notNull(),
    serviceTypes: serviceType('service_types').array().notNull(),
    status: projectStatus('status').notNull().default('created'),
    intention: projectIntention('intention').notNull().default('ready'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    country: countryCode('country').notNull().default('DO'),
    city: varchar('city', { length: 60 }),
    zone: zone('zone'),
    /** The project's place (packages/shared/src/places.ts slug) and its coordinates (decision 042). */
    sector: varchar('sector', { length: 60 }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * The job's street and number and its reference point, sealed (AES-256-GCM, decision 010) and
     * opened only for the client and, once the money to begin is held, the hired contractor
     * (decision 049). Null for projects stored before them; emptied when the client deletes her account.
     */
    streetEnc: bytea('street_enc'),
    referenceEnc: bytea('reference_enc'),
    currency: currency('currency').notNull().default('DOP'),
    coverPhotoId: uuid('cover_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    /** When nobody approved or claimed in time (decision 054): still delivered, the money held CLAIM_AFTER_AUTO_APPROVAL_DAYS more. */
    autoApprovedAt: timestamp('auto_approved_at', { withTimezone: true }),
    /** The contractor's words when marking the work delivered. */
    deliveryNote: varchar('delivery_note', { length: 1000 }),
    /** The client's words when opening a claim. */
    claimReason: varchar('claim_reason', { length: 1000 }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('public.es_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('public.es_unaccent'::regconfig, description), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_client_idx').on(t.clientId, t.createdAt.desc()),
    index('projects_contractor_idx').on(t.contractorId, t.createdAt.desc()),
    // The open-project list (/projectlist) only ever reads status 'created': a page is a walk of
    // this index in the list's own order (newest or oldest, then id), and its filters use the
    // open projects' GIN indexes, a tenth of the table (decision 020).
    index('projects_open_idx')
      // NULLS FIRST is what ORDER BY … DESC means (drizzle's desc() alone says NULLS LAST, which the
      // planner cannot use for that order).
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'created'`),
    index('projects_open_services_idx')
      .using('gin', t.serviceTypes)
      .where(sql`${t.status} = 'created'`),
    index('projects_open_search_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.status} = 'created'`),
    index('projects_status_idx').on(t.status),
    // A contractor's completed projects, counted at each approval (refreshContractorAggregates,
    // decision 026): an index-only count of their approved work, not a walk of all their projects.
    index('projects_contractor_completed_idx')
      .on(t.contractorId)
      .where(sql`${t.status} = 'completado'`),
  ],
);

export const projectPhotos = pgTable(
  'project_photos',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** A photo of the finished work, added by the hired contractor (not one of the request's). */
    delivery: boolean('delivery').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.photoId] })],
);

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id),
    priceMinor: money('price_minor').notNull(),
    currency: currency('currency').notNull().default('DOP'),
    description: varchar('description', { length: 2000 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: quoteStatus('status').notNull().default('created'),
    /** The client's counter-offer, if any. */
    counterPriceMinor: money('counter_price_minor'),
    /** The price both agreed (spec agreedPrice, 0 until agreed). */
    agreedPriceMinor: money('agreed_price_minor').notNull().default(0),
    clientConfirmation: boolean('client_confirmation').notNull().default(false),
    confirmationDate: timestamp('confirmation_date', { withTimezone: true }),
    clientComments: varchar('client_comments', { length: 2000 }),
    /** The client's words with a counter-offer. */
    counterComment: varchar('counter_comment', { length: 2000 }),
    /** pending while the contractor has not answered the counter-offer; accepted or declined after. */
    counterStatus: varchar('counter_status', { length: 10 }),
    counteredAt: timestamp('countered_at', { withTimezone: true }),
    /** When the contractor answered the counter-offer (a response-time sample, decision 043). */
    counterAnsweredAt: timestamp('counter_answered_at', { withTimezone: true }),
    // The offer's terms to compare (decision 043); null on offers made before them ('Sin indicar').
    startDate: date('start_date', { mode: 'string' }),
    durationDays: smallint('duration_days'),
    warrantyDays: smallint('warranty_days'),
    /** The warranty holdback's percent of the price (decision 055): kept in escrow for warrantyDays after approval; 0 or null: none. */
    holdbackPercent: smallint('holdback_percent'),
    materialsIncluded: boolean('materials_included'),
    /**
     * Optional staged plan, e.g. [{title:'Materiales', percent:40},{title:'Final', percent:60}];
     * milestones with amounts are made from it when the quote is accepted (payment issue funds them).
     */
    stages: jsonb('stages').$type<{ title: string; percent: number }[]>(),
    /** When it left 'created' (accepted, rejected, withdrawn, expired, or replaced). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One open quote per contractor per project; a new one replaces it.
    uniqueIndex('quotes_one_open_key')
      .on(t.projectId, t.contractorId)
      .where(sql`${t.status} = 'created'`),
    index('quotes_project_idx').on(t.projectId, t.status),
    index('quotes_contractor_idx').on(t.contractorId, t.createdAt.desc()),
    check('quotes_price_nonneg', sql`${t.priceMinor} >= 0`),
    check('quotes_duration_days', sql`${t.durationDays} IS NULL OR ${t.durationDays} BETWEEN 1 AND 365`),
    check('quotes_warranty_days', sql`${t.warrantyDays} IS NULL OR ${t.warrantyDays} BETWEEN 0 AND 1825`),
    check('quotes_holdback_percent', sql`${t.holdbackPercent} IS NULL OR ${t.holdbackPercent} = 0 OR (${t.holdbackPercent} BETWEEN 1 AND 10 AND ${t.warrantyDays} > 0)`),
    check('quotes_counter_nonneg', sql`${t.counterPriceMinor} IS NULL OR ${t.counterPriceMinor} >= 0`),
    check('quotes_counter_status', sql`${t.counterStatus} IS NULL OR ${t.counterStatus} IN ('pending', 'accepted', 'declined')`),
    // The expiry sweep reads only open quotes past their date.
    index('quotes_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'created'`),
  ],
);

/** Staged release: an accepted quote split into milestones, each funded and released on its own. */
export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id),
    position: integer('position').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: currency('currency').notNull(),
    status: milestoneStatus('status').notNull().default('pending'),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('milestones_quote_position_key').on(t.quoteId, t.position),
    index('milestones_project_idx').on(t.projectId),
    check('milestones_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Single-use links in mails ('Aprobar oferta' / 'Rechazar oferta'). Only the SHA-256 of the
 * random token is stored; opening the link (GET) changes nothing, confirming (POST) uses it.
 */
export const quoteActionTokens = pgTable(
  'quote_action_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 10 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('quote_action_tokens_quote_idx').on(t.quoteId), check('quote_action_tokens_action', sql`${t.action} IN ('accept', 'reject')`)],
);

/**
 * Who got the daily digest of new projects for which day (one row per contractor and day, even
 * when nothing matched): the digest is sent once per day and resumes after a restart.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    day: date('day', { mode: 'string' }).notNull(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectCount: integer('project_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.contractorId] })],
);

/**
 * Who was told of a new project, once (decision 036): a row per project, recipient and kind
 * ('immediate' for a contractor's alert, 'matches' for the client's matching contractors),
 * written in the transaction that queues the mail. A retried or re-run fan-out skips whoever has
 * a row; the daily digest leaves out the projects a contractor was already alerted of.
 */
export const projectAlerts = pgTable(
  'project_alerts',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.recipientId, t.kind] })],
);

/**
 * A finished job a contractor shows on their public page ('Registrar proyecto',
 * /profile/nuevoproyecto): their own record, not a client's request.
 */
export const portfolioEntries = pgTable(
  'portfolio_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    serviceTypes: serviceType('service_types').array().notNull(),
    completedOn: date('completed_on', { mode: 'string' }).notNull(),
    coverPhotoId: uuid('cover_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('portfolio_entries_contractor_idx').on(t.contractorId, t.completedOn.desc())],
);

export const portfolioPhotos = pgTable(
  'portfolio_photos',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => portfolioEntries.id, { onDelete: 'cascade' }),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.photoId] })],
);
