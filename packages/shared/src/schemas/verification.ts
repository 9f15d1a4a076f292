import { z } from 'zod';
import { validation } from '../i18n/common.ts';
import { verification as t } from '../i18n/verification.ts';
import { COUNTRY_CODES, type CountryCode } from '../countries.ts';
import { TAX_ID, compactIdDocument, isValidIdDocument } from '../id-documents.ts';
import { idDocuments } from '../i18n/id-documents.ts';
import { optionalText, requiredText } from './common.ts';

// Verification badges (issue 49 part 3; docs/decisions/056-verification-badges.md). A contractor asks
// for a badge, a sysadmin decides; only an approved, unexpired badge shows. The form and the API use
// these schemas and rules.

export const VERIFICATION_KINDS = ['cedula', 'rnc', 'criminal_record', 'trade_certificate'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
/** The badges checked against a number (no document). */
export const IDENTITY_KINDS = ['cedula', 'rnc'] as const satisfies readonly VerificationKind[];
/** The badges that need an uploaded document, seen only by a sysadmin and deleted at the decision. */
export const DOCUMENT_KINDS = ['criminal_record', 'trade_certificate'] as const satisfies readonly VerificationKind[];
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * "Verificado" (the directory card's badge, the public profile): an approved identity badge, a
 * cédula or an RNC. The one definition; the server keeps contractor_profiles.verified_at from it.
 */
export const VERIFIED_BY_KINDS: readonly VerificationKind[] = IDENTITY_KINDS;

/** pending → approved | rejected (a sysadmin's decision); approved → revoked (a sysadmin withdraws it). */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_DOCUMENT_MAX_BYTES = 8 * 1024 * 1024;
export const VERIFICATION_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** The criminal-record certificate: issued at most this many days before it is sent… */
export const CRIMINAL_RECORD_MAX_AGE_DAYS = 90;
/** …and its badge lasts this many months from the issue date. */
export const CRIMINAL_RECORD_VALID_MONTHS = 12;
export const VERIFICATION_NOTE_MAX = 500;
export const VERIFICATION_TEXT_MAX = 120;

/**
 * The tax ID of the person's country (id-documents.ts: RNC, NIT, RFC). Without a country (the
 * route's body, before the service knows the person) any country's passes; the service parses
 * again with the person's country (decision 065).
 */
function taxIdField(country?: CountryCode) {
  return z
    .string({ error: validation.required })
    .max(30, { error: validation.tooLong(30) })
    .transform(compactIdDocument)
    .refine((v) => (country ? [country] : COUNTRY_CODES).some((c) => isValidIdDocument(TAX_ID[c], v)), {
      error: country && country !== 'DO' ? idDocuments[TAX_ID[country]].invalid : t.errors.rncInvalid,
    });
}

/** Ask for the identity badge (the profile's document) or the tax-ID badge (an RNC checked in the DGII's registry; a NIT or an RFC by the team). */
export function identityRequestSchema(country?: CountryCode) {
  return z.discriminatedUnion('kind', [z.object({ kind: z.literal('cedula') }), z.object({ kind: z.literal('rnc'), rnc: taxIdField(country) })], {
    error: validation.invalidOption,
  });
}
export const IdentityRequestSchema = identityRequestSchema();
export type IdentityRequest = z.output<typeof IdentityRequestSchema>;

const issuedOnField = z
  .string({ error: validation.required })
  .min(1, { error: validation.required })
  .pipe(z.iso.date({ error: t.errors.invalidDate }));

/** The fields sent with an uploaded certificate (multipart fields). Dates: see documentDateProblem. */
export const DocumentRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('criminal_record'), issuedOn: issuedOnField, issuer: optionalText(VERIFICATION_TEXT_MAX), title: optionalText(VERIFICATION_TEXT_MAX) }),
  z.object({ kind: z.literal('trade_certificate'), issuedOn: issuedOnField, issuer: requiredText(VERIFICATION_TEXT_MAX), title: requiredText(VERIFICATION_TEXT_MAX) }),
]);
export type DocumentRequest = z.output<typeof DocumentRequestSchema>;

