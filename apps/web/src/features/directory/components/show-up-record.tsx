import { useId } from 'react';
import { showUpRecord } from '@arreglaya/shared/i18n/show-up-record';
import type { ShowUpRecord as Record } from '@arreglaya/shared/schemas/show-up';
import { useCountry } from '@/lib/country.ts';
import { formatPercent } from '@/lib/format.ts';
import { useShowUpRecord } from '../hooks/use-show-up-record.ts';

const t = showUpRecord;

/**
 * "Cumplimiento" on a contractor's public page (decision 057): from five ended hires on, the share
 * of the last twenty he finished and the share he arrived on time; the late cancellations and
 * no-shows of the last 90 days when there are any; below five, "Aún sin historial suficiente".
 */
export function ShowUpRecord({ contractorId }: { contractorId: string }) {
  const record = useShowUpRecord(contractorId);
  if (!record.data) return null;
  return <RecordFacts record={record.data} />;
}

export function RecordFacts({ record: r }: { record: Record }) {
  const id = useId();
  const { locale } = useCountry();
  const lines = [
    r.completionRate !== null ? t.completion(formatPercent(r.completionRate, locale), r.counted) : null,
    r.onTimeRate !== null ? t.onTime(formatPercent(r.onTimeRate, locale)) : null,
    r.lateCancellations90d > 0 ? t.lateCancellations(r.lateCancellations90d) : null,
    r.noShows90d > 0 ? t.noShows(r.noShows90d) : null,
  ].filter((l): l is string => l !== null);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {t.title}
      </h2>
      {r.completionRate === null && <p className="text-slate-800">{t.notEnough}</p>}
      {lines.length > 0 && (
        <ul className="flex flex-col gap-1 text-slate-800">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
