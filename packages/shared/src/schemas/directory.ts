import { z } from 'zod';
import { COUNTRY_CODES, ZONES } from '../countries.ts';
import { CURRENCIES, SERVICE_TYPES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { plainText, requiredText } from './common.ts';
import { SocialLinksSchema } from './social-links.ts';
import { places as tplaces } from '../i18n/places.ts';
import { findPlace, placeOfField } from '../places.ts';
import { DIRECTORY_CITY_MAX, DIRECTORY_CITY_PATTERN, DIRECTORY_PLACE_MAX, DIRECTORY_MAX_PAGE, DIRECTORY_QUERY_MAX, DIRECTORY_SORTS, RATING_FILTERS } from '../directory-search.ts';

// The contractor directory's contract: the search query (also the /busqueda URL), the card
// every list shows (search, favourites), the public page, and the contact-a-contractor message.

export { DIRECTORY_COUNT_CAP, DIRECTORY_MAX_PAGE, DIRECTORY_PAGE_SIZE, DIRECTORY_SORTS, RATING_FILTERS, type DirectorySort, type RatingFilter } from '../directory-search.ts';

/** A query-string value that may come once (string) or several times (array). */
function listOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)], { error: validation.invalidOption })
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? [...new Set(v)] : [v]));
}

/**
 * GET /api/contractors query and the /busqueda URL (the same keys, so a shared link is a
 * search): `service` and `rating` may repeat; `type` is the spec's alias that pre-checks one
 * service (it is merged into `service`).
 */
export const DirectorySearchSchema = z
  .object({
    q: plainText(
      z
        .string()
        .trim()
        .max(DIRECTORY_QUERY_MAX, { error: validation.tooLong(DIRECTORY_QUERY_MAX) }),
    )
      .optional()
      .transform((v) => (v ? v : undefined)),
    service: listOf(SERVICE_TYPES),
    type: z.enum(SERVICE_TYPES, { error: validation.invalidOption }).optional(),
    country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional(),
    city: z
      .string()
      .trim()
      .max(DIRECTORY_CITY_MAX)
      .regex(DIRECTORY_CITY_PATTERN, { error: validation.invalidOption })
      .optional()
      .transform((v) => (v ? v : undefined)),
    zone: z.enum(ZONES, { error: validation.invalidOption }).optional(),
    rating: listOf(RATING_FILTERS),
    /**
     * The place distances are measured from and whose contractors reach it (decision 042): a
     * places.ts slug, or the place's name as a form sent before hydration carries it (issue 46),
     * read as its slug.
     */
    donde: z
      .string()
      .trim()
      .max(DIRECTORY_PLACE_MAX, { error: tplaces.validation.unknownPlace })
      .optional()
      .transform((v) => (v ? (placeOfField(v)?.slug ?? v) : undefined))
      .refine((v) => v === undefined || findPlace(v) !== undefined, { error: tplaces.validation.unknownPlace }),
    /** One of the signed-in client's own projects: distances from its sector (takes the place of `donde`). */
    proyecto: z.uuid({ error: validation.invalidValue }).optional(),
    sort: z.enum(DIRECTORY_SORTS, { error: validation.invalidOption }).default('popular'),
    page: z.coerce.number({ error: validation.invalidValue }).int().min(1).max(DIRECTORY_MAX_PAGE).default(1),
  })
  .transform(({ type, service, ...rest }) => ({ ...rest, service: type && !service.includes(type) ? [...service, type] : service }));
export type DirectorySearchInput = z.input<typeof DirectorySearchSchema>;
export type DirectorySearch = z.output<typeof DirectorySearchSchema>;

/** What a contractor card shows; only public fields (never e-mail, phone, cédula or address). */
export const ContractorCardSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    companyName: z.string().nullable(),
    avatarPhotoId: z.uuid().nullable(),
    services: z.array(z.enum(SERVICE_TYPES)),
    country: z.enum(COUNTRY_CODES),
    /** City key (countries.ts) or null. */
    city: z.string().nullable(),
    ratingAvg: z.number(),
    ratingCount: z.number().int(),
    completedProjects: z.number().int(),
    /** Distance from the search's origin (DirectoryPage.origin) to the contractor's base, in km; null without an origin or a base. */
    distanceKm: z.number().nullable(),
    memberSince: z.iso.datetime({ offset: true }),
    badges: z.object({ isNew: z.boolean(), verified: z.boolean(), featured: z.boolean() }),
    /** Trust data (decision 043): median minutes to a first answer over 90 days (null below 3 samples). */
    medianResponseMinutes: z.number().int().nullable(),
    /** Projects hired through ArreglaYa (assigned or later). */
    hiresCount: z.number().int(),
    /** 'desde' prices per service (only services with 5 or more accepted offers in 12 months). */
    priceGuide: z.array(z.object({ service: z.enum(SERVICE_TYPES), minor: z.number().int(), currency: z.enum(CURRENCIES) })),
    /** The portfolio's first photos (up to 3). */
    portfolioThumbs: z.array(z.uuid()),
  })
  .meta({ id: 'ContractorCard' });
