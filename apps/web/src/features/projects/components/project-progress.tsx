import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { projectProgress, type ProjectInput } from '@arreglaya/shared/schemas/projects';
import { cx } from '@/lib/cx.ts';

type ProgressValues = Partial<Pick<ProjectInput, 'services' | 'title' | 'propertyType' | 'startDate' | 'description'>>;

/** Blank text does not count as filled in. */
const filled = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);

/** How much of the five counted fields (spec §4: services, title, property type, start date, description) is filled. */
export function progressOf(values: ProgressValues): { percent: number; done: number } {
  const ratio = projectProgress({
    services: values.services,
    title: filled(values.title),
    propertyType: filled(values.propertyType),
    startDate: filled(values.startDate),
    description: filled(values.description),
  });
  return { percent: Math.round(ratio * 100), done: Math.round(ratio * 5) };
}

/** The new-project progress bar: a named progressbar whose value text says how many fields are done. */
export function ProjectProgress({ values }: { values: ProgressValues }) {
  const { percent, done } = progressOf(values);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <p id="project-progress-label" className="font-semibold text-slate-900">
          {t.form.progress}
        </p>
        <p className="font-bold text-brand-800" aria-hidden="true">
          {percent} %
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="project-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t.form.progressText(done)}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cx('h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none', percent === 100 ? 'bg-green-700' : 'bg-brand-700')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-slate-700">{t.form.progressText(done)}</p>
    </div>
  );
}
