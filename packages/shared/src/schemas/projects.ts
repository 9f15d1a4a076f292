import { z } from 'zod';
import { COUNTRIES, COUNTRY_CODES, ZONES, type CountryCode } from '../countries.ts';
import { CURRENCIES, PROJECT_INTENTIONS, PROPERTY_TYPES, SERVICE_TYPES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { offerTerms as tt } from '../i18n/offers-trust.ts';
import { warranty as tw } from '../i18n/warranty.ts';
import { projects as tp, quotes as tq } from '../i18n/projects.ts';
import { CLIENT_NEXT_ACTIONS, DEFAULT_QUOTE_VALIDITY_DAYS, PROJECT_STATUSES, QUOTE_STATUSES, stagesPayable } from '../lifecycles.ts';
import { choice, optionalText, plainText, requiredText } from './common.ts';
import { checkSector, sectorSlug } from './places.ts';
import { ContractorCardSchema } from './directory.ts';
import { SocialLinksSchema } from './social-links.ts';
import { ProjectMoneySchema } from './payments.ts';

// Projects and quotes (issue 13): the new-project form and its API body, the lists, the
// project page, Make Offer, counter-offers and decisions. Forms and routes use these same schemas.

export const PROJECT_TITLE_MAX = 100;
/** Spec §5: input limit 400 (its hint says 500; the column holds 500). */
export const PROJECT_DESCRIPTION_MAX = 400;
export const PROJECT_PHOTOS_MAX = 8;
/** The job's street and number ('Calle 5 #12, Apto 3B') and a reference point ('frente a la farmacia'): private (decision 049). */
export const PROJECT_STREET_MAX = 150;
export const PROJECT_REFERENCE_MAX = 200;
export const QUOTE_DESCRIPTION_MAX = 2000;
/** An offer's description must say something useful: at least this many characters, after trimming (issue 35). */
export const QUOTE_DESCRIPTION_MIN = 20;
export const COMMENT_MAX = 2000;
export const HIRE_END_REASON_MAX = 1000;
export const NOTE_MAX = 1000;
/** RD$100 million in centavos: far above any home repair, far below 2^53. */
export const PRICE_MAX_MINOR = 10_000_000_000;
export const QUOTE_VALIDITY_MAX_DAYS = 60;
export const PROJECTS_PAGE_SIZE = 12;
export const PROJECTS_PAGE_SIZE_MAX = 50;
export const PROJECTS_MAX_PAGE = 1000;

// Control characters are refused by the shared text builders (schemas/common.ts); a title is
// one line, descriptions, notes and comments may span several.
const line = (max: number) => requiredText(max);
const paragraph = (max: number) => requiredText(max, { multiline: true });
const optionalParagraph = (max: number) => optionalText(max, { multiline: true });

/** Where each country's calendar day is read (a start date is not in the past there). */
export const TIME_ZONES: Record<CountryCode, string> = { DO: 'America/Santo_Domingo', CO: 'America/Bogota', MX: 'America/Mexico_City' };

/** Today as YYYY-MM-DD in the country's time zone. */
export function todayIn(country: CountryCode, now: Date = new Date()): string {
  let format = dayFormats.get(country);
  // Building an Intl.DateTimeFormat costs far more than using one (the digest asks once per contractor).
  if (!format) dayFormats.set(country, (format = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONES[country], year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(now);
}
const dayFormats = new Map<CountryCode, Intl.DateTimeFormat>();

const isoDate = z.iso.date({ error: tp.invalidDate });

const services = z
  .array(z.enum(SERVICE_TYPES, { error: validation.invalidOption }), { error: validation.required })
  .min(1, { error: validation.required })
  .max(SERVICE_TYPES.length)
  .transform((v) => [...new Set(v)]);

/**
 * The new-project form (/nuevoproyecto) and POST/PUT /api/projects. The five fields of the
 * progress bar (spec §4) are services, title, propertyType, startDate, description.
 */
export const ProjectInputSchema = z
  .object({
    services,
    title: line(PROJECT_TITLE_MAX),
    propertyType: choice(PROPERTY_TYPES),
    description: paragraph(PROJECT_DESCRIPTION_MAX),
    startDate: z.string({ error: validation.required }).min(1, { error: validation.required }).pipe(isoDate),
    intention: choice(PROJECT_INTENTIONS).default('ready'),
    country: choice(COUNTRY_CODES).default('DO'),
    /** A city key of the country's list (countries.ts). */
    city: z.string({ error: validation.required }).min(1, { error: validation.required }).max(60),
    /** Greater Santo Domingo zone (the list's SD, SDE, SDO, SDN, DN), optional. */
    zone: choice(ZONES)
      .nullish()
      .transform((v) => v ?? null),
    /** The project's place (places.ts: a sector of the city, or its centre), optional. */
    sector: sectorSlug.transform((v) => v ?? null),
    /**
     * Where the work is: street and number, required on every save (decision 049: a hired
     * contractor cannot go to a job without it). Projects stored before it have none until edited.
     */
    street: line(PROJECT_STREET_MAX),
    /** A reference point, optional; empty is none. */
    reference: plainText(
      z
        .string({ error: validation.invalidValue })
        .trim()
        .max(PROJECT_REFERENCE_MAX, { error: validation.tooLong(PROJECT_REFERENCE_MAX) }),
    )
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((p, ctx) => {
    if (!COUNTRIES[p.country].cities.some((c) => c.key === p.city)) ctx.addIssue({ code: 'custom', path: ['city'], message: tp.cityNotInCountry });
    checkSector(p.city, p.sector, ['sector'], ctx, p.zone, p.country);
    if (p.startDate < todayIn(p.country)) ctx.addIssue({ code: 'custom', path: ['startDate'], message: tp.startDateInPast });
  });
export type ProjectInput = z.input<typeof ProjectInputSchema>;
export type ProjectData = z.output<typeof ProjectInputSchema>;

/** The fields the new-project progress bar counts: spec §4's five and the required city (docs/spec-decisions.md). */
export const PROGRESS_FIELD_COUNT = 6;
export function projectProgress(p: Partial<Record<'services' | 'title' | 'propertyType' | 'startDate' | 'description' | 'city', unknown>>): number {
  const filled = [p.services && (p.services as unknown[]).length > 0, p.title, p.propertyType, p.startDate, p.description, p.city].filter(Boolean).length;
  return filled / PROGRESS_FIELD_COUNT;
}

export const ProjectPhotoSchema = z.object({ id: z.uuid(), position: z.number().int() });

const projectCore = {
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  services: z.array(z.enum(SERVICE_TYPES)),
  propertyType: z.enum(PROPERTY_TYPES),
  intention: z.enum(PROJECT_INTENTIONS),
  startDate: z.string(),
  country: z.enum(COUNTRY_CODES),
  city: z.string().nullable(),
  zone: z.enum(ZONES).nullable(),
  /** The project's place slug (places.ts), or null. */
  sector: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** The main photo (the first), or null. */
  coverPhotoId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
};

/** A tile of the open project list (no client data at all). */
export const OpenProjectSchema = z.object({ ...projectCore, clientFirstName: z.string(), offers: z.number().int() }).meta({ id: 'OpenProject' });
export type OpenProject = z.infer<typeof OpenProjectSchema>;

/** A tile of Mis Proyectos: offers still open and the client's next action. */
export const MyProjectSchema = z.object({ ...projectCore, offers: z.number().int(), nextAction: z.enum(CLIENT_NEXT_ACTIONS).nullable() }).meta({ id: 'MyProject' });
export type MyProject = z.infer<typeof MyProjectSchema>;

export const ContactDataSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });
export type ContactData = z.infer<typeof ContactDataSchema>;

/** The job's address (decision 049). */
export const ProjectAddressSchema = z.object({ street: z.string(), reference: z.string().nullable() });
export type ProjectAddress = z.infer<typeof ProjectAddressSchema>;

/** The project page: contact data only once this viewer and the other side are hired together. */
export const ProjectDetailSchema = z
  .object({
    ...projectCore,
    photos: z.array(ProjectPhotoSchema),
    /** Photos of the finished work: for the client and the hired contractor. */
    deliveryPhotos: z.array(ProjectPhotoSchema),
    offers: z.number().int(),
    clientFirstName: z.string(),
    /** The client's contact data: for the hired contractor only (and the client themself). */
    clientContact: ContactDataSchema.nullable(),
    /** The client's Facebook, Instagram and LinkedIn: with clientContact, to the same people (decision 058); null without any. */
    clientSocial: SocialLinksSchema.nullable(),
    /**
     * The job's street and reference point: for the client always, for the hired contractor once the
     * money to begin is held (with clientContact), for nobody else; null for a project stored without one.
     */
    address: ProjectAddressSchema.nullable(),
    /** The hired contractor, for the client and that contractor. */
    contractor: ContractorCardSchema.nullable(),
    contractorContact: ContactDataSchema.nullable(),
    /** The conversation of client and hired contractor, once hired. */
    conversationId: z.uuid().nullable(),
    deliveryNote: z.string().nullable(),
    viewer: z.object({ isClient: z.boolean(), isHiredContractor: z.boolean() }),
    /** The money of a hired project (payment protection), for its client, its contractor and sysadmins: no card data. */
    money: ProjectMoneySchema.nullable(),
    /** PLATFORM_FEE_PERCENT, public (/comocontratistas speaks of it): the offer form says what a contractor would receive. */
    feePercent: z.number(),
  })
  .meta({ id: 'ProjectDetail' });
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

export const ProjectSavedSchema = z.object({ message: z.string(), project: ProjectDetailSchema });
export const ProjectRemovedSchema = z.object({ message: z.string(), outcome: z.enum(['deleted', 'cancelled']) });
export const ProjectPhotosSchema = z.object({ message: z.string(), photos: z.array(ProjectPhotoSchema) });
export const PhotoOrderSchema = z.object({ photoIds: z.array(z.uuid(), { error: validation.invalidValue }).min(1).max(PROJECT_PHOTOS_MAX) });
export const ProjectPhotoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });

/** GET /api/me/projects (Mis Proyectos): filter by status. */
export const MyProjectsQuerySchema = z.object({ status: z.enum(PROJECT_STATUSES, { error: validation.invalidOption }).optional() });
export const MyProjectsSchema = z.object({ items: z.array(MyProjectSchema), total: z.number().int() });

export const OPEN_PROJECT_SORTS = ['newest', 'oldest'] as const;

function listOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)], { error: validation.invalidOption })
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? [...new Set(v)] : [v]));
}

