import { SANTO_DOMINGO_TIME_ZONE } from '@arreglaya/shared/business-days';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { claimWindowAfterAutoApproval, DELIVERY_REVIEW_DAYS } from '@arreglaya/shared/guarantee';
import { guarantee as tg } from '@arreglaya/shared/i18n/guarantee';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import type { Tx } from '../../db/client.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import { notify, projectUrl, type NotifyDeps } from './project-notify.ts';
import { lockDeliveredBefore, setProjectStatus } from './projects.repository.ts';

/**
 * The automatic approval's first step (decision 054): delivered work nobody approved or claimed
 * within DELIVERY_REVIEW_DAYS is marked approved automatically (`autoApprovedAt`), still
 * delivered with its money held, and both people are told until when the client may still claim.
 * The release follows CLAIM_AFTER_AUTO_APPROVAL_DAYS later (autoApproveDelivered). Returns how many.
 */
export async function stampAutoApprovals(tx: Tx, deps: NotifyDeps, now: Date, batch: number): Promise<number> {
  const due = await lockDeliveredBefore(tx, new Date(now.getTime() - DELIVERY_REVIEW_DAYS * 86_400_000), batch);
  const m = tg.mail.autoApproved;
  for (const p of due) {
    await setProjectStatus(tx, p.id, { autoApprovedAt: now });
    const until = formatDayTime(claimWindowAfterAutoApproval(now), 'es-DO', SANTO_DOMINGO_TIME_ZONE);
    const pair = { clientId: p.clientId, contractorId: p.contractorId!, projectId: p.id };
    const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, p.id) }];
    await notify(tx, deps, {
      kind: 'projectApproved',
      to: p.clientId,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.client(p.title, until)],
      actions,
      facts: { project: p.title },
    });
    await notify(tx, deps, {
      kind: 'projectApproved',
      to: p.contractorId!,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.contractor(p.title, until)],
      actions,
      facts: { project: p.title },
    });
    await recordLogEntry(tx, { userId: null, action: 'project-auto-approved', location: `/proyectos/${p.id}`, details: { projectId: p.id, by: 'system' } });
  }
  return due.length;
}
