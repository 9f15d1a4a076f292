import { SANTO_DOMINGO_TIME_ZONE } from '@arreglaya/shared/business-days';
import { guarantee as t } from '@arreglaya/shared/i18n/guarantee';
import type { ClaimView } from '@arreglaya/shared/schemas/claims';
import { formatMoment } from '@/lib/format.ts';

/** A deadline as the guarantee states it: its day and time in Santo Domingo (the rule's clock). */
export function formatDeadline(iso: string, locale?: string): string {
  return formatMoment(iso, locale, true, SANTO_DOMINGO_TIME_ZONE);
}

function Row({ label, value, tone = 'plain' }: { label: string; value: string; tone?: 'plain' | 'alert' }) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className={tone === 'alert' ? 'font-semibold text-red-800' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}

/**
 * Every deadline of a claim with its date and time (decision 054): the opening, the other side's
 * answer (due, given, or "Sin respuesta" once escalated), the team's decision (due, made, or late).
 * The project page (both people) and the console's claim page show it.
 */
export function ClaimDeadlines({ claim, locale }: { claim: ClaimView; locale?: string }) {
  const at = (iso: string) => formatDeadline(iso, locale);
  return (
    <dl className="flex flex-col gap-2">
      <Row label={t.openedAt} value={at(claim.openedAt)} />
      <Row label={t.answerDueAt} value={at(claim.answerDueAt)} />
      {claim.answeredAt && <Row label={t.answeredAt} value={at(claim.answeredAt)} />}
      {claim.escalatedAt && !claim.answeredAt && <Row label={t.unanswered} value={`${t.escalatedAt} ${at(claim.escalatedAt)}`} tone="alert" />}
      <Row label={t.decideDueAt} value={at(claim.decideDueAt)} />
      {claim.decidedAt && <Row label={t.decidedAt} value={at(claim.decidedAt)} />}
      {claim.lateAt && !claim.decidedAt && <Row label={t.late} value={t.lateSince(at(claim.lateAt))} tone="alert" />}
    </dl>
  );
}

/** The console's marks on a claim: "Sin respuesta" (escalated unanswered) and "Decisión atrasada". */
export function ClaimBadges({ claim }: { claim: ClaimView | null }) {
  if (!claim) return null;
  const unanswered = claim.escalatedAt !== null && claim.answeredAt === null;
  const late = claim.lateAt !== null && claim.decidedAt === null;
  if (!unanswered && !late) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-2">
      {unanswered && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{t.console.unansweredBadge}</span>}
      {late && <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">{t.console.lateBadge}</span>}
    </p>
  );
}
