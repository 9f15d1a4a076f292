import { guarantee as t } from '@arreglaya/shared/i18n/guarantee';
import { formatNumber } from '@/lib/format.ts';

/** The overview's alerts under the open claims (decision 054): claims without an answer, and decisions late. */
export function ClaimAlerts({ unanswered, late, locale }: { unanswered: number; late: number; locale?: string }) {
  if (unanswered === 0 && late === 0) return null;
  return (
    <span className="mt-1 flex flex-col text-sm font-semibold">
      {late > 0 && <span className="text-red-800">{t.console.lateCount(formatNumber(late, locale))}</span>}
      {unanswered > 0 && <span className="text-amber-900">{t.console.unansweredCount(formatNumber(unanswered, locale))}</span>}
    </span>
  );
}
