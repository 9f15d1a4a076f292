import { z } from 'zod';
import '../zod-es.ts';
import { CURRENCIES, REVIEW_DIRECTIONS, REVIEW_STATUSES, ROLES, USER_STATUSES } from '../domain.ts';
import { adminConsole } from '../i18n/admin-console.ts';
import { PROJECT_STATUSES, QUOTE_STATUSES } from '../lifecycles.ts';
import { passwordField } from './auth.ts';
import { CONSENT_SOURCES } from './phone.ts';
import { emailField, plainText } from './common.ts';

// The sysadmin console's overview and people (docs/decisions/025-sysadmin-console.md).
// The forms and the API use these same schemas.

export const ADMIN_PEOPLE_PAGE_SIZE = 20;

/** GET /api/admin/people: search by name, e-mail, phone or cédula. */
export const AdminPeopleQuerySchema = z.object({
  q: plainText(z.string().trim().max(100)).default(''),
  role: z.enum(ROLES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminPeopleQuery = z.input<typeof AdminPeopleQuerySchema>;

export const AdminPersonRowSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  createdAt: z.iso.datetime(),
});
export type AdminPersonRow = z.infer<typeof AdminPersonRowSchema>;

export const AdminPeoplePageSchema = z.object({ items: z.array(AdminPersonRowSchema), page: z.number(), pageSize: z.number(), total: z.number() });
export type AdminPeoplePage = z.infer<typeof AdminPeoplePageSchema>;

export const AdminPersonSchema = AdminPersonRowSchema.extend({
  emailVerified: z.boolean(),
  bannedAt: z.iso.datetime().nullable(),
  contractor: z
    .object({
      displayName: z.string(),
      cedula: z.string().nullable(),
      verifiedAt: z.iso.datetime().nullable(),
      featured: z.boolean(),
    })
    .nullable(),
  projects: z.array(z.object({ id: z.uuid(), title: z.string(), status: z.enum(PROJECT_STATUSES), createdAt: z.iso.datetime() })),
  quotes: z.array(
    z.object({
      id: z.uuid(),
      projectId: z.uuid(),
      projectTitle: z.string(),
      priceMinor: z.number(),
      currency: z.enum(CURRENCIES),
      status: z.enum(QUOTE_STATUSES),
      createdAt: z.iso.datetime(),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.uuid(),
      direction: z.enum(REVIEW_DIRECTIONS),
      written: z.boolean(),
      rating: z.number(),
      title: z.string(),
      status: z.enum(REVIEW_STATUSES),
      createdAt: z.iso.datetime(),
    }),
  ),
  /** The person's WhatsApp state (decision 061): null without a number. */
  whatsapp: z
    .object({
      number: z.string(),
      verifiedAt: z.iso.datetime().nullable(),
      optedInAt: z.iso.datetime().nullable(),
      optInSource: z.enum(CONSENT_SOURCES).nullable(),
      optedOutAt: z.iso.datetime().nullable(),
      optOutSource: z.enum(CONSENT_SOURCES).nullable(),
      lastInboundAt: z.iso.datetime().nullable(),
      /** Free text may reach them until then (Meta's 24-hour window), when still open. */
      windowOpenUntil: z.iso.datetime().nullable(),
    })
    .nullable(),
  sessions: z.array(z.object({ id: z.uuid(), createdAt: z.iso.datetime(), expiresAt: z.iso.datetime(), ipAddress: z.string().nullable(), userAgent: z.string().nullable() })),
  logTrail: z.array(z.object({ id: z.number(), action: z.string(), location: z.string(), createdAt: z.iso.datetime() })),
});
export type AdminPerson = z.infer<typeof AdminPersonSchema>;

const reason = plainText(z.string({ error: adminConsole.reasonRequired }).trim().min(1, { error: adminConsole.reasonRequired }).max(500, { error: adminConsole.reasonTooLong }));

export const BanSchema = z.object({ reason });
export type BanInput = z.infer<typeof BanSchema>;

/** Verificado only once the sysadmin says the cédula was checked against a document. */
export const VerifySchema = z
  .object({ verified: z.boolean(), cedulaChecked: z.boolean().default(false) })
  .refine((v) => !v.verified || v.cedulaChecked, { path: ['cedulaChecked'], error: adminConsole.person.cedulaCheckRequired });
export type VerifyInput = z.input<typeof VerifySchema>;

export const FeatureSchema = z.object({ featured: z.boolean() });

export const CreateSysadminSchema = z.object({ email: emailField(), password: passwordField() });
export type CreateSysadminInput = z.infer<typeof CreateSysadminSchema>;

const moneyByCurrency = z.array(z.object({ currency: z.enum(CURRENCIES), amountMinor: z.number() }));

export const AdminOverviewSchema = z.object({
  people: z.object({ byRole: z.record(z.enum(ROLES), z.number()), newThisWeek: z.number() }),
  projectsByStatus: z.record(z.enum(PROJECT_STATUSES), z.number()),
  offersThisWeek: z.number(),
  escrowHeld: moneyByCurrency,
  releasedThisMonth: moneyByCurrency,
  openClaims: z.number(),
  /** Open claims escalated without the other side's answer, and those past their decision's deadline (decision 054). */
  claimsUnanswered: z.number(),
  claimsLate: z.number(),
  reviewsWaiting: z.number(),
  /** Contact-page messages still new (neither answered nor closed). */
  contactUnanswered: z.number(),
  /** Quick bookings, store applications and referrals still new in their inboxes. */
  otherInboxesWaiting: z.number(),
  /** The last 30 days, oldest first, every day present (0 when none). */
  newProjectsPerDay: z.array(z.object({ day: z.iso.date(), count: z.number() })),
});
export type AdminOverview = z.infer<typeof AdminOverviewSchema>;
