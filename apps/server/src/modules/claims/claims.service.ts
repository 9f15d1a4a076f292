import { addBusinessDays, SANTO_DOMINGO_TIME_ZONE } from '@arreglaya/shared/business-days';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { autoApprovalDueAt, CLAIM_ANSWER_BUSINESS_DAYS, CLAIM_DECIDE_BUSINESS_DAYS, claimWindowAfterAutoApproval, type ClaimKind } from '@arreglaya/shared/guarantee';
import { guarantee as tg } from '@arreglaya/shared/i18n/guarantee';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import type { ClaimView, ProjectClaim } from '@arreglaya/shared/schemas/claims';
import type { Db, Tx } from '../../db/client.ts';
import type { projects } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { notify, projectUrl, type NotifyDeps } from '../projects/project-notify.ts';
import {
  countClaimAlerts,
  escalateUnanswered,
  findClaimProject,
  findLatestClaim,
  findLatestClaims,
  insertClaim,
  lockClaimProject,
  lockOpenClaim,
  markClaimsDecided,
  markLateDecisions,
  setClaimAnswer,
  type ClaimRow,
} from './claims.repository.ts';

// The guarantee's claims (issue 49, decision 054): the window to open one, the other side's
// answer, and the deadlines kept by the claims-deadlines job. The project's move to 'disputed'
// stays the projects service's (changeStatus); it calls openClaim in the same transaction.

export interface ClaimsDeps extends NotifyDeps {
  db: Db;
  /** The server's clock (tests move it). */
  clock?: () => Date;
}

interface Viewer {
  id: string;
  role: string;
  sessionId?: string | null;
}

type ProjectRow = typeof projects.$inferSelect;
type WindowFacts = Pick<ProjectRow, 'status' | 'deliveredAt' | 'autoApprovedAt' | 'completedAt'>;

const when = (d: Date) => formatDayTime(d, 'es-DO', SANTO_DOMINGO_TIME_ZONE);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Until when a claim may be opened on a project as it is: in progress, no deadline (null with
 * `open`); delivered, until CLAIM_AFTER_AUTO_APPROVAL_DAYS after the automatic approval (made, or
 * due); otherwise closed.
 */
export function claimWindow(p: WindowFacts, now: Date): { open: boolean; until: Date | null } {
  if (p.status === 'in_progress') return { open: true, until: null };
  if (p.status !== 'delivered') return { open: false, until: null };
  const approvedAt = p.autoApprovedAt ?? (p.deliveredAt ? autoApprovalDueAt(p.deliveredAt) : null);
  const until = approvedAt ? claimWindowAfterAutoApproval(approvedAt) : null;
  return { open: until === null || now < until, until };
}

/**
 * The guarantee's window, for the project's own client (anyone else is answered by the action's
 * usual checks): past it, a 409 naming the window and when it closed. Nothing is written.
 */
export function assertClaimWindow(p: (WindowFacts & { clientId: string }) | undefined, actor: Viewer, now: Date): void {
  if (!p || actor.role !== 'client' || p.clientId !== actor.id) return;
  if (p.status === 'delivered') {
    const w = claimWindow(p, now);
    if (!w.open && w.until) throw new AppError('CONFLICT', tg.refused.windowClosed(when(w.until)));
  } else if (p.status === 'completado') {
    if (p.autoApprovedAt) throw new AppError('CONFLICT', tg.refused.windowClosed(when(claimWindowAfterAutoApproval(p.autoApprovedAt))));
    if (p.completedAt) throw new AppError('CONFLICT', tg.refused.approved(when(p.completedAt)));
  }
}

/** Stores the claim with its deadlines, in the transaction that moves the project to 'disputed'. */
export async function openClaim(tx: Tx, project: Pick<ProjectRow, 'id'>, openedBy: string, reason: string, now: Date, kind: ClaimKind = 'delivery') {
  const row = await insertClaim(tx, {
    projectId: project.id,
    kind,
    openedBy,
    reason,
    openedAt: now,
    answerDueAt: addBusinessDays(now, CLAIM_ANSWER_BUSINESS_DAYS),
    decideDueAt: addBusinessDays(now, CLAIM_DECIDE_BUSINESS_DAYS),
  });
  if (!row) throw new AppError('CONFLICT', tg.refused.alreadyOpen);
  return row;
}

/** The latest claim of each project, as the console lists them. */
export async function latestClaimsOf(db: Db, projectIds: string[]): Promise<Map<string, ClaimView>> {
  return new Map((await findLatestClaims(db, projectIds)).map((c) => [c.projectId, claimView(c)]));
}

