import { SANTO_DOMINGO_TIME_ZONE } from '@arreglaya/shared/business-days';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { DELIVERY_REVIEW_DAYS } from '@arreglaya/shared/guarantee';
import { guarantee as tg } from '@arreglaya/shared/i18n/guarantee';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { projectPeople, type MoneyEventHandlers } from '../payments/payments.service.ts';
import { notify, projectUrl, type NotifyDeps } from '../projects/project-notify.ts';

// The notices of a project's money moves (decision 074): an approval (the client's or the automatic
// one) and what the automatic approval's first step tells, a claim opened on delivered work, and a
// sysadmin's decision on it. The projects' services announce them in the transaction that moves the
// money (project-progress.service.ts, auto-approval.ts); they are told here after its commit, so a
// notice that fails never undoes the release, the freeze or the decision.

export const projectMoneyHandlers: MoneyEventHandlers<NotifyDeps, 'project-approved' | 'project-auto-approved' | 'project-disputed' | 'claim-decided'> = {
  /** The client approved (the contractor is told), or the system did after the claim window (both are told). */
  async 'project-approved'(tx, deps, e) {
    const { clientId, contractorId, automatic } = e.payload;
    const people = await projectPeople(tx, e.projectId);
    const title = people?.title ?? '';
    const m = tm.projectApproved;
    const pair = { clientId, contractorId, projectId: e.projectId };
    const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, e.projectId) }];
    const told = automatic
      ? ([
          [contractorId, people?.contractor, m.automatically(title, DELIVERY_REVIEW_DAYS)],
          [clientId, people?.client, m.automatically(title, DELIVERY_REVIEW_DAYS)],
        ] as const)
      : ([[contractorId, people?.contractor, m.intro(title)]] as const);
    for (const [to, known, paragraph] of told)
      await notify(tx, deps, {
        kind: 'projectApproved',
        to,
        known: known ?? undefined,
        pair,
        subject: m.subject,
        title: m.title,
        paragraphs: [paragraph],
        actions,
        facts: { project: title },
      });
  },

  /** Delivered work marked approved automatically, its money still held (decision 054): both are told until when the client may still claim. */
  async 'project-auto-approved'(tx, deps, e) {
    const { clientId, contractorId, claimUntil } = e.payload;
    const people = await projectPeople(tx, e.projectId);
    const title = people?.title ?? '';
    const until = formatDayTime(new Date(claimUntil), 'es-DO', SANTO_DOMINGO_TIME_ZONE);
    const m = tg.mail.autoApproved;
    const pair = { clientId, contractorId, projectId: e.projectId };
    const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, e.projectId) }];
    for (const [to, known, paragraph] of [
      [clientId, people?.client, m.client(title, until)],
      [contractorId, people?.contractor, m.contractor(title, until)],
    ] as const)
      await notify(tx, deps, {
        kind: 'projectApproved',
        to,
        known: known ?? undefined,
        pair,
        subject: m.subject,
        title: m.title,
        paragraphs: [paragraph],
        actions,
        facts: { project: title },
      });
  },

  /** The client claimed on delivered work, its money frozen: the contractor is told, with the reason. */
  async 'project-disputed'(tx, deps, e) {
    const { clientId, contractorId, reason } = e.payload;
    const people = await projectPeople(tx, e.projectId);
    const m = tm.projectDisputed;
    await notify(tx, deps, {
      kind: 'projectDisputed',
      to: contractorId,
      known: people?.contractor ?? undefined,
      pair: { clientId, contractorId, projectId: e.projectId },
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(people?.title ?? ''), m.reason(reason)],
      actions: [{ label: tm.open, url: projectUrl(deps.appUrl, e.projectId) }],
    });
  },

  /** A sysadmin decided the claim; it settles their money, so both are mailed whatever their settings, with the committee's reason. */
  async 'claim-decided'(tx, deps, e) {
    const { clientId, contractorId, outcome, contractorPercent, note } = e.payload;
    const people = await projectPeople(tx, e.projectId);
    const title = people?.title ?? '';
    const m = tm.claimDecided;
    const paragraph = outcome === 'release' ? m.release(title) : outcome === 'refund' ? m.refund(title) : m.split(title, contractorPercent ?? 0);
    const paragraphs = note ? [paragraph, m.reason(note)] : [paragraph];
    const pair = { clientId, contractorId, projectId: e.projectId };
    const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, e.projectId) }];
    for (const [to, known] of [
      [clientId, people?.client],
      [contractorId, people?.contractor],
    ] as const)
      await notify(tx, deps, {
        kind: 'claimDecided',
        to,
        known: known ?? undefined,
        pair,
        subject: m.subject,
        title: m.title,
        paragraphs,
        actions,
        alwaysMail: true,
        facts: { project: title },
      });
  },
};
