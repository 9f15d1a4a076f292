import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from '../countries.ts';
import { CURRENCIES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { offerTerms as tt } from '../i18n/offers-trust.ts';
import { warranty as tw } from '../i18n/warranty.ts';
import { quotes as tq } from '../i18n/projects.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS, PROJECT_STATUSES, QUOTE_STATUSES, stagesPayable } from '../lifecycles.ts';
import { choice, requiredText } from './common.ts';
import { ContractorCardSchema } from './directory.ts';
import { isoDate, line, optionalParagraph, paragraph, todayIn } from './projects.ts';
import { COMMENT_MAX, HIRE_END_REASON_MAX } from '../form-limits.ts';

// Without zod for the project page (form-limits.ts, decision 070), and here as before.
export { COMMENT_MAX, HIRE_END_REASON_MAX };

// Quotes (issue 13): Make Offer, counter-offers, the client's decisions, the lists and the new-offer mail's links.

export const QUOTE_DESCRIPTION_MAX = 2000;
/** An offer's description must say something useful: at least this many characters, after trimming (issue 35). */
export const QUOTE_DESCRIPTION_MIN = 20;
/** RD$100 million in centavos: far above any home repair, far below 2^53. */
export const PRICE_MAX_MINOR = 10_000_000_000;
export const QUOTE_VALIDITY_MAX_DAYS = 60;

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

/** A mail link (GET shows it, POST uses it). */
export const QuoteLinkParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: tq.linkInvalid }) });
export const QuoteLinkSchema = z.object({
  action: z.enum(['accept', 'reject']),
  question: z.string(),
  projectId: z.uuid(),
  projectTitle: z.string(),
  offer: OfferSchema,
});
