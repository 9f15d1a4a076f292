import type { ClaimDecision } from '@arreglaya/shared/schemas/payments';
import type { Tx } from '../../db/client.ts';
import type { ReceiptDeps } from './receipts.ts';
import { listMilestones, markMilestones } from './payments.repository.ts';
import { refundHeld, releaseHeld, type MoneyProject } from './release.service.ts';

// A claim's money (decision 021, 074): a sysadmin's decision moves what a disputed project holds.

/**
 * After a split decision on a staged plan, each funded milestone says what became of its money:
 * the released amount covers the funded milestones in the plan's order (the work done first), so
 * those it covers whole are `released`, the one it covers in part is `split`, and the rest
 * `refunded`. A project without a plan has no milestones and nothing changes.
 */
async function markSplitMilestones(tx: Tx, projectId: string, released: number): Promise<void> {
  const funded = (await listMilestones(tx, projectId)).filter((m) => m.status === 'funded');
  if (funded.length === 0) return;
  const to = { released: [] as string[], split: [] as string[], refunded: [] as string[] };
  let left = released;
  for (const m of funded) {
    const state = left >= m.amountMinor ? 'released' : left > 0 ? 'split' : 'refunded';
    to[state].push(m.id);
    left = Math.max(0, left - m.amountMinor);
  }
  for (const state of ['released', 'split', 'refunded'] as const) if (to[state].length > 0) await markMilestones(tx, projectId, 'funded', state, to[state]);
}

/** A sysadmin's decision on a claim: release all, refund all, or split (the contractor's percent released, the rest refunded). */
export async function settleClaim(
  tx: Tx,
  project: MoneyProject,
  decision: ClaimDecision,
  opts: { feePercent: number; by: string; mail?: ReceiptDeps; key?: 'decision' | 'warranty' },
): Promise<{ released: number; refunded: number }> {
  // 'warranty': a warranty claim's decision on the holdback, the only money its project still holds (decision 055).
  const key = opts.key ?? 'decision';
  if (decision.outcome === 'release') return { released: await releaseHeld(tx, project, { feePercent: opts.feePercent, by: opts.by, key, mail: opts.mail }), refunded: 0 };
  if (decision.outcome === 'refund') return { released: 0, refunded: await refundHeld(tx, project, { reason: key, by: opts.by }) };
  const released = await releaseHeld(tx, project, { feePercent: opts.feePercent, by: opts.by, key, percent: decision.contractorPercent, mail: opts.mail });
  const refunded = await refundHeld(tx, project, { reason: key, by: opts.by, keepMilestones: true });
  await markSplitMilestones(tx, project.id, released);
  return { released, refunded };
}
