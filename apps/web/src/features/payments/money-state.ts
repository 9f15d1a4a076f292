import { moneyShortfall, moneyToBeginHeld, type ProjectStatus } from '@arreglaya/shared/lifecycles';
import { paymentsWeb } from '@arreglaya/shared/i18n/payments';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { formatMoment, formatMoney } from '@/lib/format.ts';

const t = paymentsWeb.state;

/**
 * Where a hired project's money stands, in one of a few states (issue 29): the money panel says
 * exactly one of them, so it never says "held until you approve" on a finished or refunded
 * project. The gates themselves are the shared ones (`moneyToBeginHeld`, `moneyShortfall`).
 */
export type MoneyState =
  /** The hire waits for the money to begin: `dueMinor` by `payBy` (or the hire lapses). */
  | { kind: 'awaiting'; dueMinor: number; payBy: string | null }
  /** Held in escrow, nothing released yet (`next`: a staged plan's stage that may be paid now, needed before the delivery). */
  | { kind: 'held'; heldMinor: number; disputed: boolean; next: { title: string; amountMinor: number } | null }
  /** A staged plan under way: some released, the rest held or still to pay (`next`: the milestone due now). */
  | { kind: 'partlyReleased'; releasedMinor: number; heldMinor: number; next: { title: string; amountMinor: number } | null }
  /** Everything went to the contractor. */
  | { kind: 'released'; releasedMinor: number; at: string | null }
  /** Money went back to the client (and, after a split decision, part of it to the contractor). */
  | { kind: 'refunded'; refundedMinor: number; at: string | null; releasedMinor: number; releasedAt: string | null }
  /** Nothing to say (never hired, or called off before any money). */
  | { kind: 'none' };

export function moneyState(status: ProjectStatus, m: ProjectMoney): MoneyState {
  if (m.refundedMinor > 0 && m.heldMinor === 0) {
    return { kind: 'refunded', refundedMinor: m.refundedMinor, at: m.refundedAt, releasedMinor: m.releasedMinor, releasedAt: m.releasedAt };
  }
  if (m.releasedMinor > 0 && m.heldMinor === 0 && (status === 'completado' || m.releasedMinor >= m.priceMinor)) {
    return { kind: 'released', releasedMinor: m.releasedMinor, at: m.releasedAt };
  }
  const pending = m.milestones.find((x) => x.status === 'pending');
  const next = m.dueMinor > 0 && pending ? { title: pending.title, amountMinor: m.dueMinor } : null;
  if (m.releasedMinor > 0) {
    return { kind: 'partlyReleased', releasedMinor: m.releasedMinor, heldMinor: m.heldMinor, next };
  }
  if ((status === 'assigned' || status === 'in_progress') && !moneyToBeginHeld(m)) {
    return { kind: 'awaiting', dueMinor: m.dueMinor > 0 ? m.dueMinor : moneyShortfall('start', m), payBy: m.payBy };
  }
  if (m.heldMinor > 0) return { kind: 'held', heldMinor: m.heldMinor, disputed: status === 'disputed', next: status === 'disputed' ? null : next };
  return { kind: 'none' };
}

/** The state in words for the client or the hired contractor: the line, and a second one when there is more to say. */
export function moneyStateText(state: MoneyState, m: ProjectMoney, viewer: 'client' | 'contractor', locale: string): { line: string; note: string | null } | null {
  const amount = (minor: number) => formatMoney(minor, m.currency);
  const day = (iso: string) => formatMoment(iso, locale);
  switch (state.kind) {
    case 'awaiting': {
      const by = state.payBy ? formatMoment(state.payBy, locale, true) : null;
      if (viewer === 'client') return { line: by ? t.payBy(amount(state.dueMinor), by) : t.payNow(amount(state.dueMinor)), note: by ? t.payByNote : null };
      return { line: by ? t.waitingBy(amount(state.dueMinor), by) : t.waiting(amount(state.dueMinor)), note: by ? t.waitingByNote : null };
    }
    case 'held':
      return {
        line: state.disputed ? t.heldDisputed(amount(state.heldMinor)) : viewer === 'client' ? t.heldClient(amount(state.heldMinor)) : t.heldContractor(amount(state.heldMinor)),
        note: nextStageNote(state.next, viewer === 'client' ? t.nextStageClient : t.nextStageContractor, amount),
      };
    case 'partlyReleased':
      return {
        line: t.partlyReleased(amount(state.releasedMinor), amount(m.priceMinor), amount(state.heldMinor)),
        note: nextStageNote(state.next, viewer === 'client' ? t.nextDueClient : t.nextDueContractor, amount),
      };
    case 'released':
      return { line: state.at ? t.released(amount(state.releasedMinor), day(state.at)) : t.releasedUndated(amount(state.releasedMinor)), note: null };
    case 'refunded': {
      const released =
        state.releasedMinor > 0 ? (state.releasedAt ? t.released(amount(state.releasedMinor), day(state.releasedAt)) : t.releasedUndated(amount(state.releasedMinor))) : null;
      const refunded = amount(state.refundedMinor);
      const line =
        viewer === 'client'
          ? state.at
            ? t.refundedClient(refunded, day(state.at))
            : t.refundedClientUndated(refunded)
          : state.at
            ? t.refunded(refunded, day(state.at))
            : t.refundedUndated(refunded);
      return { line, note: released };
    }
    case 'none':
      return null;
  }
}

/** The staged plan's stage to pay next, in the words `text` gives it; null when none is due. */
function nextStageNote(next: { title: string; amountMinor: number } | null, text: (title: string, amount: string) => string, amount: (minor: number) => string): string | null {
  return next ? text(next.title, amount(next.amountMinor)) : null;
}