/**
 * GET /api/projects and the /projectlist URL. Without `service` the contractor's own services
 * are used; `allServices=1` lifts that. `from`/`to` bound the start date.
 */
export const OpenProjectsQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(100, { error: validation.tooLong(100) })
      .optional()
      .transform((v) => (v ? v : undefined)),
    service: listOf(SERVICE_TYPES),
    allServices: z.enum(['0', '1'], { error: validation.invalidOption }).optional(),
    country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional(),
    city: z
      .string()
      .trim()
      .max(60)
      .regex(/^[a-z0-9-]*$/, { error: validation.invalidOption })
      .optional()
      .transform((v) => (v ? v : undefined)),
    zone: z.enum(ZONES, { error: validation.invalidOption }).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    sort: z.enum(OPEN_PROJECT_SORTS, { error: validation.invalidOption }).default('newest'),
    page: z.coerce.number({ error: validation.invalidValue }).int().min(1).max(PROJECTS_MAX_PAGE).default(1),
    pageSize: z.coerce.number({ error: validation.invalidValue }).int().min(1).max(PROJECTS_PAGE_SIZE_MAX).default(PROJECTS_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: validation.invalidValue });
export type OpenProjectsQuery = z.output<typeof OpenProjectsQuerySchema>;

export const OpenProjectsPageSchema = z
  .object({
    items: z.array(OpenProjectSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    /** The services the list was filtered by (the contractor's own when none were asked). */
    services: z.array(z.enum(SERVICE_TYPES)),
  })
  .meta({ id: 'OpenProjectsPage' });

// ---- Quotes ----

const price = z
  .number({ error: tq.priceMustBePositive })
  .int({ error: validation.invalidValue })
  .gt(0, { error: tq.priceMustBePositive })
  .max(PRICE_MAX_MINOR, { error: tq.priceTooHigh });

export const QUOTE_DURATION_MAX_DAYS = 365;
export const QUOTE_WARRANTY_MAX_DAYS = 1825;
export const QUOTE_HOLDBACK_MAX_PERCENT = 10;

/**
 * Whether an offer's start date is before today in the project's country (its time zone). The
 * schema cannot know the project: the form and the service both ask this with the project's country.
 */
export function offerStartDateInPast(startDate: string, country: CountryCode, now: Date = new Date()): boolean {
  return startDate < todayIn(country, now);
}

/**
 * The latest start date an offer may propose: a year from today in the country's calendar (issue
 * 48); without a country, the latest of every country's (the schema's bound, which cannot know the
 * project; the service checks the project's).
 */
export function offerStartDateLatest(country?: CountryCode, now: Date = new Date()): string {
  const today = country ? todayIn(country, now) : COUNTRY_CODES.map((c) => todayIn(c, now)).reduce((a, b) => (a > b ? a : b));
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/** Whether an offer's start date is more than a year ahead (offerStartDateLatest). */
export function offerStartDateTooFar(startDate: string, country?: CountryCode, now: Date = new Date()): boolean {
  return startDate > offerStartDateLatest(country, now);
}

/** The offer's terms to compare (decision 043): required on every new offer. */
const offerTerms = {
  startDate: z
    .string({ error: validation.required })
    .min(1, { error: validation.required })
    .pipe(isoDate)
    .refine((d) => !offerStartDateTooFar(d), { error: tt.startDateTooFar }),
  durationDays: z
    .number({ error: tt.durationRange })
    .int({ error: tt.durationRange })
    .min(1, { error: tt.durationRange })
    .max(QUOTE_DURATION_MAX_DAYS, { error: tt.durationRange }),
  warrantyDays: z
    .number({ error: tt.warrantyRange })
    .int({ error: tt.warrantyRange })
    .min(0, { error: tt.warrantyRange })
    .max(QUOTE_WARRANTY_MAX_DAYS, { error: tt.warrantyRange }),
  materialsIncluded: z.boolean({ error: tt.materialsRequired }),
  /** The warranty holdback's percent of the price (decision 055): optional, 0–10, only with warranty days. */
  holdbackPercent: z
    .number({ error: tw.percentRange })
    .int({ error: tw.percentRange })
    .min(0, { error: tw.percentRange })
    .max(QUOTE_HOLDBACK_MAX_PERCENT, { error: tw.percentRange })
    .default(0),
};

export const QuoteStageSchema = z.object({ title: line(100), percent: z.number({ error: validation.invalidValue }).int().min(1).max(99) });

/** Make Offer (spec §2 Modals, §5 Bid). Price in minor units (centavos); the form converts. */
export const QuoteInputSchema = z
  .object({
    priceMinor: price,
    /** The project's currency (its country's); left out, it is taken from the project (issue 48). */
    currency: choice(CURRENCIES).optional(),
    // An empty one is 'Campo obligatorio.' already; a short one says how much it needs.
    description: paragraph(QUOTE_DESCRIPTION_MAX).refine((v) => v.length === 0 || v.length >= QUOTE_DESCRIPTION_MIN, { error: tq.descriptionTooShort(QUOTE_DESCRIPTION_MIN) }),
    validityDays: z.number({ error: validation.invalidValue }).int().min(1).max(QUOTE_VALIDITY_MAX_DAYS).default(DEFAULT_QUOTE_VALIDITY_DAYS),
    ...offerTerms,
    /** Optional staged plan (e.g. materials deposit 40 %, then final 60 %). */
    stages: z
      .array(QuoteStageSchema)
      .min(2, { error: tq.stagesCount })
      .max(5, { error: tq.stagesCount })
      .refine((s) => s.reduce((n, x) => n + x.percent, 0) === 100, { error: tq.stagesMustSum100 })
      .optional(),
  })
  // A plan is paid stage by stage: every stage must come to at least one centavo at this price (issue 29).
  .refine(
    (v) =>
      !v.stages ||
      stagesPayable(
        v.priceMinor,
        v.stages.map((x) => x.percent),
      ),
    { error: tq.stagesTooSmall, path: ['stages'] },
  )
  // A holdback is kept for the warranty's days: without a warranty there is nothing to hold it for.
  .refine((v) => !(v.holdbackPercent > 0) || v.warrantyDays > 0, { error: tw.needsWarranty, path: ['holdbackPercent'] })
  // The approval releases the plan's last stage: the holdback is kept from it, so it must be smaller.
  .refine((v) => !v.stages || !(v.holdbackPercent > 0) || v.stages[v.stages.length - 1]!.percent > v.holdbackPercent, { error: tw.lastStageTooSmall, path: ['holdbackPercent'] });
export type QuoteInput = z.input<typeof QuoteInputSchema>;

export const CounterOfferSchema = z.object({ priceMinor: price, comment: optionalParagraph(COMMENT_MAX) });

/** Ending a hire before it is funded: the client cancels it or the contractor steps back, always with a reason. */
export const HireEndSchema = z.object({ reason: requiredText(HIRE_END_REASON_MAX, { multiline: true }) });
export type HireEnd = z.infer<typeof HireEndSchema>;
export const CounterAnswerSchema = z.object({ accept: z.boolean({ error: validation.invalidValue }) });
export const RejectQuoteSchema = z.object({ comment: optionalParagraph(COMMENT_MAX) }).default({ comment: undefined });

export const COUNTER_STATUSES = ['pending', 'accepted', 'declined'] as const;

export const QuoteSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    status: z.enum(QUOTE_STATUSES),
    priceMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    description: z.string(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    stages: z.array(z.object({ title: z.string(), percent: z.number().int() })).nullable(),
    counterPriceMinor: z.number().int().nullable(),
    counterComment: z.string().nullable(),
    counterStatus: z.enum(COUNTER_STATUSES).nullable(),
    /** The price both agreed (spec agreedPrice; 0 until agreed). */
    agreedPriceMinor: z.number().int(),
    clientConfirmation: z.boolean(),
    confirmationDate: z.iso.datetime({ offset: true }).nullable(),
    clientComments: z.string().nullable(),
    /** The offer's terms (decision 043); null on offers made before them ('Sin indicar'). */
    startDate: z.string().nullable(),
    durationDays: z.number().int().nullable(),
    warrantyDays: z.number().int().nullable(),
    /** The warranty holdback's percent (decision 055); null on offers made before it, 0: none. */
    holdbackPercent: z.number().int().nullable(),
    materialsIncluded: z.boolean().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof QuoteSchema>;

/** An offer as the client compares it: the quote and its contractor's public card. */
export const OfferSchema = QuoteSchema.extend({
  contractor: ContractorCardSchema,
  /** Whether the directory still lists the contractor (decision 023); false: 'Perfil no disponible', no profile link. */
  contractorListed: z.boolean(),
  /** The conversation of the project's client and this contractor ('Escribir'), when there is one. */
  conversationId: z.uuid().nullable(),
}).meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

export const OFFER_SORTS = ['price_asc', 'price_desc', 'rating'] as const;
export const OffersQuerySchema = z.object({ sort: z.enum(OFFER_SORTS, { error: validation.invalidOption }).default('price_asc') });
export const OffersSchema = z.object({ items: z.array(OfferSchema) });

export const QuoteSavedSchema = z.object({ message: z.string(), quote: QuoteSchema });

/** Mis Ofertas: the contractor's quotes with their project's title and status. */
export const MyQuoteSchema = QuoteSchema.extend({ project: z.object({ id: z.uuid(), title: z.string(), status: z.enum(PROJECT_STATUSES) }) });
export const MyQuotesQuerySchema = z.object({ status: z.enum(QUOTE_STATUSES, { error: validation.invalidOption }).optional() });
export const MyQuotesSchema = z.object({ items: z.array(MyQuoteSchema) });

/** Mis Trabajos: the projects a contractor was hired for. */
export const JOB_STATUSES = ['assigned', 'in_progress', 'delivered', 'completado', 'disputed'] as const;
export const MyJobsQuerySchema = z.object({ status: z.enum(JOB_STATUSES, { error: validation.invalidOption }).optional() });
export const MyJobsSchema = z.object({ items: z.array(OpenProjectSchema.extend({ agreedPriceMinor: z.number().int(), currency: z.enum(CURRENCIES) })) });

/** POST /api/projects/:id/status: the moves after hiring (PROJECT_ACTIONS decides who and when). */
export const StatusChangeSchema = z.object({
  status: z.enum(['in_progress', 'delivered', 'completado', 'disputed'], { error: validation.invalidOption }),
  note: optionalParagraph(NOTE_MAX),
});
export const StatusChangedSchema = z.object({ message: z.string(), status: z.enum(PROJECT_STATUSES) });

/** A mail link (GET shows it, POST uses it). */
export const QuoteLinkParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: tq.linkInvalid }) });
export const QuoteLinkSchema = z.object({
  action: z.enum(['accept', 'reject']),
  question: z.string(),
  projectId: z.uuid(),
  projectTitle: z.string(),
  offer: OfferSchema,
});

