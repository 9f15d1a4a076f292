import { z } from 'zod';
import { COUNTRIES, COUNTRY_CODES, ZONES, findCity, type CountryCode } from '../countries.ts';
import { SERVICE_TYPES } from '../domain.ts';
import { PERSONAL_ID, compactIdDocument, idDocumentProblem } from '../id-documents.ts';
import { validation } from '../i18n/common.ts';
import { profile } from '../i18n/profile.ts';
import { PHOTO_WIDTHS } from '../photo-widths.ts';
import { checkSector, sectorSlug, serviceRadiusKm } from './places.ts';
import { isProfileUrlOf, normalizeSocialUrl, SOCIAL, type SocialNetwork } from './social-links.ts';
import { choice, plainText, requiredText } from './common.ts';

// The photo files' limits, without zod for the pickers (decision 070).
export { PHOTO_MAX_BYTES, PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES, PHOTO_TYPES, checkPhotoFile } from '../photo-files.ts';

// The profile forms (spec §3 client and contractor profile, §5 rules) and what the API
// answers. The form and PUT /api/me/profile/* parse with the same schemas.

export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const COMPANY_MAX = 150;
export const DESCRIPTION_MAX = 1500;
export const POSTAL_CODE_MAX = 12;
export const SOCIAL_URL_MAX = 300;

const v = profile.validation;

/**
 * A phone in the country's national format (countries.ts: 10 digits in DO, CO and MX),
 * optionally with its international prefix (+1, +57, +52); spaces, dashes, dots and
 * brackets allowed as people type them.
 */
export function isValidPhoneFor(country: CountryCode, value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const { dialCode, phoneDigits } = COUNTRIES[country];
  const dial = dialCode.replace(/\D/g, '');
  let digits = value.replace(/\D/g, '');
  if (digits.length === dial.length + phoneDigits && digits.startsWith(dial)) digits = digits.slice(dial.length);
  return digits.length === phoneDigits;
}

/** Optional choice: the empty option of a select ('') means none. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal('')], { error: validation.invalidOption })
    .optional()
    .transform((x) => (x ? x : undefined));
}

/**
 * Optional link to the person's profile on one network (it shows on their public page, so
 * only that network's site is accepted, never an arbitrary link).
 */
function socialField(network: SocialNetwork) {
  const { name, example } = SOCIAL[network];
  return z
    .string({ error: validation.invalidValue })
    .trim()
    .max(SOCIAL_URL_MAX, { error: validation.tooLong(SOCIAL_URL_MAX) })
    .optional()
    .transform((x) => (x ? normalizeSocialUrl(x) : undefined))
    .refine((x) => x === undefined || isProfileUrlOf(network, x), { error: v.invalidSocial(name, example) });
}

const phoneText = plainText(
  z
    .string({ error: validation.required })
    .trim()
    .min(1, { error: validation.required })
    .max(30, { error: validation.tooLong(30) }),
);

/** Optional city key of the chosen country (checked against its list below). */
const cityKey = z
  .string({ error: validation.invalidOption })
  .trim()
  .max(60)
  .optional()
  .transform((x) => (x ? x : undefined));

interface Located {
  country: unknown;
  phone: unknown;
  city?: unknown;
  zone?: unknown;
}

const isCountry = (x: unknown): x is CountryCode => typeof x === 'string' && (COUNTRY_CODES as readonly string[]).includes(x);

/**
 * The rules that depend on the country: phone format, its cities, zones only in DO. They run
 * even when other fields are wrong (`when`), so the form shows every message at once; the
 * values may then be raw input, hence the checks on their types.
 */
function checkLocation(value: Located, ctx: z.RefinementCtx, cityRequired: boolean): void {
  if (typeof value !== 'object' || value === null || !isCountry(value.country)) return;
  const country = value.country;
  if (typeof value.phone === 'string' && value.phone.trim() !== '' && !isValidPhoneFor(country, value.phone.trim())) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: v.invalidPhone(COUNTRIES[country].phoneExample) });
  }
  const city = typeof value.city === 'string' && value.city.trim() !== '' ? value.city.trim() : undefined;
  if (city === undefined) {
    if (cityRequired) ctx.addIssue({ code: 'custom', path: ['city'], message: validation.invalidOption });
  } else if (!findCity(country, city)) {
    ctx.addIssue({ code: 'custom', path: ['city'], message: v.invalidCity });
  }
  if (typeof value.zone === 'string' && value.zone !== '' && country !== 'DO') {
    ctx.addIssue({ code: 'custom', path: ['zone'], message: v.zoneOnlyDominicanRepublic });
  }
}

/** The document of the person's country (PERSONAL_ID): its label, format and check digit. Raw input too (`always`). */
function checkPersonalId(value: { country: unknown; cedula?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof value !== 'object' || value === null || !isCountry(value.country) || typeof value.cedula !== 'string' || value.cedula.trim() === '') return;
  const problem = idDocumentProblem(PERSONAL_ID[value.country], value.cedula);
  if (problem) ctx.addIssue({ code: 'custom', path: ['cedula'], message: problem });
}

