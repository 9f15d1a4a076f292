import { z } from 'zod';
import { SERVICE_TYPES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { quotes as tq } from '../i18n/projects.ts';
import { PhoneNumberField, VerifyPhoneSchema } from './phone.ts';
import { ProjectInputSchema } from './projects.ts';
import { PRICE_MAX_MINOR } from './quotes.ts';
import { requiredText } from './common.ts';

// Invite your técnico (issue 50, item 5; decision 064).

export const INVITATION_STATUSES = ['sent', 'joined', 'accepted', 'funded', 'expired', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** How long a link lives. */
export const INVITATION_TTL_DAYS = 14;

const price = z
  .number({ error: tq.priceMustBePositive })
  .int({ error: validation.invalidValue })
  .gt(0, { error: tq.priceMustBePositive })
  .max(PRICE_MAX_MINOR, { error: tq.priceTooHigh });

/** POST /api/invitations: the client's form. The work is a normal project's fields. */
export const InviteTecnicoSchema = z.object({
  contractorName: requiredText(100),
  phone: PhoneNumberField,
  priceMinor: price,
  project: ProjectInputSchema,
});
export type InviteTecnicoInput = z.input<typeof InviteTecnicoSchema>;

/** The token of /invitacion/<token>: 43 base64url characters (32 random bytes). */
export const InvitationTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: validation.invalidValue }) });

/** POST /api/invitations/:token/join: name, the code sent to the invited phone, services. */
export const JoinInvitationSchema = z.object({
  name: requiredText(100),
  code: VerifyPhoneSchema.shape.code,
  services: z
    .array(z.enum(SERVICE_TYPES, { error: validation.invalidOption }), { error: validation.required })
    .min(1, { error: validation.required })
    .max(SERVICE_TYPES.length)
    .transform((v) => [...new Set(v)]),
});
export type JoinInvitationInput = z.input<typeof JoinInvitationSchema>;

/** What the técnico's page shows (the phone masked but for its last 4 digits). */
export const InvitationViewSchema = z.object({
  status: z.enum(INVITATION_STATUSES),
  clientName: z.string(),
  contractorName: z.string(),
  phoneLast4: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  project: z.object({ id: z.uuid(), title: z.string(), description: z.string(), services: z.array(z.string()), city: z.string().nullable(), startDate: z.string() }),
  expiresAt: z.string(),
  /** The number already belongs to an account: he signs in instead of joining. */
  accountExists: z.boolean(),
  /** The signed-in person may accept it (his account holds the invited number). */
  mayAccept: z.boolean(),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/** POST /api/invitations/:id/cancel (decision 071). */
export const InvitationIdParamsSchema = z.object({ id: z.uuid({ error: validation.invalidValue }) });

/** GET /api/projects/:id/invitation: what the client sees of the invitation on his project's page. */
export const ClientInvitationSchema = z.object({
  id: z.uuid(),
  status: z.enum(INVITATION_STATUSES),
  contractorName: z.string(),
  phoneLast4: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  expiresAt: z.string(),
  /** Sent or joined: the client may still cancel it. */
  mayCancel: z.boolean(),
});
export type ClientInvitation = z.infer<typeof ClientInvitationSchema>;

export const InvitationCreatedSchema = z.object({ message: z.string(), invitationId: z.uuid(), projectId: z.uuid() });
export const InvitationAnswerSchema = z.object({ message: z.string(), projectId: z.uuid() });
export const InvitationCountsSchema = z.object({ sent: z.number().int(), joined: z.number().int(), funded: z.number().int() });
export type InvitationCounts = z.infer<typeof InvitationCountsSchema>;
