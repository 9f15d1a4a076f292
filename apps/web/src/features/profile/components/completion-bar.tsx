import { profile as t } from '@arreglaya/shared/i18n/profile';
import type { Completion } from '@arreglaya/shared/profile-completion';
import { cx } from '@/lib/cx.ts';

/**
 * The profile-completion bar (spec §2, §4): a progressbar named 'Perfil completado' whose value
 * text says the percentage and how many checks pass, and what is still missing.
 */
export function CompletionBar({ completion }: { completion: Completion }) {
  const { percent, done, total, missing } = completion;
  const valueText = t.completion.valueText(percent, done, total);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p id="profile-completion-label" className="font-semibold text-slate-900">
          {t.completion.label}
        </p>
        <p className="font-bold text-brand-800" aria-hidden="true">
          {percent} %
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="profile-completion-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cx('h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none', percent === 100 ? 'bg-green-700' : 'bg-brand-700')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {missing.length === 0 ? t.completion.complete : t.completion.missing(missing.map((item) => t.completion.items[item]).join(', '))}
      </p>
    </div>
  );
}
