import { useId, useRef, useState } from 'react';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { ProjectMoney } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatMoney } from '@/lib/format.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { releaseMilestone } from '../api/payments-api.ts';

interface MilestonesListProps {
  projectId: string;
  status: ProjectStatus;
  money: ProjectMoney;
  /** The project's client may release a funded milestone (not the last) while the work is in progress. */
  asClient: boolean;
  /** The hired contractor is told when the next milestone must be paid before the work goes on. */
  asContractor: boolean;
  onChanged: () => Promise<unknown>;
}

const STATUS_CLASSES = {
  pending: 'bg-slate-100 text-slate-800',
  funded: 'bg-amber-100 text-amber-900',
  released: 'bg-green-100 text-green-900',
  refunded: 'bg-slate-200 text-slate-900',
  split: 'bg-sky-100 text-sky-900',
} as const;

/**
 * A staged plan's milestones with their state (decision 021), for the project's client and its
 * contractor. The client releases a funded milestone (after a confirmation) while the work is in
 * progress; the last one goes with the final approval. The contractor is told when the next
 * milestone must be paid before the work goes on.
 */
export function MilestonesList({ projectId, status, money, asClient, asContractor, onChanged }: MilestonesListProps) {
  const titleId = useId();
  const messageBox = useMessageBox();
  const [asking, setAsking] = useState<string | null>(null);
  const releasing = useInFlight();
  const busy = releasing.busy;
  const [failure, setFailure] = useState<string | null>(null);
  // One Idempotency-Key per milestone release attempt: a retry after no answer reuses it.
  const attempt = useRef<{ milestoneId: string; key: string } | null>(null);
  if (money.milestones.length === 0) return null;
  const amount = (minor: number) => formatMoney(minor, money.currency);
  const nextDue = asContractor && status === 'in_progress' && !money.funded && money.releasedMinor > 0;

  // One tap, one request: a second tap while the release is in flight sends nothing.
  const release = (milestoneId: string) =>
    releasing.run(async () => {
      if (attempt.current?.milestoneId !== milestoneId) attempt.current = { milestoneId, key: crypto.randomUUID() };
      setFailure(null);
      try {
        const { message } = await releaseMilestone(projectId, milestoneId, attempt.current.key);
        attempt.current = null;
        setAsking(null);
        messageBox.show({ text: message, kind: 'success' });
        await onChanged();
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {t.milestones.title}
      </h2>
      {nextDue && (
        <p role="note" className="rounded-lg border-l-4 border-accent-700 bg-amber-50 p-4 font-medium text-slate-900">
          {t.milestones.contractorNextDue}
        </p>
      )}
      <ol aria-label={t.milestones.listLabel} className="flex flex-col gap-2">
        {money.milestones.map((m) => {
          const mayRelease = asClient && status === 'in_progress' && m.status === 'funded' && !m.last;
          return (
            <li key={m.id} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{t.milestones.item(m.title, amount(m.amountMinor))}</span>
                <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_CLASSES[m.status]}`}>{t.milestones.statuses[m.status]}</span>
              </div>
              {m.last && (m.status === 'pending' || m.status === 'funded') && <p className="text-sm text-slate-700">{t.milestones.lastNote}</p>}
              {mayRelease && asking !== m.id && (
                <div>
                  <button type="button" aria-label={t.milestones.releaseLabel(m.title)} onClick={() => setAsking(m.id)} className={buttonClasses('secondary')}>
                    {t.milestones.release}
                  </button>
                </div>
              )}
              {mayRelease && asking === m.id && (
                <div role="group" aria-label={t.milestones.releaseLabel(m.title)} className="flex flex-col gap-2">
                  <p className="text-slate-800">{t.milestones.confirmText(m.title, amount(m.amountMinor))}</p>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" disabled={busy} onClick={() => void release(m.id)} className={buttonClasses('primary')}>
                      {busy ? t.milestones.releasing : t.milestones.confirm}
                    </button>
                    <button type="button" disabled={busy} onClick={() => setAsking(null)} className={buttonClasses('secondary')}>
                      {t.milestones.cancel}
                    </button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <p role="alert" className="font-medium text-red-700 empty:hidden">
        {failure}
      </p>
    </section>
  );
}
