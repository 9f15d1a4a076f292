import { projectMail as tm, projects as tp } from '@arreglaya/shared/i18n/projects';
import { CLAIM_AFTER_AUTO_APPROVAL_DAYS } from '@arreglaya/shared/guarantee';
import { projectAllows, STATUS_MOVES, type ProjectStatus, type StatusMove } from '@arreglaya/shared/lifecycles';
import type { Tx } from '../../db/client.ts';
import { refreshContractorAggregates } from '../../db/contractor-aggregates.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { announceDeps, feeOf, logProjectAction, type ProjectsDeps } from './project-deps.ts';
import {
  announced,
  onceForKey,
  projectPeople,
  projectPeopleAndEscrow,
  recordMoneyEvent,
  refundHeld,
  releaseHeld,
  settleClaim,
  withAnnouncements,
} from '../payments/payments.service.ts';
import type { ClaimDecision } from '@arreglaya/shared/schemas/payments';
import { lockForAction, moveProject, type Actor, moneyAllows } from './project-lifecycle.ts';
import { notify, projectUrl } from './project-notify.ts';
import { lockAutoApprovedBefore, lockProject, type ProjectRow } from './projects.repository.ts';
import { assertClaimWindow, closeClaims, openClaim } from '../claims/claims.service.ts';
import { stampAutoApprovals } from './auto-approval.ts';

// A hired project's moves: start, deliver, approve, claim, the automatic approval, and a sysadmin's (claims decided, a hire called off).

/**
 * The status moves after hiring, each one PROJECT_ACTIONS entry; the other side is told. With an
 * idempotency key (the money moves: approve, claim) a repeated request answers as the first did.
 */
export async function changeStatus(deps: ProjectsDeps, actor: Actor, projectId: string, to: StatusMove, note: string | undefined, key?: string): Promise<ProjectStatus> {
  const action = STATUS_MOVES[to];
  const { value: status, events } = await withAnnouncements(deps.db, (tx) =>
    onceForKey(tx, actor.id, key, projectId, { op: 'status', to, note: note ?? null }, async () => {
      const now = deps.clock?.() ?? new Date();
      // The guarantee's window (decision 054): past it, a 409 naming when it closed.
      if (action === 'claim') assertClaimWindow(await lockProject(tx, projectId), actor, now);
      const project = await lockForAction(tx, projectId, action, actor);
      const extra = action === 'deliver' ? { deliveryNote: note ?? null } : action === 'claim' ? { claimReason: note ?? null } : {};
      if (action === 'claim' && !note) throw new AppError('VALIDATION', undefined, { note: tp.claimReasonRequired });
      const moved = await moveProject(tx, project, action, extra);
      if (action === 'claim') await openClaim(tx, project, actor.id, note!, now);
      // The directory's 'proyectos completados' counts approved work, recomputed from the projects (decision 026).
      if (moved === 'completado') await refreshContractorAggregates(tx, [project.contractorId!]);
      // Both people and the title in one read, for the receipt and the notice (with what is held, for an approval).
      const approved = moved === 'completado' ? await projectPeopleAndEscrow(tx, projectId) : undefined;
      const people = moved === 'completado' ? approved : action === 'claim' ? undefined : await projectPeople(tx, projectId);
      // Approval releases what is held to the contractor, less the platform fee, in this same transaction.
      if (moved === 'completado') {
        const receiptTo = people?.contractor ? { ...people.contractor, title: people.title } : undefined;
        await releaseHeld(tx, project, { feePercent: feeOf(deps.money), by: actor.id, mail: deps, receiptTo, escrows: approved?.escrows });
      }
      await tellOtherSide(tx, deps, project, action, note, people);
      await logProjectAction(tx, actor, `project-${moved}`, projectId, { from: project.status, to: moved });
      return moved;
    }),
  );
  // An approval's or a claim's notice, announced with the money it moved, is told now that it committed (decision 074).
  await announced(announceDeps(deps), events);
  return status;
}

/** `people`: the project's client and contractor as projectPeople read them (each one's contact and mail preference). */
async function tellOtherSide(tx: Tx, deps: ProjectsDeps, p: ProjectRow, action: string, note: string | undefined, people: Awaited<ReturnType<typeof projectPeople>>) {
  const contractorId = p.contractorId!;
  const pair = { clientId: p.clientId, contractorId, projectId: p.id };
  const contractor = people?.contractor ?? undefined;
  const client = people?.client;
  const contractorName = contractor?.name ?? '';
  const open = [{ label: tm.open, url: projectUrl(deps.appUrl, p.id) }];
  if (action === 'start') {
    const m = tm.projectStarted;
    await notify(tx, deps, {
      kind: 'projectStarted',
      to: p.clientId,
      known: client,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(p.title, contractorName)],
      actions: open,
    });
  } else if (action === 'deliver') {
    const m = tm.projectDelivered;
    const paragraphs = [m.intro(p.title, contractorName), ...(note ? [m.note(note)] : [])];
    const actions = [{ label: m.approve, url: projectUrl(deps.appUrl, p.id) }];
    await notify(tx, deps, {
      kind: 'projectDelivered',
      to: p.clientId,
      known: client,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs,
      actions,
      facts: { project: p.title, contractor: contractorName },
    });
  } else if (action === 'approve' || action === 'claim') {
    // The money moved (released, or frozen by the claim): announced in its transaction, told after
    // its commit (notifications/project-money-notices.ts, decision 074), so a notice never undoes it.
    if (action === 'approve') await recordMoneyEvent(tx, { kind: 'project-approved', projectId: p.id, payload: { clientId: p.clientId, contractorId, automatic: false } });
    else await recordMoneyEvent(tx, { kind: 'project-disputed', projectId: p.id, payload: { clientId: p.clientId, contractorId, reason: note ?? '' } });
  }
}

