import type { LocalMethodId } from '@arreglaya/shared/local-payment-methods';
import { DEFAULT_HIRE_PAYMENT_HOURS } from '@arreglaya/shared/lifecycles';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import type { DbOrTx } from '../../db/client.ts';
import { escrowOf } from './ledger.repository.ts';
import { pendingOf } from './pending-payment.ts';
import { findAcceptedPrice, findLastMoneyMoves, findLastOfflinePayment, findProjectForMoney, listMilestones } from './payments.repository.ts';
import { DEFAULT_PLATFORM_FEE_PERCENT } from './money-requests.ts';

// What a project's money looks like, for its page (decision 021, 074).

/**
 * What a project's money looks like (project page); null before hiring. With a staged plan, its
 * milestones and which one is due; while the hire waits for its first funding, when it lapses.
 */
export async function projectMoney(db: DbOrTx, projectId: string, hireHours = DEFAULT_HIRE_PAYMENT_HOURS, feePercent = DEFAULT_PLATFORM_FEE_PERCENT): Promise<ProjectMoney | null> {
  const project = await findProjectForMoney(db, projectId);
  if (!project?.acceptedQuoteId) return null;
  const price = await findAcceptedPrice(db, project.acceptedQuoteId);
  if (!price) return null;
  const [escrows, plan, last, offline] = await Promise.all([
    escrowOf(db, projectId),
    price.staged ? listMilestones(db, projectId) : [],
    findLastMoneyMoves(db, projectId),
    // The newest cash or transfer payment: the one under way (at most one is), or the last that ran out.
    findLastOfflinePayment(db, projectId),
  ]);
  const open = offline?.status === 'pending' ? offline : undefined;
  const e = escrows.find((x) => x.currency === price.currency) ?? { funded: 0, released: 0, refunded: 0, held: 0 };
  // The milestone the work is on: the first not released nor refunded; it must be funded before the work goes on.
  const current = plan.find((m) => m.status === 'pending' || m.status === 'funded');
  const funded = plan.length > 0 ? e.funded > 0 && current?.status !== 'pending' : e.funded > 0;
  // Due: the plan's first stage not paid yet, whatever is held or released before it (DOMAIN: funding
  // never waits for a release, so a client with the deposit held can pay the final stage now).
  const nextToPay = plan.find((m) => m.status === 'pending');
  const dueMinor = plan.length > 0 ? (nextToPay?.amountMinor ?? 0) : e.funded > 0 ? 0 : price.agreedPriceMinor;
  const waiting = project.status === 'assigned' && e.funded - e.refunded <= 0 && project.assignedAt !== null;
  return {
    currency: price.currency,
    priceMinor: price.agreedPriceMinor,
    fundedMinor: e.funded,
    releasedMinor: e.released,
    refundedMinor: e.refunded,
    heldMinor: e.held,
    funded,
    dueMinor,
    feePercent,
    payBy: waiting ? new Date(project.assignedAt!.getTime() + hireHours * 3_600_000).toISOString() : null,
    pending: open ? pendingOf(open) : null,
    expired:
      offline?.status === 'expired' && offline.rail !== 'card' && dueMinor > 0 && offline.expiresAt
        ? { rail: offline.rail, method: (offline.method as LocalMethodId | null) ?? null, expiresAt: offline.expiresAt.toISOString() }
        : null,
    releasedAt: last.releasedAt?.toISOString() ?? null,
    refundedAt: last.refundedAt?.toISOString() ?? null,
    milestones: plan.map((m, i) => ({
      id: m.id,
      title: m.title,
      amountMinor: m.amountMinor,
      status: m.status,
      last: i === plan.length - 1,
    })),
  };
}
