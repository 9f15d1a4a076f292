import { z } from 'zod';
import { COUNTRIES, COUNTRY_CODES, ZONES, type CountryCode } from '../countries.ts';
import { CURRENCIES, PROJECT_INTENTIONS, PROPERTY_TYPES, SERVICE_TYPES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { projects as tp } from '../i18n/projects.ts';
import { CLIENT_NEXT_ACTIONS, PROJECT_STATUSES } from '../lifecycles.ts';
import { choice, optionalText, plainText, requiredText } from './common.ts';
import { checkSector, sectorSlug } from './places.ts';
import { ContractorCardSchema } from './directory.ts';
import { SocialLinksSchema } from './social-links.ts';
import { ProjectMoneySchema } from './payments.ts';
import { NOTE_MAX, PROJECT_PHOTOS_MAX } from '../form-limits.ts';

// Without zod for the project page (form-limits.ts, decision 070), and here as before.
export { NOTE_MAX, PROJECT_PHOTOS_MAX };

// Projects (issue 13): the new-project form and its API body, the lists, the project page and the
// moves after hiring. Offers are in quotes.ts, a contractor's finished jobs in portfolio.ts. Forms and
// routes use these same schemas.

export const PROJECT_TITLE_MAX = 100;
/** Spec §5: input limit 400 (its hint says 500; the column holds 500). */
export const PROJECT_DESCRIPTION_MAX = 400;
/** The job's street and number ('Calle 5 #12, Apto 3B') and a reference point ('frente a la farmacia'): private (decision 049). */
export const PROJECT_STREET_MAX = 150;
export const PROJECT_REFERENCE_MAX = 200;
export const PROJECTS_PAGE_SIZE = 12;
export const PROJECTS_PAGE_SIZE_MAX = 50;
export const PROJECTS_MAX_PAGE = 1000;

// Control characters are refused by the shared text builders (schemas/common.ts); a title is
// one line, descriptions, notes and comments may span several.
export const line = (max: number) => requiredText(max);
export const paragraph = (max: number) => requiredText(max, { multiline: true });
export const optionalParagraph = (max: number) => optionalText(max, { multiline: true });

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

/** A date as YYYY-MM-DD (a project's or an offer's start, a finished job's). */
export const isoDate = z.iso.date({ error: tp.invalidDate });

/** The services a project (or a finished job) asks for: at least one, each once. */
export const services = z
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