/** The console's alerts: undecided claims escalated unanswered, and those late for a decision. */
export async function claimAlerts(db: Db): Promise<{ unanswered: number; late: number }> {
  return countClaimAlerts(db);
}

/** The claim is decided (decideClaim's transaction). */
export async function closeClaims(tx: Tx, projectId: string, now: Date): Promise<void> {
  await markClaimsDecided(tx, projectId, now);
}

export function claimView(c: ClaimRow): ClaimView {
  return {
    id: c.id,
    kind: c.kind as ClaimKind,
    reason: c.reason,
    openedAt: c.openedAt.toISOString(),
    answer: c.answer,
    answeredAt: iso(c.answeredAt),
    answerDueAt: c.answerDueAt.toISOString(),
    escalatedAt: iso(c.escalatedAt),
    decideDueAt: c.decideDueAt.toISOString(),
    decidedAt: iso(c.decidedAt),
    lateAt: iso(c.lateAt),
  };
}

type ClaimProject = NonNullable<Awaited<ReturnType<typeof findClaimProject>>>;

function viewOf(p: ClaimProject, claim: ClaimRow | undefined, viewer: Viewer, now: Date): ProjectClaim {
  const w = claimWindow(p, now);
  return {
    claim: claim ? claimView(claim) : null,
    autoApprovedAt: iso(p.autoApprovedAt),
    claimUntil: p.status === 'delivered' && w.open ? iso(w.until) : null,
    canAnswer: !!claim && claim.decidedAt === null && viewer.role === 'contractor' && p.contractorId === viewer.id,
  };
}

const mayRead = (p: ClaimProject, viewer: Viewer) => viewer.role === 'sysadmin' || p.clientId === viewer.id || (p.contractorId !== null && p.contractorId === viewer.id);

/** GET /api/projects/:id/claim: the claim and its deadlines, for the project's two people and the team; 404 for anyone else. */
export async function readProjectClaim(deps: ClaimsDeps, viewer: Viewer, projectId: string): Promise<ProjectClaim> {
  const p = await findClaimProject(deps.db, projectId);
  if (!p || !mayRead(p, viewer)) throw new AppError('NOT_FOUND');
  return viewOf(p, await findLatestClaim(deps.db, projectId), viewer, deps.clock?.() ?? new Date());
}

/**
 * POST /api/projects/:id/claim/answer: the other side (the hired contractor, for a client's
 * claim) answers; the answer may be replaced until the claim is decided. The client is told.
 */
export async function answerClaim(deps: ClaimsDeps, viewer: Viewer, projectId: string, answer: string): Promise<ProjectClaim> {
  const now = deps.clock?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const p = await lockClaimProject(tx, projectId);
    if (!p || !mayRead(p, viewer) || viewer.role === 'sysadmin') throw new AppError('NOT_FOUND');
    if (viewer.role !== 'contractor' || p.contractorId !== viewer.id) throw new AppError('FORBIDDEN', tg.refused.notYourClaim);
    const open = await lockOpenClaim(tx, projectId);
    if (!open) throw new AppError('CONFLICT', tg.refused.noClaim);
    await setClaimAnswer(tx, open.id, answer, now);
    const m = tg.mail.answered;
    await notify(tx, deps, {
      kind: 'projectDisputed',
      to: p.clientId,
      pair: { clientId: p.clientId, contractorId: p.contractorId!, projectId },
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(p.title), answer],
      actions: [{ label: tm.open, url: projectUrl(deps.appUrl, projectId) }],
    });
    await recordLogEntry(tx, {
      userId: viewer.id,
      sessionId: viewer.sessionId ?? null,
      action: 'project-claim-answered',
      location: `/proyectos/${projectId}`,
      details: { projectId, claimId: open.id, late: now > open.answerDueAt },
    });
    return viewOf(p, { ...open, answer, answeredAt: now }, viewer, now);
  });
  deps.mailer.kick();
  return result;
}

/**
 * The claims-deadlines job: undecided claims unanswered past their answer's deadline are
 * escalated (the console lists them "Sin respuesta"); those undecided past the decision's
 * deadline raise the console's late-decision alert. Each is stamped once; returns how many.
 */
export async function runClaimDeadlines(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const escalated = await escalateUnanswered(tx, now);
    const late = await markLateDecisions(tx, now);
    for (const c of escalated)
      await recordLogEntry(tx, { userId: null, action: 'claim-escalated', location: `/admin/reclamos/${c.projectId}`, details: { projectId: c.projectId, claimId: c.id } });
    for (const c of late)
      await recordLogEntry(tx, { userId: null, action: 'claim-decision-late', location: `/admin/reclamos/${c.projectId}`, details: { projectId: c.projectId, claimId: c.id } });
    return escalated.length + late.length;
  });
}
