import { claimWindowAfterAutoApproval, DELIVERY_REVIEW_DAYS } from '@arreglaya/shared/guarantee';
import type { Tx } from '../../db/client.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { recordMoneyEvent } from '../payments/payments.service.ts';
import { lockDeliveredBefore, setProjectStatus } from './projects.repository.ts';

/**
 * The automatic approval's first step (decision 054): delivered work nobody approved or claimed
 * within DELIVERY_REVIEW_DAYS is marked approved automatically (`autoApprovedAt`), still
 * delivered with its money held, and both people are told until when the client may still claim
 * (announced, told after the commit: notifications/project-money-notices.ts).
 * The release follows CLAIM_AFTER_AUTO_APPROVAL_DAYS later (autoApproveDelivered). Returns how many.
 */
export async function stampAutoApprovals(tx: Tx, now: Date, batch: number): Promise<number> {
  const due = await lockDeliveredBefore(tx, new Date(now.getTime() - DELIVERY_REVIEW_DAYS * 86_400_000), batch);
  const claimUntil = claimWindowAfterAutoApproval(now).toISOString();
  for (const p of due) {
    await setProjectStatus(tx, p.id, { autoApprovedAt: now });
    // Told after the commit (decision 074): in the automatic approval's transaction, which releases money too.
    await recordMoneyEvent(tx, { kind: 'project-auto-approved', projectId: p.id, payload: { clientId: p.clientId, contractorId: p.contractorId!, claimUntil } });
    await recordLogEntry(tx, { userId: null, action: 'project-auto-approved', location: `/proyectos/${p.id}`, details: { projectId: p.id, by: 'system' } });
  }
  return due.length;
}
