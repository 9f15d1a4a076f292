import type { ReactNode } from 'react';
import { cx } from '@/lib/cx.ts';

interface ProgressBarProps {
  /** Id of the visible label, which names the progressbar. */
  labelId: string;
  label: string;
  percent: number;
  /** What a screen reader says for the value (e.g. '3 de 5 campos completados'). */
  valueText: string;
  /** The line under the bar. */
  children: ReactNode;
}

/** A labelled progress bar with its percentage and a line of explanation (profile completion, new-project progress). */
export function ProgressBar({ labelId, label, percent, valueText, children }: ProgressBarProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p id={labelId} className="font-semibold text-slate-900">
          {label}
        </p>
        <p className="font-bold text-brand-800" aria-hidden="true">
          {percent} %
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
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
      <p className="mt-2 text-sm text-slate-700">{children}</p>
    </div>
  );
}
