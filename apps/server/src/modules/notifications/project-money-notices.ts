import { SANTO_DOMINGO_TIME_ZONE } from '@arreglaya/shared/business-days';
import { formatDayTime } from '@arreglaya/shared/format-dates';
import { DELIVERY_REVIEW_DAYS } from '@arreglaya/shared/guarantee';
import { guarantee as tg } from '@arreglaya/shared/i18n/guarantee';
import { projectMail as tm } from '@arreglaya/shared/i18n/projects';
import { showUp as tsu } from '@arreglaya/shared/i18n/show-up';
import type { MoneyEventHandlers } from '../payments/payments.service.ts';
import { projectUrl, type NotifyDeps } from '../projects/project-notify.ts';
import { both, tellParties, type PartiesNotice } from './tell-parties.ts';

// The notices of a project's money moves (decision 074): an approval (the client's or the automatic
// one) and what the automatic approval's first step tells, a claim opened on delivered work, a
// sysadmin's decision on it, and a hire that ends with its money refunded (a sysadmin calling it
// off, the contractor stepping back, a no-show). The projects' services announce them in the
// transaction that moves the money (project-progress.service.ts, auto-approval.ts,
// show-up.service.ts); they are told here after its commit, so a notice that fails never undoes
// the release, the freeze, the decision or the refund.

/** A funded hire that ended on the show-up's rules (decision 057): its texts, the link to the project's show-up panel, mailed whatever their settings. */
const hireEnded = (appUrl: string, projectId: string): Omit<PartiesNotice, 'told'> => ({
  kind: 'projectCancelled',
  text: { subject: tsu.mail.cancelledSubject, title: tsu.mail.cancelledTitle },
  actions: [{ label: tsu.web.title, url: projectUrl(appUrl, projectId) }],
  alwaysMail: true,
});

type Kind = 'project-approved' | 'project-auto-approved' | 'project-disputed' | 'claim-decided' | 'project-cancelled' | 'hire-stepped-back' | 'no-show-reported';

export const projectMoneyHandlers: MoneyEventHandlers<NotifyDeps, Kind> = {
  /** The client approved (the contractor is told), or the system did after the claim window (both are told). */
  async 'project-approved'(tx, deps, e) {
    const { automatic } = e.payload;
    const m = tm.projectApproved;
    await tellParties(tx, deps, e, {
      kind: 'projectApproved',
      text: m,
      told: (title) =>
        automatic
          ? [
              ['contractor', [m.automatically(title, DELIVERY_REVIEW_DAYS)]],
              ['client', [m.automatically(title, DELIVERY_REVIEW_DAYS)]],
            ]
          : [['contractor', [m.intro(title)]]],
    });
  },

  /** Delivered work marked approved automatically, its money still held (decision 054): both are told until when the client may still claim. */
  async 'project-auto-approved'(tx, deps, e) {
    const { claimUntil } = e.payload;
    const until = formatDayTime(new Date(claimUntil), 'es-DO', SANTO_DOMINGO_TIME_ZONE);
    const m = tg.mail.autoApproved;
    await tellParties(tx, deps, e, {
      kind: 'projectApproved',
      text: m,
      told: (title) => [
        ['client', [m.client(title, until)]],
        ['contractor', [m.contractor(title, until)]],
      ],
    });
  },

  /** The client claimed on delivered work, its money frozen: the contractor is told, with the reason. */
  async 'project-disputed'(tx, deps, e) {
    const m = tm.projectDisputed;
    await tellParties(tx, deps, e, {
      kind: 'projectDisputed',
      text: m,
      told: (title) => [['contractor', [m.intro(title), m.reason(e.payload.reason)]]],
    });
  },

  /** A sysadmin decided the claim; it settles their money, so both are mailed whatever their settings, with the committee's reason. */
  async 'claim-decided'(tx, deps, e) {
    const { outcome, contractorPercent, note } = e.payload;
    const m = tm.claimDecided;
    const paragraphsOf = (title: string) => {
      const paragraph = outcome === 'release' ? m.release(title) : outcome === 'refund' ? m.refund(title) : m.split(title, contractorPercent ?? 0);
      return note ? [paragraph, m.reason(note)] : [paragraph];
    };
    await tellParties(tx, deps, e, {
      kind: 'claimDecided',
      text: m,
      alwaysMail: true,
      told: (title) => both(paragraphsOf(title)),
    });
  },

  /** A sysadmin called the hire off before the work started (both agreed, through the team), everything held refunded: both are told. */
  async 'project-cancelled'(tx, deps, e) {
    const m = tm.projectCancelled;
    await tellParties(tx, deps, e, {
      kind: 'projectCancelled',
      text: m,
      told: (title) => both([m.intro(title)]),
    });
  },

  /** The hired contractor stepped back from a funded hire, everything held back to the client: she is told, with his reason, whatever her settings. */
  async 'hire-stepped-back'(tx, deps, e) {
    const m = tsu.mail;
    await tellParties(tx, deps, e, {
      ...hireEnded(deps.appUrl, e.projectId),
      told: (title, people) => [['client', [m.steppedBack(title, people?.contractor?.name ?? ''), m.reason(e.payload.reason)]]],
    });
  },

  /** The client reported that the contractor never came, everything held back to her: he is told, whatever his settings. */
  async 'no-show-reported'(tx, deps, e) {
    const m = tsu.mail;
    await tellParties(tx, deps, e, { ...hireEnded(deps.appUrl, e.projectId), told: (title) => [['contractor', [m.noShow(title)]]] });
  },
};
