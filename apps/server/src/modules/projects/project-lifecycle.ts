import { projects as tp, quotes as tq } from '@arreglaya/shared/i18n/projects';
import {
  MONEY_GATES,
  moneyShortfall,
  PROJECT_ACTIONS,
  projectAllows,
  quoteAllows,
  UNFUNDED_ONLY,
  type ProjectAction,
  type QuoteAction,
  type QuoteStatus,
} from '@arreglaya/shared/lifecycles';
import { formatMoney } from '@arreglaya/shared/format-money';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { moneyCoverOf } from '../payments/payments.service.ts';
import { lockProject, setProjectStatus, type ProjectRow } from './projects.repository.ts';

// The one place that decides whether a project or quote may move (PROJECT_ACTIONS and
// QUOTE_ACTIONS in packages/shared). Every service function that changes a project or a quote
// locks the project and asks here first; a refusal is a 409 with the table's Spanish reason,
// thrown before anything is written, so the transaction changes nothing. The money each move
// needs (MONEY_GATES, UNFUNDED_ONLY) is checked here too, under the same lock, so no page, mail
// link or sweep can start, deliver or approve work whose money is not held (decision 021).

export interface Actor {
  id: string;
  role: string;
  sessionId?: string | null;
}

/** Whether the person is the one the action belongs to (the project's client, or its hired contractor). */
function ownsAction(project: ProjectRow, action: ProjectAction, actor: Actor): boolean {
  const by = PROJECT_ACTIONS[action].by;
  if (actor.role !== by) return false;
  if (by === 'sysadmin') return true;
  if (by === 'client') return project.clientId === actor.id;
  // Any contractor may quote on an open project; the rest is the hired contractor's.
  return action === 'quote' || project.contractorId === actor.id;
}

/** Every move's refusal: the projects' own and the record of who shows up's (decision 057). */
const REFUSED: Record<ProjectAction, string> = { ...tp.refused, ...showUp.refused };

/** Refuses (403, then 409) unless the actor may do the action on the project as it is now. */
export function assertProjectAction(project: ProjectRow, action: ProjectAction, actor: Actor): void {
  if (!ownsAction(project, action, actor)) throw new AppError('FORBIDDEN', tp.notYours);
  if (!projectAllows(action, project.status)) throw new AppError('CONFLICT', REFUSED[action]);
}

/** Locks the project, then checks the action and the money it needs; 404 when there is no such project. */
export async function lockForAction(tx: Tx, projectId: string, action: ProjectAction, actor: Actor): Promise<ProjectRow> {
  const project = await lockProject(tx, projectId);
  if (!project) throw new AppError('NOT_FOUND', tp.notFound);
  assertProjectAction(project, action, actor);
  await assertMoneyAllows(tx, project, action);
  return project;
}

const gated = (action: ProjectAction) => action in MONEY_GATES;
const unfundedOnly = (action: ProjectAction) => (UNFUNDED_ONLY as readonly ProjectAction[]).includes(action);

/**
 * Payment protection's rule (issue 29), for a project locked by the caller: a gated move needs
 * its money held or released (409 naming what is still due); undoing a hire needs nothing funded
 * and no payment under way. Other moves pass without a read.
 */
export async function assertMoneyAllows(tx: Tx, project: ProjectRow, action: ProjectAction): Promise<void> {
  if (!gated(action) && !unfundedOnly(action)) return;
  const cover = project.acceptedQuoteId ? await moneyCoverOf(tx, project.id) : null;
  if (gated(action)) {
    const short = cover ? moneyShortfall(action, cover) : 1;
    if (short > 0) throw new AppError('CONFLICT', tp.moneyRefused[action as keyof typeof MONEY_GATES](cover ? formatMoney(short, cover.currency) : ''));
    return;
  }
  if (cover?.paymentUnderWay) throw new AppError('CONFLICT', tp.moneyRefused.paymentUnderWay);
  if (cover && cover.fundedMinor > 0) throw new AppError('CONFLICT', tp.moneyRefused.funded);
}

const STAMPS = {
  created: 'updatedAt',
  assigned: 'assignedAt',
  in_progress: 'startedAt',
  delivered: 'deliveredAt',
  completado: 'completedAt',
  disputed: 'disputedAt',
  cancelled: 'cancelledAt',
} as const;

/**
 * Moves a locked project along an action that leads somewhere, stamping when. `extra` carries
 * what the move records (the hired contractor, the delivery note, the claim).
 */
export async function moveProject(
  tx: Tx,
  project: ProjectRow,
  action: ProjectAction,
  extra: { contractorId?: string; acceptedQuoteId?: string; deliveryNote?: string | null; claimReason?: string | null } = {},
): Promise<ProjectRow['status']> {
  const to = PROJECT_ACTIONS[action].to;
  if (to === null) throw new Error(`action ${action} does not move a project`);
  const now = new Date();
  // Back to open (a hire that ended before funding): nobody is hired any more.
  const reopen = to === 'created' ? { contractorId: null, acceptedQuoteId: null, assignedAt: null } : {};
  await setProjectStatus(tx, project.id, { status: to, [STAMPS[to]]: now, ...reopen, ...extra });
  return to;
}

/** Refuses (409) a quote action the quote's status (or its expiry) does not allow. */
export function assertQuoteAction(quote: { status: QuoteStatus; expiresAt: Date | null }, action: QuoteAction, now = new Date()): void {
  if (!quoteAllows(action, quote.status)) throw new AppError('CONFLICT', quote.status === 'expired' ? tq.refused.expired : tq.refused.closed);
  // An offer past its date is expired even before the sweep has marked it.
  if (action !== 'withdraw' && quote.expiresAt && quote.expiresAt <= now) throw new AppError('CONFLICT', tq.refused.expired);
}

/** Whether the money allows the move (the same check as lockForAction's, answered instead of thrown). */
export async function moneyAllows(tx: Tx, p: ProjectRow, action: 'auto_approve' | 'lapse_hire'): Promise<boolean> {
  try {
    await assertMoneyAllows(tx, p, action);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return false;
    throw err;
  }
}
