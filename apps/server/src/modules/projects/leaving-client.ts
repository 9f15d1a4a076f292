import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { projectAllows, type ProjectStatus } from '@arreglaya/shared/lifecycles';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { withdrawOpenQuotesOn } from '../../db/open-quotes.ts';
import { projects } from '../../db/schema/index.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { moveProject } from './project-lifecycle.ts';
import { notify, type NotifyDeps } from './project-notify.ts';
import type { ProjectRow } from './projects.repository.ts';

// A banned or deleted client hires nobody (issue 29, rule 5; decisions 009, 023 and 025). In the
// transaction of the ban or of the deletion, each of the client's open projects is cancelled
// (it leaves the open list, and its page is then for its client and sysadmins only), every open
// offer on it is withdrawn with its mail links spent, and each of those contractors is told that
// the project is no longer available, never why. Unbanning reopens nothing: the client posts again.
//
// Hired projects (`assigned` and later) are not touched here: an unfunded hire of a banned client
// ends through the hire-ending path of hire-end.service.ts, which takes `lockProjectsOfClient`'s
// rows; a deletion is refused while such work exists (decision 009).

/** Why the client's projects close: the console's ban, or the client's own deletion. */
export interface ClosedBy {
  /** Who did it: the sysadmin who banned, or the client who deleted the account. */
  actorId: string;
  because: 'account-banned' | 'account-deleted';
}

/**
 * The client's projects in these statuses, locked (FOR UPDATE) until the transaction ends, in id
 * order (two transactions locking several of one client's projects never wait on each other in
 * a circle). Call it after the account's row is locked or updated (a ban's update, a deletion's
 * `lockUser`): a mail link locks the account first too (quote-links.ts).
 */
export async function lockProjectsOfClient(tx: DbOrTx, clientId: string, statuses: readonly ProjectStatus[]): Promise<ProjectRow[]> {
  if (statuses.length === 0) return [];
  return tx
    .select()
    .from(projects)
    .where(and(eq(projects.clientId, clientId), inArray(projects.status, [...statuses])))
    .orderBy(asc(projects.id))
    .for('update');
}

/**
 * Cancels every open project of a client who leaves and withdraws the open offers on them, each
 * contractor told (an inbox notice always, a mail with immediate notifications on), in the
 * caller's transaction. Returns the ids of the projects closed: after the commit the caller tells
 * the open projects' cache (`openProjectsChanged`) and kicks the mailer.
 *
 * Not through `lockForAction`: it checks the actor is the project's client, and here a sysadmin
 * (a ban) or an account being erased acts. The same table decides instead: each project is locked
 * above and moves only if PROJECT_ACTIONS allows 'cancel' from its status, through `moveProject`
 * (status `cancelled`, `cancelledAt` stamped), as the client's own cancel does.
 */
export async function closeOpenProjectsOf(tx: Tx, deps: NotifyDeps, clientId: string, by: ClosedBy): Promise<string[]> {
  const open = (await lockProjectsOfClient(tx, clientId, ['created'])).filter((p) => projectAllows('cancel', p.status));
  if (open.length === 0) return [];
  const now = new Date();
  for (const project of open) await moveProject(tx, project, 'cancel');
  const closed = await withdrawOpenQuotesOn(
    tx,
    open.map((p) => p.id),
    now,
  );
  const byId = new Map(open.map((p) => [p.id, p]));
  const m = tm.projectClosed;
  for (const q of closed) {
    const project = byId.get(q.projectId)!;
    await notify(tx, deps, {
      kind: 'projectClosed',
      to: q.contractorId,
      pair: { clientId, contractorId: q.contractorId, projectId: project.id },
      quoteId: q.id,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(project.title)],
      // Not the project's page: a cancelled project's page is its client's only.
      actions: [{ label: m.seeOpen, url: `${deps.appUrl}/projectlist` }],
    });
  }
  for (const project of open) {
    await recordLogEntry(tx, {
      userId: by.actorId,
      action: 'project-cancelled',
      location: `/proyectos/${project.id}`,
      details: {
        projectId: project.id,
        from: project.status,
        to: 'cancelled',
        because: by.because,
        withdrawn: closed.filter((q) => q.projectId === project.id).map((q) => q.id),
      },
    });
  }
  return open.map((p) => p.id);
}
