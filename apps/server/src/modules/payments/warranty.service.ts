import { formatDay } from '@arreglaya/shared/format-dates';
import { projects as tprojects } from '@arreglaya/shared/i18n/projects';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import type { ClaimDecision } from '@arreglaya/shared/schemas/payments';
import { TIME_ZONES } from '@arreglaya/shared/schemas/projects';
import { warrantyWindowOpen, type WarrantyClaimInput, type WarrantyClaimRow, type WarrantyHoldback } from '@arreglaya/shared/schemas/warranty';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { closeClaims, openClaim } from '../claims/claims.service.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { moneyStep, type PaymentsDeps } from './money-requests.ts';
import { projectPeople } from './settlement.service.ts';
import { releaseHeld } from './release.service.ts';
import { settleClaim } from './claim-money.service.ts';
import { recordMoneyEvent } from './money-events.repository.ts';
import { findProjectForMoney, lockProjectForMoney } from './payments.repository.ts';
import { listClaimedHoldbacks, listDueHoldbacks, lockHoldback, markHoldback, findHoldbackTerms, type HoldbackRow } from './warranty.repository.ts';

// The warranty holdback after approval (decision 055): what the project page shows, the client's
// warranty claim, a sysadmin's decision on it, and the job that pays it at the window's end.
// Every move locks the project first (the money's lock, decision 021), then the holdback's row.

export type WarrantyDeps = Pick<PaymentsDeps, 'db' | 'feePercent' | 'mail' | 'kickRefunds' | 'announce'> & Partial<Pick<PaymentsDeps, 'log'>>;

interface Actor {
  id: string;
  role: string;
  sessionId?: string | null;
}

/** The day a window ends, as a person in the Dominican Republic reads it ('05 mar 2027'). */
const dayOf = (d: Date) => formatDay(d, 'es-DO', TIME_ZONES.DO);

function holdbackOf(h: HoldbackRow, terms: { percent: number | null; warrantyDays: number | null }) {
  return {
    projectId: h.projectId,
    amountMinor: h.amountMinor,
    currency: h.currency,
    percent: terms.percent ?? 0,
    warrantyDays: terms.warrantyDays ?? 0,
    releaseAt: h.releaseAt.toISOString(),
    status: h.status as WarrantyHoldback['status'],
    claimReason: h.claimReason,
    claimedAt: h.claimedAt?.toISOString() ?? null,
    decidedAt: h.decidedAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/projects/:id/warranty: the project's holdback for its client, its hired contractor and
 * sysadmins (anyone else: 404, as the project's money is); null when the approval kept nothing.
 */
export async function getWarranty(db: Db, actor: Actor, projectId: string, now = new Date()): Promise<{ holdback: WarrantyHoldback | null }> {
  const project = await findProjectForMoney(db, projectId);
  const mine = project && (project.clientId === actor.id || project.contractorId === actor.id || actor.role === 'sysadmin');
  if (!mine) throw new AppError('NOT_FOUND', tprojects.notFound);
  const terms = await findHoldbackTerms(db, projectId);
  const h = terms?.holdback;
  if (!terms || !h) return { holdback: null };
  return {
    holdback: {
      ...holdbackOf(h, terms),
      canClaim: project.clientId === actor.id && warrantyWindowOpen({ status: h.status as WarrantyHoldback['status'], releaseAt: h.releaseAt }, now),
    },
  };
}

/**
 * POST /api/projects/:id/warranty/claim: the project's client opens a warranty claim while the
 * window is open (before release_at, the holdback still held). The holdback is frozen (`claimed`:
 * the job passes it by) until a sysadmin decides; the contractor is told, with the reason.
 */
export async function openWarrantyClaim(deps: WarrantyDeps, actor: Actor, projectId: string, input: WarrantyClaimInput, now = new Date()): Promise<{ message: string }> {
  await moneyStep(deps, async (tx) => {
    const project = await lockProjectForMoney(tx, projectId);
    if (!project || project.clientId !== actor.id) throw new AppError('NOT_FOUND', tprojects.notFound);
    const h = await lockHoldback(tx, projectId);
    if (!h) throw new AppError('NOT_FOUND', tw.notFound);
    if (project.status !== 'completado') throw new AppError('CONFLICT', tw.notCompleted);
    if (h.status === 'claimed') throw new AppError('CONFLICT', tw.alreadyClaimed);
    if (h.status !== 'held') throw new AppError('CONFLICT', tw.alreadySettled);
    if (now.getTime() >= h.releaseAt.getTime()) throw new AppError('CONFLICT', tw.windowEnded(dayOf(h.releaseAt)));
    await markHoldback(tx, projectId, ['held'], 'claimed', { claimReason: input.reason, claimedAt: now });
    // The guarantee's deadlines hold for it too: the contractor's answer, the team's decision (decision 054).
    await openClaim(tx, project, actor.id, input.reason, now, 'warranty');
    // The contractor is told, with the reason: announced (decision 074), delivered after commit.
    if (project.contractorId)
      await recordMoneyEvent(tx, {
        kind: 'warranty-claim-opened',
        projectId,
        payload: { clientId: project.clientId, contractorId: project.contractorId, amountMinor: h.amountMinor, currency: h.currency, reason: input.reason },
      });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'warranty-claim-opened',
      location: `/proyectos/${projectId}`,
      details: { projectId, amountMinor: h.amountMinor, currency: h.currency },
    });
  });
  return { message: tw.sent };
}

/**
 * A sysadmin decides a warranty claim: the holdback released to the contractor (less the fee, as
 * any release), refunded to the client, or split by the contractor's percent; the ledger keys
 * `release:<project>:<currency>:warranty` and `refund:…:warranty` (settleClaim with the key
 * 'warranty'). Both people are told. A holdback not claimed is a 409.
 */
export async function decideWarrantyClaim(deps: WarrantyDeps, actor: Actor, projectId: string, decision: ClaimDecision, now = new Date()) {
  const result = await moneyStep(deps, async (tx) => {
    const project = await lockProjectForMoney(tx, projectId);
    if (!project) throw new AppError('NOT_FOUND', tprojects.notFound);
    const h = await lockHoldback(tx, projectId);
    if (!h || h.status !== 'claimed') throw new AppError('CONFLICT', tw.notClaimed);
    const money = await settleClaim(tx, project, decision, { feePercent: deps.feePercent, by: actor.id, mail: deps.mail, key: 'warranty' });
    const status = decision.outcome === 'release' ? 'released' : decision.outcome === 'refund' ? 'refunded' : 'split';
    await markHoldback(tx, projectId, ['claimed'], status, { decidedAt: now, decidedBy: actor.id, contractorPercent: decision.contractorPercent ?? null });
    await closeClaims(tx, projectId, now);
    // Both people are told what became of the holdback: announced (decision 074), delivered after commit.
    if (project.contractorId)
      await recordMoneyEvent(tx, {
        kind: 'warranty-claim-decided',
        projectId,
        payload: {
          clientId: project.clientId,
          contractorId: project.contractorId,
          amountMinor: h.amountMinor,
          currency: h.currency,
          outcome: decision.outcome,
          contractorPercent: decision.contractorPercent ?? null,
          feePercent: deps.feePercent,
          note: decision.note ?? null,
        },
      });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: `warranty-claim-${decision.outcome}`,
      location: `/proyectos/${projectId}`,
      details: { projectId, ...money, note: decision.note ?? null },
    });
    return { status, ...money };
  });
  if (result.refunded > 0) deps.kickRefunds?.();
  return { message: tw.decided[decision.outcome], ...result };
}

