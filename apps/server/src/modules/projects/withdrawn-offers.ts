import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import type { Tx } from '../../db/client.ts';
import type { WithdrawnQuote } from '../../db/open-quotes.ts';
import { notify, projectUrl, type NotifyDeps } from './project-notify.ts';
import { findProject } from './projects.repository.ts';
import { findContractorCard } from './quotes.repository.ts';

/**
 * Tells the client of each project that a contractor's offer is no longer available, after a ban
 * or an account deletion withdrew it (db/open-quotes.ts, decision 023), in that same transaction:
 * an inbox notice always, and a mail when the client keeps immediate notifications on, like every
 * other quote notice. Call it after the change: it names the contractor as the project page now
 * shows them (a banned contractor keeps their name; a deleted one has no profile left, so the
 * notice says 'un contratista'), and never says why.
 */
export async function tellClientsOffersWithdrawn(tx: Tx, deps: NotifyDeps, contractorId: string, withdrawn: readonly WithdrawnQuote[]): Promise<void> {
  if (withdrawn.length === 0) return;
  const card = await findContractorCard(tx, contractorId);
  const name = card?.name || tm.offerWithdrawn.someone;
  const m = tm.offerWithdrawn;
  for (const q of withdrawn) {
    const project = await findProject(tx, q.projectId);
    if (!project) continue;
    await notify(tx, deps, {
      kind: 'offerWithdrawn',
      to: project.clientId,
      pair: { clientId: project.clientId, contractorId, projectId: project.id },
      quoteId: q.id,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(project.title, name)],
      actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
    });
  }
}
