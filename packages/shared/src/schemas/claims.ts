import { z } from 'zod';
import { CLAIM_KINDS } from '../guarantee.ts';
import { guarantee as t } from '../i18n/guarantee.ts';

/** POST /api/projects/:id/claim/answer: the other side's answer to a claim. */
export const ClaimAnswerSchema = z.object({
  answer: z.string({ error: t.answer.required }).trim().min(1, { error: t.answer.required }).max(2000, { error: t.answer.tooLong }),
});
export type ClaimAnswerInput = z.infer<typeof ClaimAnswerSchema>;

const iso = z.iso.datetime();

/** A claim with every deadline (decision 054), as both people and the console read it. */
export const ClaimViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CLAIM_KINDS),
  reason: z.string(),
  openedAt: iso,
  answer: z.string().nullable(),
  answeredAt: iso.nullable(),
  answerDueAt: iso,
  /** Set when the answer's deadline passed without one: the console lists it "Sin respuesta". */
  escalatedAt: iso.nullable(),
  decideDueAt: iso,
  decidedAt: iso.nullable(),
  /** Set when the decision's deadline passed undecided: the console's late-decision alert. */
  lateAt: iso.nullable(),
});
export type ClaimView = z.infer<typeof ClaimViewSchema>;

/** GET /api/projects/:id/claim: the claim (if any) and the window to open one. */
export const ProjectClaimSchema = z.object({
  claim: ClaimViewSchema.nullable(),
  /** When the work was approved automatically (the money still held until claimUntil). */
  autoApprovedAt: iso.nullable(),
  /** Until when a claim may be opened; null when none can be (or no longer). */
  claimUntil: iso.nullable(),
  /** Whether the viewer is the one who answers (the hired contractor) and may still answer. */
  canAnswer: z.boolean(),
});
export type ProjectClaim = z.infer<typeof ProjectClaimSchema>;