/** 'YYYY-MM-DD' plus whole days or months, as a calendar date (UTC). */
export function addToDay(day: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const d = new Date(`${day}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  // 29 Feb + 12 months is 28 Feb, not 1 Mar: the last day of a shorter month.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay) + days);
  return target.toISOString().slice(0, 10);
}

/** Why a certificate's issue date is refused on `today` ('YYYY-MM-DD'), or null. */
export function documentDateProblem(kind: DocumentKind, issuedOn: string, today: string): string | null {
  if (issuedOn > today) return t.errors.issuedInFuture;
  if (kind === 'criminal_record' && issuedOn < addToDay(today, { days: -CRIMINAL_RECORD_MAX_AGE_DAYS })) return t.errors.criminalRecordTooOld;
  return null;
}

/** When a badge stops showing by itself: the criminal record 12 months after issue; the others do not expire. */
export function badgeExpiresOn(kind: VerificationKind, issuedOn: string | null): string | null {
  return kind === 'criminal_record' && issuedOn ? addToDay(issuedOn, { months: CRIMINAL_RECORD_VALID_MONTHS }) : null;
}

export const VerificationDecisionSchema = z
  .object({ decision: z.enum(['approved', 'rejected'], { error: validation.invalidOption }), note: optionalText(VERIFICATION_NOTE_MAX, { multiline: true }) })
  .refine((v) => v.decision === 'approved' || !!v.note, { error: t.errors.noteRequired, path: ['note'] });
export type VerificationDecision = z.output<typeof VerificationDecisionSchema>;

/** What was checked, kept after the document is deleted. */
export const VerificationDetailsSchema = z.object({
  checkDigit: z.enum(['valid', 'exception']).optional(),
  cedulaLast4: z.string().optional(),
  rnc: z.string().optional(),
  registeredName: z.string().optional(),
  registryStatus: z.string().optional(),
  issuedOn: z.string().optional(),
  issuer: z.string().optional(),
  title: z.string().optional(),
  documentType: z.string().optional(),
  legacy: z.boolean().optional(),
});
export type VerificationDetails = z.infer<typeof VerificationDetailsSchema>;

/** A request or badge as its contractor sees it. */
export const MyVerificationSchema = z.object({
  id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  status: z.enum(VERIFICATION_STATUSES),
  expired: z.boolean(),
  details: VerificationDetailsSchema,
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresOn: z.string().nullable(),
  note: z.string().nullable(),
});
export type MyVerification = z.infer<typeof MyVerificationSchema>;
/** `country`: the contractor's (the profile's), whose documents the identity badges ask for (decision 065). */
export const MyVerificationsSchema = z.object({ items: z.array(MyVerificationSchema), hasCedula: z.boolean(), country: z.enum(COUNTRY_CODES) });
export type MyVerifications = z.infer<typeof MyVerificationsSchema>;

/** A badge on the public profile: approved and not expired. */
export const PublicBadgeSchema = z.object({
  kind: z.enum(VERIFICATION_KINDS),
  decidedAt: z.string(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  registeredName: z.string().nullable(),
  issuer: z.string().nullable(),
  title: z.string().nullable(),
});
export type PublicBadge = z.infer<typeof PublicBadgeSchema>;
export const PublicBadgesSchema = z.object({ verified: z.boolean(), badges: z.array(PublicBadgeSchema) });
export type PublicBadges = z.infer<typeof PublicBadgesSchema>;

/** A pending request in the console's queue. */
export const AdminVerificationSchema = z.object({
  id: z.string(),
  kind: z.enum(VERIFICATION_KINDS),
  personId: z.string(),
  personName: z.string(),
  details: VerificationDetailsSchema,
  submittedAt: z.string(),
  hasDocument: z.boolean(),
});
export type AdminVerification = z.infer<typeof AdminVerificationSchema>;
export const AdminVerificationQueueSchema = z.object({ items: z.array(AdminVerificationSchema), total: z.number() });
export type AdminVerificationQueue = z.infer<typeof AdminVerificationQueueSchema>;
