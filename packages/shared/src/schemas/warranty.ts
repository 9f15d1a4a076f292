import { z } from 'zod';
import { CURRENCIES } from '../domain.ts';
import { requiredText } from './common.ts';
import { WARRANTY_REASON_MAX } from '../form-limits.ts';

// Without zod for the project page (form-limits.ts, warranty-terms.ts, decision 070), and here as before.
export { WARRANTY_REASON_MAX };
export { holdbackMinor } from '../warranty-terms.ts';

/** A warranty holdback's states (decision 055): held until its date, claimed while a warranty claim waits, then how it ended. */
export const HOLDBACK_STATUSES = ['held', 'claimed', 'released', 'refunded', 'split'] as const;
export type HoldbackStatus = (typeof HOLDBACK_STATUSES)[number];

/** Whether the warranty window is still open at `now` (a claim may be opened): held and before its release date. */
export function warrantyWindowOpen(h: { status: HoldbackStatus; releaseAt: string | Date }, now: Date = new Date()): boolean {
  return h.status === 'held' && now.getTime() < new Date(h.releaseAt).getTime();
}

export const WarrantyHoldbackSchema = z
  .object({
    projectId: z.uuid(),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    /** The offer's percent and warranty days, as agreed. */
    percent: z.number().int(),
    warrantyDays: z.number().int(),
    releaseAt: z.iso.datetime({ offset: true }),
    status: z.enum(HOLDBACK_STATUSES),
    claimReason: z.string().nullable(),
    claimedAt: z.iso.datetime({ offset: true }).nullable(),
    decidedAt: z.iso.datetime({ offset: true }).nullable(),
    /** The viewer is the project's client and the window is open: 'Abrir reclamo de garantía'. */
    canClaim: z.boolean(),
  })
  .meta({ id: 'WarrantyHoldback' });
export type WarrantyHoldback = z.infer<typeof WarrantyHoldbackSchema>;

/** GET /api/projects/:id/warranty: null when the approval kept nothing back. */
export const WarrantyAnswerSchema = z.object({ holdback: WarrantyHoldbackSchema.nullable() });

/** POST /api/projects/:id/warranty/claim: the client's reason, required. */
export const WarrantyClaimInputSchema = z.object({ reason: requiredText(WARRANTY_REASON_MAX, { multiline: true }) });
export type WarrantyClaimInput = z.infer<typeof WarrantyClaimInputSchema>;

/** The console's list of open warranty claims. */
export const WarrantyClaimRowSchema = WarrantyHoldbackSchema.omit({ canClaim: true }).extend({ projectTitle: z.string() });
export const WarrantyClaimsSchema = z.object({ items: z.array(WarrantyClaimRowSchema) });
export type WarrantyClaimRow = z.infer<typeof WarrantyClaimRowSchema>;