// ---- Portfolio ('Registrar Proyecto', /profile/nuevoproyecto) ----

/** A finished job a contractor shows on their public page (title, description, services, date). */
export const PortfolioInputSchema = z
  .object({
    title: line(PROJECT_TITLE_MAX),
    description: paragraph(PROJECT_DESCRIPTION_MAX),
    services,
    completedOn: z.string({ error: validation.required }).min(1, { error: validation.required }).pipe(isoDate),
  })
  .superRefine((p, ctx) => {
    if (p.completedOn > todayIn('DO')) ctx.addIssue({ code: 'custom', path: ['completedOn'], message: tp.portfolio.dateInFuture });
  });
export type PortfolioInput = z.input<typeof PortfolioInputSchema>;

export const PortfolioEntrySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    services: z.array(z.enum(SERVICE_TYPES)),
    completedOn: z.string(),
    coverPhotoId: z.uuid().nullable(),
    photos: z.array(ProjectPhotoSchema),
  })
  .meta({ id: 'PortfolioEntry' });
export type PortfolioEntry = z.infer<typeof PortfolioEntrySchema>;
export const PortfolioSchema = z.object({ items: z.array(PortfolioEntrySchema) });
export const PortfolioSavedSchema = z.object({ message: z.string(), entry: PortfolioEntrySchema });
export const PORTFOLIO_MAX_ENTRIES = 50;