const always = { when: () => true };

const personFields = {
  firstName: requiredText(NAME_MAX),
  lastName: requiredText(NAME_MAX),
  phone: phoneText,
  country: choice(COUNTRY_CODES),
  city: cityKey,
  zone: optionalChoice(ZONES),
  facebook: socialField('facebook'),
  instagram: socialField('instagram'),
  linkedin: socialField('linkedin'),
};

/** PUT /api/me/profile/client: the client's contact info (the e-mail is the account's, read-only). */
export const ClientProfileSchema = z.object({ ...personFields, address: requiredText(ADDRESS_MAX) }).superRefine((value, ctx) => checkLocation(value, ctx, false), always);
export type ClientProfileInput = z.input<typeof ClientProfileSchema>;
export type ClientProfileUpdate = z.output<typeof ClientProfileSchema>;

/** PUT /api/me/profile/contractor (also the registration at /contractor/profile). */
export const ContractorProfileSchema = z
  .object({
    ...personFields,
    companyName: requiredText(COMPANY_MAX),
    /** The person's document of their country (id-documents.ts: cédula, cédula de ciudadanía, CURP), checked below; stored compacted. */
    cedula: z
      .string({ error: validation.required })
      .trim()
      .min(1, { error: validation.required })
      .max(30, { error: validation.tooLong(30) })
      .transform(compactIdDocument),
    serviceTypes: z
      .array(z.enum(SERVICE_TYPES, { error: validation.invalidOption }), { error: v.chooseService })
      .min(1, { error: v.chooseService })
      .max(SERVICE_TYPES.length)
      .transform((list) => [...new Set(list)]),
    description: plainText(
      z
        .string({ error: validation.required })
        .trim()
        .min(1, { error: validation.required })
        .max(DESCRIPTION_MAX, { error: v.descriptionTooLong(DESCRIPTION_MAX) }),
      { multiline: true },
    ),
    address: requiredText(ADDRESS_MAX),
    postalCode: z
      .string({ error: v.invalidPostalCode })
      .trim()
      .max(POSTAL_CODE_MAX, { error: validation.tooLong(POSTAL_CODE_MAX) })
      .regex(/^$|^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/, { error: v.invalidPostalCode })
      .optional()
      .transform((x) => (x ? x : undefined)),
    /** The place the contractor works from (places.ts: a sector of their city, or its centre), optional. */
    baseSector: sectorSlug,
    serviceRadiusKm,
  })
  .superRefine((value, ctx) => {
    checkLocation(value, ctx, true);
    checkPersonalId(value, ctx);
    // Raw input may not be an object (the rules run on it, `always`).
    if (typeof value === 'object' && value !== null) checkSector(value.city, value.baseSector, ['baseSector'], ctx, undefined, value.country);
  }, always);
export type ContractorProfileInput = z.input<typeof ContractorProfileSchema>;
export type ContractorProfileUpdate = z.output<typeof ContractorProfileSchema>;

const nullableText = z.string().nullable();

/** GET /api/me/profile/client and the PUT's answer. */
export const ClientProfileSchemaOut = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: nullableText,
    country: z.enum(COUNTRY_CODES),
    address: nullableText,
    city: nullableText,
    zone: z.enum(ZONES).nullable(),
    facebook: nullableText,
    instagram: nullableText,
    linkedin: nullableText,
    avatarPhotoId: z.uuid().nullable(),
  })
  .meta({ id: 'ClientProfile' });
export type ClientProfile = z.infer<typeof ClientProfileSchemaOut>;

/** GET /api/me/profile/contractor and the PUT's answer: the owner's view, private fields included. */
export const ContractorProfileSchemaOut = ClientProfileSchemaOut.extend({
  companyName: nullableText,
  cedula: nullableText,
  serviceTypes: z.array(z.enum(SERVICE_TYPES)),
  description: nullableText,
  postalCode: nullableText,
  baseSector: nullableText,
  serviceRadiusKm: z.number().int(),
}).meta({ id: 'ContractorProfile' });
export type ContractorProfile = z.infer<typeof ContractorProfileSchemaOut>;

export const ClientProfileSavedSchema = z.object({ message: z.string(), profile: ClientProfileSchemaOut });
export const ContractorProfileSavedSchema = z.object({ message: z.string(), profile: ContractorProfileSchemaOut });

/** POST /api/me/photo answers the new avatar (sizes served at /api/photos/:id/:size). */
export const PhotoUploadedSchema = z.object({ message: z.string(), avatarPhotoId: z.uuid(), avatarUrl: z.string() });
export type PhotoUploaded = z.infer<typeof PhotoUploadedSchema>;

/** `GET /api/photos/:id?w=` (decision 073): one of the WebP widths. */
export const PhotoVariantQuerySchema = z.object({ w: choice(PHOTO_WIDTHS.map(String) as [string, ...string[]]) });
