import type { Currency } from '@arreglaya/shared/domain';
import { claimShares, platformFeeMinor } from '@arreglaya/shared/lifecycles';
import { payments as tp } from '@arreglaya/shared/i18n/payments';
import { projects as tprojects } from '@arreglaya/shared/i18n/projects';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { escrowOf, post, type Escrow } from './ledger.repository.ts';
import { queueReceipt, type ReceiptDeps } from './receipts.ts';
import { holdbackToKeep } from './warranty-holdback.ts';
import { listMilestones, listProjectPayments, lockMilestone, lockProjectForMoney, markMilestones } from './payments.repository.ts';
import { insertProcessorRefund, refundedByPayment } from './refunds.repository.ts';
import { onceForKey, type Actor, type PaymentsDeps } from './money-requests.ts';

// Release and refund (decision 021, 074): what is held goes to the contractor (less the fee) or
// back to the client, in the caller's transaction under the project's lock.

export interface MoneyProject {
  id: string;
  clientId: string;
  contractorId: string | null;
}

/** Releases everything held to the contractor's payable, less the platform fee. Returns the amount released. */
export async function releaseHeld(
  tx: Tx,
  project: MoneyProject,
  opts: {
    feePercent: number;
    by: string | null;
    key?: string;
    percent?: number;
    mail?: ReceiptDeps;
    /** The contractor and the project's title for the receipt, when the caller has read them. */
    receiptTo?: { email: string; firstName: string; title: string };
    /** The project's escrows, when the caller read them under the project's lock (projectPeopleAndEscrow). */
    escrows?: Escrow[];
    /** The approval's instant: the warranty holdback's window starts there (decision 055); default now. */
    now?: Date;
  },
): Promise<number> {
  let released = 0;
  const escrows = opts.escrows ?? (await escrowOf(tx, project.id));
  // The warranty holdback stays in escrow (decision 055): the approval keeps it back, a later release leaves it alone.
  const kept = await holdbackToKeep(tx, project.id, opts.key ?? 'approval', escrows, opts.now ?? new Date());
  for (const e of escrows) {
    const keep = kept?.currency === e.currency ? kept : null;
    const amount = claimShares(e.held - (keep?.amountMinor ?? 0), opts.percent === undefined ? 'release' : 'split', opts.percent, opts.feePercent).releasedMinor;
    if (amount <= 0 || !project.contractorId) continue;
    const fee = platformFeeMinor(amount, opts.feePercent);
    const posted = await post(tx, {
      kind: 'release',
      idempotencyKey: `release:${project.id}:${e.currency}:${opts.key ?? 'approval'}`,
      projectId: project.id,
      createdBy: opts.by,
      metadata: { feePercent: opts.feePercent, feeMinor: fee },
      entries: [
        { account: { kind: 'escrow', projectId: project.id, currency: e.currency }, amountMinor: -amount },
        { account: { kind: 'contractor_payable', userId: project.contractorId, currency: e.currency }, amountMinor: amount - fee },
        { account: { kind: 'platform_revenue', currency: e.currency }, amountMinor: fee },
      ],
    });
    if (!posted) continue;
    released += amount;
    if (opts.mail)
      await queueReceipt(
        tx,
        opts.mail,
        project.contractorId,
        project.id,
        posted,
        {
          kind: 'release',
          amountMinor: amount,
          feeMinor: fee,
          currency: e.currency,
          ...(keep?.isNew ? { withheld: { amountMinor: keep.amountMinor, releaseAt: keep.releaseAt } } : {}),
          ...(opts.key === 'warranty' ? { holdback: true } : {}),
        },
        opts.receiptTo,
      );
  }
  // Only a staged plan has milestones to mark; a split (a percent) marks them itself: part of what is held went back to the client.
  if (released > 0 && opts.percent === undefined && escrows.some((e) => e.milestones)) await markMilestones(tx, project.id, 'funded', 'released');
  return released;
}

/**
 * A staged plan's milestone released on its own (decision 021): the project's client releases a
 * funded milestone while the work is in progress; it leaves the escrow (less the fee) for the
 * contractor's payable and the next milestone must be funded before the work goes on. The last
 * milestone is released by the final approval of the delivered project; a claim (disputed) freezes
 * what is held, since only an in-progress project releases a milestone. With a key, a repeat answers as the first did.
 */
