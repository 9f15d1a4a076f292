import { COUNTRY_CODES } from '../countries.ts';
import { z } from 'zod';
import { COMMON_PASSWORDS } from '../common-passwords.ts';
import { ROLES } from '../domain.ts';
import { auth } from '../i18n/auth.ts';
import { validation } from '../i18n/common.ts';
import { emailField, requiredText } from './common.ts';
import { messaging } from '../i18n/messaging.ts';
import { phoneNumberField } from './phone.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The one password rule (form hints, browser checks, server): 8 to 128 characters and
 * not one of the most common passwords. The spec's checks said 6; its identity policy
 * and hints said 8 (docs/spec-decisions.md).
 */
export function passwordField(tooShort: string = auth.passwordTooShort) {
  return z
    .string({ error: validation.required })
    .min(1, { error: validation.required })
    .min(PASSWORD_MIN, { error: tooShort })
    .max(PASSWORD_MAX, { error: auth.passwordTooLong })
    .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), { error: auth.passwordTooCommon });
}

/** Sign-in only checks presence: a weak old password must still be able to sign in and change. */
const existingPassword = z.string({ error: validation.required }).min(1, { error: validation.required }).max(PASSWORD_MAX, { error: auth.passwordTooLong });

/**
 * The confirmation must repeat the password: checked whenever both were typed, also while other
 * fields are wrong (by default zod skips an object's refinement then), so a short password and a
 * mismatched confirmation are flagged together (issue 35).
 */
function confirmationMatches(
  field: 'password' | 'newPassword',
  message: string,
): [(v: Record<string, unknown>) => boolean, { path: PropertyKey[]; error: string; when: (payload: { value: unknown }) => boolean }] {
  return [
    (v) => v[field] === v.confirmPassword,
    {
      path: ['confirmPassword'],
      error: message,
      when: ({ value }) => {
        const v = (value ?? {}) as Record<string, unknown>;
        return typeof v[field] === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
      },
    },
  ];
}

export const SIGN_UP_ROLES = ['client', 'contractor'] as const satisfies readonly (typeof ROLES)[number][];

export const SignUpSchema = z
  .object({
    role: z.enum(SIGN_UP_ROLES, { error: auth.chooseRole }),
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField(),
    password: passwordField(),
    confirmPassword: z.string({ error: validation.required }).min(1, { error: validation.required }),
    acceptTerms: z.literal(true, { error: auth.acceptTerms }),
  })
  .refine(...confirmationMatches('password', auth.passwordsDontMatch));
export type SignUpInput = z.input<typeof SignUpSchema>;

export const CodeField = z
  .string({ error: auth.codeRequired })
  .trim()
  .min(1, { error: auth.codeRequired })
  .regex(/^\d{6}$/, { error: auth.codeFormat });

export const VerifyEmailSchema = z.object({ email: emailField(), code: CodeField });
export const EmailOnlySchema = z.object({
  email: z.string({ error: auth.emailRequired }).trim().min(1, { error: auth.emailRequired }).pipe(emailField()),
});

export const SignInSchema = z.object({ email: emailField(), password: existingPassword });
export type SignInInput = z.input<typeof SignInSchema>;

export const ResetPasswordSchema = z
  .object({
    email: emailField(),
    code: CodeField,
    password: passwordField(auth.newPasswordTooShort),
    confirmPassword: z.string({ error: validation.required }).min(1, { error: validation.required }),
  })
  .refine(...confirmationMatches('password', auth.newPasswordsDontMatch));

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: auth.currentPasswordRequired }).min(1, { error: auth.currentPasswordRequired }).max(PASSWORD_MAX),
    newPassword: passwordField(auth.newPasswordTooShort),
    confirmPassword: z.string({ error: validation.required }).min(1, { error: validation.required }),
  })
  .refine(...confirmationMatches('newPassword', auth.newPasswordsDontMatch));

export const DeleteAccountSchema = z.object({
  /** The person's password, so a stolen session cannot delete the account. */
  password: existingPassword,
});

export const MessageSchema = z.object({ message: z.string() });

export const SessionUserSchema = z
  .object({
    id: z.uuid(),
    role: z.enum(ROLES),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    rating: z.number(),
    unreadMessages: z.number().int(),
    /** Unread notices (the notification centre's bell, issue 31); they count in unreadMessages too. */
    unreadNotices: z.number().int(),
    /** The person's country (profile): forms start from it (the card's country, issue 35). */
    country: z.enum(COUNTRY_CODES),
    /**
     * A contractor: whether the profile has what the directory needs to list it (a name, a service,
     * a city): offers are refused until it does, so the project page says so before the form
     * (issue 35). Null for other roles.
     */
    profileListed: z.boolean().nullable(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** GET /api/auth/session: the signed-in person (null when nobody is) and when the session ends. */
export const SessionSchema = z.object({ user: SessionUserSchema.nullable(), expiresAt: z.iso.datetime().nullable() });
/**
 * POST /api/auth/verify-email's answer: the session when the code was confirmed from the browser
 * that created the account (decision 033), otherwise null (the person signs in with their password).
 */
export const EmailConfirmedSchema = z.object({ message: z.string(), session: SessionSchema.nullable() });
export type EmailConfirmed = z.infer<typeof EmailConfirmedSchema>;
export type Session = z.infer<typeof SessionSchema>;

/**
 * Signing in with a code to one's phone (decision 071): the number as the person writes it, read
 * for `country` (the site's; a "+" number is read as its own country's), stored and looked up in E.164.
 */
const PhoneSignInNumber = z
  .object({
    number: z.string({ error: messaging.phone.invalidNumber }).max(30, messaging.phone.invalidNumber),
    country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional(),
  })
  .transform((value, ctx) => {
    const number = phoneNumberField(value.country).safeParse(value.number);
    if (!number.success) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: number.error.issues[0]!.message });
      return z.NEVER;
    }
    return number.data;
  });

/** POST /api/auth/phone/code: send a sign-in code to the number (the same answer whoever's it is). */
export const PhoneSignInCodeSchema = PhoneSignInNumber.transform((number) => ({ number }));
export type PhoneSignInCodeInput = z.input<typeof PhoneSignInCodeSchema>;

/** POST /api/auth/phone/sign-in: the number and the code it received. */
export const PhoneSignInSchema = z
  .object({
    number: z.string({ error: messaging.phone.invalidNumber }).max(30, messaging.phone.invalidNumber),
    country: z.enum(COUNTRY_CODES, { error: validation.invalidOption }).optional(),
    code: CodeField,
  })
  .transform((value, ctx) => {
    const number = phoneNumberField(value.country).safeParse(value.number);
    if (!number.success) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: number.error.issues[0]!.message });
      return z.NEVER;
    }
    return { number: number.data, code: value.code };
  });
export type PhoneSignInInput = z.input<typeof PhoneSignInSchema>;