export type ContractorCard = z.infer<typeof ContractorCardSchema>;

export const DirectoryPageSchema = z
  .object({
    items: z.array(ContractorCardSchema),
    /** How many match, up to DIRECTORY_COUNT_CAP (1,000); with `totalCapped`, more than that match. */
    total: z.number().int(),
    /**
     * More contractors match than `total` says ("más de 1.000", decision 076). Pages go on while
     * they are full up to DIRECTORY_MAX_PAGE, which is the capped total's last page.
     */
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** The pages `total` fills (with `totalCapped`, those the count vouches for). */
    pageCount: z.number().int(),
    /** Where distances are measured from: the client's project or a place (its Spanish name); null without one. */
    origin: z.object({ kind: z.enum(['project', 'place']), name: z.string(), slug: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'DirectoryPage' });
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

export const PublicReviewSchema = z.object({
  id: z.uuid(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  comment: z.string(),
  /** The contractor's one public reply, when they wrote it. */
  reply: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/** GET /api/contractors/:id: the card plus the description and the approved reviews. */
export const ContractorPublicProfileSchema = ContractorCardSchema.extend({
  description: z.string().nullable(),
  /** Facebook, Instagram and LinkedIn as a page may show them (schemas/social-links.ts); null without any (decision 058). */
  social: SocialLinksSchema.nullable(),
  reviews: z.array(PublicReviewSchema),
}).meta({ id: 'ContractorPublicProfile' });
export type ContractorPublicProfile = z.infer<typeof ContractorPublicProfileSchema>;

/** POST /api/contractors/:id/contact (spec §2 Contact Contractor modal; §5 message required). */
export const ContactContractorSchema = z.object({
  message: requiredText(2000, { multiline: true }),
  /** One of the client's own projects, when they have one (title and start date go in the mail). */
  projectId: z.uuid({ error: validation.invalidOption }).optional(),
});
export type ContactContractorInput = z.input<typeof ContactContractorSchema>;

/** A client keeps at most this many favourites (the list is shown whole, without pages). */
export const MAX_FAVOURITES = 200;

/** GET /api/me/favourites and the /perfil/favoritos URL: one optional service filter. */
export const FavouritesQuerySchema = z.object({
  service: z.enum(SERVICE_TYPES, { error: validation.invalidOption }).optional(),
});
export type FavouritesQuery = z.infer<typeof FavouritesQuerySchema>;

/** The signed-in client's favourites, newest first; `total` counts those the filter keeps. */
export const FavouritesListSchema = z.object({ items: z.array(ContractorCardSchema), total: z.number().int() }).meta({ id: 'FavouritesList' });
export type FavouritesList = z.infer<typeof FavouritesListSchema>;

/** GET /api/me/favourites/ids: just the contractor ids, for the hearts on any list. */
export const FavouriteIdsSchema = z.object({ ids: z.array(z.uuid()) }).meta({ id: 'FavouriteIds' });
export type FavouriteIds = z.infer<typeof FavouriteIdsSchema>;

export const ContractorIdParamsSchema = z.object({ contractorId: z.uuid({ error: validation.invalidValue }) });

/** PUT/DELETE /api/me/favourites/:contractorId: the state after the call. */
export const FavouriteStateSchema = z.object({ contractorId: z.uuid(), favourite: z.boolean() }).meta({ id: 'FavouriteState' });
export type FavouriteState = z.infer<typeof FavouriteStateSchema>;

/** One of the client's open projects, offered in the contact modal (startDate is YYYY-MM-DD). */
export const ContactProjectSchema = z.object({ id: z.uuid(), title: z.string(), startDate: z.iso.date() });
export type ContactProject = z.infer<typeof ContactProjectSchema>;

/** GET /api/contractors/:id/contact-context: what the contact modal needs besides the card. */
export const ContactContextSchema = z.object({ projects: z.array(ContactProjectSchema) }).meta({ id: 'ContactContext' });
export type ContactContext = z.infer<typeof ContactContextSchema>;

/** POST /api/contractors/:id/contact answer. */
export const ContactContractorSentSchema = z.object({ conversationId: z.uuid(), messageId: z.uuid(), message: z.string() }).meta({ id: 'ContactContractorSent' });
export type ContactContractorSent = z.infer<typeof ContactContractorSentSchema>;
