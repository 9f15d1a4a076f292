// The ArreglaYa guarantee (issue 49, decision 054): the windows and deadlines the server enforces
// and /garantia states. One definition each; the page, the mails and the rules read these.

import { DELIVERY_REVIEW_DAYS } from './lifecycles.ts';

export { DELIVERY_REVIEW_DAYS };

/**
 * Days a client may still open a claim after an AUTOMATIC approval (nobody approved or claimed
 * within DELIVERY_REVIEW_DAYS). The money stays held until they pass; then it is released.
 */
export const CLAIM_AFTER_AUTO_APPROVAL_DAYS = 3;

/** Business days (Dominican holidays counted) the other side has to answer a claim. */
export const CLAIM_ANSWER_BUSINESS_DAYS = 5;

/** Business days, counted from the claim's opening, the team has to decide it. */
export const CLAIM_DECIDE_BUSINESS_DAYS = 10;

/**
 * What a claim is about. 'delivery': the work was not delivered, or not as agreed; 'warranty': a
 * fault within the offer's warranty days, over the holdback still held (decision 055). Both keep
 * the same deadlines: the other side's answer and the team's decision.
 */
export const CLAIM_KINDS = ['delivery', 'warranty'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

const DAY_MS = 86_400_000;

/** When the delivered work is approved automatically if nobody acts. */
export function autoApprovalDueAt(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + DELIVERY_REVIEW_DAYS * DAY_MS);
}

/** The last moment a claim may be opened after an automatic approval (made at `autoApprovedAt`). */
export function claimWindowAfterAutoApproval(autoApprovedAt: Date): Date {
  return new Date(autoApprovedAt.getTime() + CLAIM_AFTER_AUTO_APPROVAL_DAYS * DAY_MS);
}