/**
 * Delivered work nobody approved or claimed within DELIVERY_REVIEW_DAYS is approved by the system
 * (DOMAIN.md) in two steps (decision 054): first it is marked approved automatically and both are
 * told, the money still held; CLAIM_AFTER_AUTO_APPROVAL_DAYS later, unless the client claimed,
 * it is completed as the client's approval would: completado, the money released, the count, both told.
 */
export async function autoApproveDelivered(deps: Pick<ProjectsDeps, 'db' | 'mailer' | 'appUrl' | 'money'>, now = new Date(), batch = 100): Promise<number> {
  const { value: approved, events } = await withAnnouncements(deps.db, async (tx) => {
    let count = await stampAutoApprovals(tx, now, batch);
    const due = await lockAutoApprovedBefore(tx, new Date(now.getTime() - CLAIM_AFTER_AUTO_APPROVAL_DAYS * 86_400_000), batch);
    for (const p of due) {
      if (!projectAllows('auto_approve', p.status)) continue;
      // Approval releases the whole agreed price: work stored before that rule, short of money, waits for a sysadmin (ledger:check names it).
      if (!(await moneyAllows(tx, p, 'auto_approve'))) continue;
      await moveProject(tx, p, 'auto_approve');
      await refreshContractorAggregates(tx, [p.contractorId!]);
      await releaseHeld(tx, p, { feePercent: feeOf(deps.money), by: null, mail: deps, now });
      // Both are told after the commit (decision 074): a notice that fails never undoes the batch's releases.
      await recordMoneyEvent(tx, { kind: 'project-approved', projectId: p.id, payload: { clientId: p.clientId, contractorId: p.contractorId!, automatic: true } });
      await recordLogEntry(tx, {
        userId: null,
        action: 'project-completado',
        location: `/proyectos/${p.id}`,
        details: { projectId: p.id, from: 'delivered', to: 'completado', by: 'system' },
      });
      count++;
    }
    return count;
  });
  if (approved > 0) await announced(announceDeps(deps), events);
  return approved;
}

// ---- A sysadmin's moves: claims decided, a hired project called off (money follows, decision 021) ----

/**
 * A sysadmin decides a claim: release (completado, everything held to the contractor less the fee),
 * refund (cancelled, everything back to the client's card) or split (completado, the contractor's
 * percent released and the rest refunded). Both sides are told.
 */
export async function decideClaim(deps: ProjectsDeps, actor: Actor, projectId: string, decision: ClaimDecision, key?: string) {
  const action = decision.outcome === 'refund' ? 'decide_refund' : 'decide_release';
  const { value: result, events } = await withAnnouncements(deps.db, (tx) =>
    onceForKey(tx, actor.id, key, projectId, { op: 'decision', decision }, async () => {
      const project = await lockForAction(tx, projectId, action, actor);
      const moved = await moveProject(tx, project, action);
      await closeClaims(tx, projectId, deps.clock?.() ?? new Date());
      if (moved === 'completado') await refreshContractorAggregates(tx, [project.contractorId!]);
      const money = await settleClaim(tx, project, decision, { feePercent: feeOf(deps.money), by: actor.id, mail: deps });
      // The decision settles their money: both are told after the commit (decision 074), with the committee's reason.
      await recordMoneyEvent(tx, {
        kind: 'claim-decided',
        projectId,
        payload: {
          clientId: project.clientId,
          contractorId: project.contractorId!,
          outcome: decision.outcome,
          contractorPercent: decision.contractorPercent ?? null,
          note: decision.note ?? null,
        },
      });
      await logProjectAction(tx, actor, `project-claim-${decision.outcome}`, projectId, { from: project.status, to: moved, ...money, note: decision.note ?? null });
      return { status: moved, ...money };
    }),
  );
  await announced(announceDeps(deps), events);
  if (result.refunded > 0) deps.money?.kickRefunds();
  return result;
}

/** A hired project called off before work starts (both sides agreed, through the team): cancelled, everything held refunded. */
export async function cancelHiredProject(deps: ProjectsDeps, actor: Actor, projectId: string) {
  const { value: result, events } = await withAnnouncements(deps.db, async (tx) => {
    const project = await lockForAction(tx, projectId, 'cancel_hired', actor);
    const moved = await moveProject(tx, project, 'cancel_hired');
    const refunded = await refundHeld(tx, project, { reason: 'cancel', by: actor.id });
    // Both are told after the commit (decision 074): a notice that fails never undoes the refund.
    await recordMoneyEvent(tx, { kind: 'project-cancelled', projectId, payload: { clientId: project.clientId, contractorId: project.contractorId! } });
    await logProjectAction(tx, actor, 'project-cancelled', projectId, { from: project.status, to: moved, refunded });
    return { status: moved, released: 0, refunded };
  });
  await announced(announceDeps(deps), events);
  if (result.refunded > 0) deps.money?.kickRefunds();
  return result;
}
