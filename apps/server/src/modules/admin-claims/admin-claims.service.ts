import type { AdminClaim, ClaimConversation } from '@arreglaya/shared/schemas/admin-ops';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { projectMoney } from '../payments/payments.service.ts';
import { latestClaimsOf } from '../claims/claims.service.ts';
import { findClaimProject, listDisputedProjects, listProjectMessages } from './admin-claims.repository.ts';

export interface AdminActor {
  id: string;
  sessionId?: string | null;
}

/** The open claims (disputed projects), oldest first, with what the ledger holds for each. */
export async function listOpenClaims(db: Db): Promise<AdminClaim[]> {
  const rows = await listDisputedProjects(db);
  const claims = await latestClaimsOf(
    db,
    rows.map((r) => r.projectId),
  );
  return Promise.all(
    rows.map(async (r) => {
      const money = await projectMoney(db, r.projectId);
      return {
        projectId: r.projectId,
        title: r.title,
        clientName: r.clientName,
        contractorName: r.contractorName,
        currency: money?.currency ?? 'DOP',
        heldMinor: money?.heldMinor ?? 0,
        claimReason: r.claimReason,
        disputedAt: r.disputedAt?.toISOString() ?? null,
        claim: claims.get(r.projectId) ?? null,
      };
    }),
  );
}

/**
 * The conversation of a claimed project's two people, for the sysadmin deciding the claim
 * (DOMAIN.md: a sysadmin reads chat only on a claim). Allowed while the project is disputed, and
 * afterwards for the claim's decided record (a project that was disputed); never for a project
 * without a claim. Each read writes a line of the log trail, in the same transaction.
 */
export async function readClaimConversation(db: Db, actor: AdminActor, projectId: string): Promise<ClaimConversation> {
  return db.transaction(async (tx) => {
    const project = await findClaimProject(tx, projectId);
    if (!project?.contractorId) throw new AppError('NOT_FOUND');
    if (project.status !== 'disputed' && project.disputedAt === null) throw new AppError('FORBIDDEN');
    const rows = await listProjectMessages(tx, { projectId, clientId: project.clientId, contractorId: project.contractorId });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'admin-claim-conversation-read',
      location: `/admin/reclamos/${projectId}`,
      details: { projectId, status: project.status, messages: rows.length },
    });
    return {
      projectId,
      clientName: project.clientName,
      contractorName: project.contractorName,
      messages: rows.map((m) => ({
        id: m.id,
        from: m.senderId === null ? 'system' : m.senderId === project.clientId ? 'client' : 'contractor',
        to: m.recipientId === null ? null : m.recipientId === project.clientId ? 'client' : 'contractor',
        type: m.type,
        subject: m.subject,
        body: m.hiddenAt ? '' : m.body,
        hidden: m.hiddenAt !== null,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });
}