/** The console's open warranty claims (sysadmins). */
export async function listWarrantyClaims(db: Db): Promise<WarrantyClaimRow[]> {
  const rows = await listClaimedHoldbacks(db);
  return rows.map((r) => ({ ...holdbackOf(r.h, r), projectTitle: r.title }));
}

/**
 * The `warranty-holdbacks` job: every holdback still held past its date is released to the
 * contractor (less the fee), as of `now` (the job's time). A claimed one waits for its decision.
 * Each in its own transaction, the project locked and the holdback read again under the lock, so
 * runs at the same moment (or twice) release it once; the ledger key would refuse a second anyway.
 */
export async function releaseDueHoldbacks(deps: WarrantyDeps, now = new Date(), batch = 100): Promise<number> {
  let released = 0;
  for (const projectId of await listDueHoldbacks(deps.db, now, batch)) {
    const done = await deps.db.transaction(async (tx) => {
      const project = await lockProjectForMoney(tx, projectId);
      const h = await lockHoldback(tx, projectId);
      if (!project || !h || h.status !== 'held' || h.releaseAt.getTime() > now.getTime()) return false;
      const people = await projectPeople(tx, projectId);
      const receiptTo = people?.contractor ? { ...people.contractor, title: people.title } : undefined;
      await releaseHeld(tx, project, { feePercent: deps.feePercent, by: null, key: 'warranty', mail: deps.mail, receiptTo });
      await markHoldback(tx, projectId, ['held'], 'released', { decidedAt: now });
      await recordLogEntry(tx, {
        userId: null,
        action: 'warranty-holdback-released',
        location: `/proyectos/${projectId}`,
        details: { projectId, amountMinor: h.amountMinor, currency: h.currency, by: 'system' },
      });
      return true;
    });
    if (done) released++;
  }
  if (released > 0) deps.mail?.mailer.kick();
  return released;
}
