import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { projectAllows } from '@arreglaya/shared/lifecycles';
import type { Tx } from '../../db/client.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { type ProjectsDeps } from './project-deps.ts';
import { openProjectsChanged } from './open-projects-cache.ts';
import { assertQuoteAction, lockForAction, moveProject, type Actor, moneyAllows } from './project-lifecycle.ts';
import { notify, projectUrl } from './project-notify.ts';
import { findContact, lockHiresAssignedBefore, type ProjectRow } from './projects.repository.ts';
import { lockQuote, updateQuote } from './quotes.repository.ts';
import { hireHoursOf } from './quotes.service.ts';
import { lockProjectsOfClient } from './leaving-client.ts';
import { hireHasMoney, stepBack } from './show-up.service.ts';

// ---- Before funding: a hire ends (issue 29) ----

type HireEnd = 'cancel_hire' | 'withdraw_hire' | 'lapse_hire';

/**
 * Ends a hire nothing was paid for, on a project locked and checked by the caller: the accepted
 * offer is withdrawn (the other offers stay rejected), the project reopens to offers with nobody
 * hired, both people are told (the one who ended it is not told what they did), and it is logged.
 */
async function endHireIn(
  tx: Tx,
  deps: Pick<ProjectsDeps, 'appUrl' | 'mailer' | 'money'>,
  p: ProjectRow,
  action: HireEnd | 'client_left',
  actor: Actor | null,
  reason: string | null,
): Promise<void> {
  const quoteId = p.acceptedQuoteId;
  if (quoteId) {
    const quote = (await lockQuote(tx, quoteId))!;
    assertQuoteAction(quote, 'unhire');
    await updateQuote(tx, quoteId, { status: 'withdrawn', closedAt: new Date() });
  }
  const contractorId = p.contractorId!;
  // A banned client's hire ends as a lapse does (the same move), told as the project closing.
  await moveProject(tx, p, action === 'client_left' ? 'lapse_hire' : action);
  const m = tm.hireEnded;
  const pair = { clientId: p.clientId, contractorId, projectId: p.id };
  const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, p.id) }];
  const why = reason ? [m.reason(reason)] : [];
  const hours = hireHoursOf(deps.money);
  if (action === 'cancel_hire') {
    await notify(tx, deps, { kind: 'hireEnded', to: contractorId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.byClient(p.title), ...why], actions });
  } else if (action === 'withdraw_hire') {
    const name = (await findContact(tx, contractorId))?.name ?? '';
    await notify(tx, deps, { kind: 'hireEnded', to: p.clientId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.byContractor(p.title, name), ...why], actions });
  } else if (action === 'client_left') {
    const c = tm.projectClosed;
    await notify(tx, deps, {
      kind: 'projectClosed',
      to: contractorId,
      pair,
      quoteId,
      subject: c.subject,
      title: c.title,
      paragraphs: [c.hireEnded(p.title)],
      actions: [{ label: c.seeOpen, url: `${deps.appUrl}/projectlist` }],
    });
  } else {
    await notify(tx, deps, { kind: 'hireEnded', to: contractorId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.lapsedContractor(p.title, hours)], actions });
    await notify(tx, deps, { kind: 'hireEnded', to: p.clientId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.lapsedClient(p.title, hours)], actions });
  }
  await recordLogEntry(tx, {
    userId: actor?.id ?? null,
    sessionId: actor?.sessionId ?? null,
    action: `project-${action.replace('_', '-')}`,
    location: `/proyectos/${p.id}`,
    details: { projectId: p.id, quoteId, contractorId, from: 'assigned', to: 'created', by: actor ? actor.role : 'system' },
  });
}

/**
 * POST /api/projects/:id/end-hire: before anything is funded, the client calls the hire off or
 * the hired contractor steps back, with a reason; the project reopens to offers. Refused (409)
 * once money is held or a payment is under way (lockForAction's money check).
 */
export async function endHire(deps: ProjectsDeps, actor: Actor, projectId: string, reason: string): Promise<'created' | 'cancelled'> {
  // A contractor stepping back from a hire with money held: cancelled with a full refund (decision 057).
  if (actor.role === 'contractor' && (await hireHasMoney(deps.db, projectId))) return stepBack(deps, actor, projectId, reason);
  const action = actor.role === 'client' ? 'cancel_hire' : 'withdraw_hire';
  await deps.db.transaction(async (tx) => {
    const project = await lockForAction(tx, projectId, action, actor);
    await endHireIn(tx, deps, project, action, actor, reason);
  });
  openProjectsChanged(deps.db, [projectId]);
  deps.mailer.kick();
  return 'created';
}

/**
 * A client who is banned hires nobody (issue 29, rule 5): each of their hires nothing was paid for
 * ends in the ban's transaction (the contractor told the project is no longer available, never
 * why), the project back to open for the ban to close with the others. A hire with money held
 * stays for a sysadmin to settle (cancel with a refund, decision 021). Returns the projects reopened.
 */
export async function endUnpaidHiresOfClient(tx: Tx, deps: Pick<ProjectsDeps, 'appUrl' | 'mailer' | 'money'>, clientId: string, actor: Actor): Promise<string[]> {
  const ended: string[] = [];
  for (const p of await lockProjectsOfClient(tx, clientId, ['assigned'])) {
    if (!(await moneyAllows(tx, p, 'lapse_hire'))) continue;
    await endHireIn(tx, deps, p, 'client_left', actor, null);
    ended.push(p.id);
  }
  return ended;
}

/**
 * Hires not funded within HIRE_PAYMENT_HOURS lapse (the minute sweep): each project is taken under
 * its row lock (others' skipped) and only while still assigned with nothing funded and no payment
 * under way, so a hire lapses once however many instances sweep, and a restart repeats nothing.
 * Returns how many lapsed.
 */
export async function lapseUnpaidHires(deps: Pick<ProjectsDeps, 'db' | 'mailer' | 'appUrl' | 'money'>, now = new Date(), batch = 100): Promise<number> {
  const lapsed = await deps.db.transaction(async (tx) => {
    const due = await lockHiresAssignedBefore(tx, new Date(now.getTime() - hireHoursOf(deps.money) * 3_600_000), batch);
    const ids: string[] = [];
    for (const p of due) {
      if (!projectAllows('lapse_hire', p.status) || !(await moneyAllows(tx, p, 'lapse_hire'))) continue;
      await endHireIn(tx, deps, p, 'lapse_hire', null, null);
      ids.push(p.id);
    }
    return ids;
  });
  if (lapsed.length === 0) return 0;
  openProjectsChanged(deps.db, lapsed);
  deps.mailer.kick();
  return lapsed.length;
}