export async function releaseMilestone(deps: PaymentsDeps, actor: Actor, projectId: string, milestoneId: string, key?: string): Promise<{ message: string }> {
  const answer = await deps.db.transaction((tx) =>
    onceForKey(tx, actor.id, key, projectId, { op: 'release-milestone', milestoneId }, () => releaseMilestoneIn(tx, deps, actor, projectId, milestoneId)),
  );
  deps.mail?.mailer.kick();
  return answer;
}

async function releaseMilestoneIn(tx: Tx, deps: PaymentsDeps, actor: Actor, projectId: string, milestoneId: string): Promise<{ message: string }> {
  const project = await lockProjectForMoney(tx, projectId);
  if (!project || project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
  const milestone = await lockMilestone(tx, projectId, milestoneId);
  if (!milestone) throw new AppError('NOT_FOUND', tp.milestones.notFound);
  if (project.status !== 'in_progress' || !project.contractorId) throw new AppError('CONFLICT', tp.milestones.notInProgress);
  if (milestone.status !== 'funded') throw new AppError('CONFLICT', milestone.status === 'pending' ? tp.milestones.notFunded : tp.milestones.alreadyReleased);
  const all = await listMilestones(tx, projectId);
  if (all[all.length - 1]!.id === milestone.id) throw new AppError('CONFLICT', tp.milestones.lastOnApproval);
  const held = (await escrowOf(tx, projectId)).find((e) => e.currency === milestone.currency)?.held ?? 0;
  if (held < milestone.amountMinor) throw new AppError('CONFLICT', tp.milestones.notFunded);
  const fee = platformFeeMinor(milestone.amountMinor, deps.feePercent);
  const posted = await post(tx, {
    kind: 'release',
    idempotencyKey: `release:${projectId}:${milestone.currency}:milestone:${milestone.id}`,
    projectId,
    milestoneId: milestone.id,
    createdBy: actor.id,
    metadata: { feePercent: deps.feePercent, feeMinor: fee },
    entries: [
      { account: { kind: 'escrow', projectId, currency: milestone.currency }, amountMinor: -milestone.amountMinor },
      { account: { kind: 'contractor_payable', userId: project.contractorId, currency: milestone.currency }, amountMinor: milestone.amountMinor - fee },
      { account: { kind: 'platform_revenue', currency: milestone.currency }, amountMinor: fee },
    ],
  });
  if (!posted) throw new AppError('CONFLICT', tp.milestones.alreadyReleased);
  await markMilestones(tx, projectId, 'funded', 'released', [milestone.id]);
  if (deps.mail)
    await queueReceipt(tx, deps.mail, project.contractorId, projectId, posted, {
      kind: 'release',
      amountMinor: milestone.amountMinor,
      feeMinor: fee,
      currency: milestone.currency,
      milestone: milestone.title,
    });
  return { message: tp.milestones.released(milestone.title) };
}

/**
 * Refunds everything held to the client: one ledger transaction now, and a refund to the card of
 * each payment (newest first) sent to the processor after the transaction commits (flushRefunds).
 */
export async function refundHeld(tx: Tx, project: MoneyProject, opts: { reason: string; by: string | null; keepMilestones?: boolean }): Promise<number> {
  let refunded = 0;
  const escrows = await escrowOf(tx, project.id);
  for (const e of escrows) {
    if (e.held <= 0) continue;
    const ledgerId = await post(tx, {
      kind: 'refund',
      idempotencyKey: `refund:${project.id}:${e.currency}:${opts.reason}`,
      projectId: project.id,
      createdBy: opts.by,
      entries: [
        { account: { kind: 'escrow', projectId: project.id, currency: e.currency }, amountMinor: -e.held },
        { account: { kind: 'refunds', userId: project.clientId, currency: e.currency }, amountMinor: e.held },
      ],
    });
    if (!ledgerId) continue;
    refunded += e.held;
    const pays = (await listProjectPayments(tx, project.id)).filter((p) => p.status === 'succeeded' && p.currency === e.currency).reverse();
    const already = await refundedByPayment(
      tx,
      pays.map((p) => p.id),
    );
    let left = e.held;
    for (const p of pays) {
      const part = Math.min(left, p.amountMinor - (already.get(p.id) ?? 0));
      if (part <= 0) continue;
      await insertProcessorRefund(tx, { paymentId: p.id, ledgerTransactionId: ledgerId, amountMinor: part, currency: e.currency as Currency });
      left -= part;
      if (left === 0) break;
    }
  }
  if (refunded > 0 && !opts.keepMilestones && escrows.some((e) => e.milestones)) await markMilestones(tx, project.id, 'funded', 'refunded');
  return refunded;
}
