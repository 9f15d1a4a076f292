import { projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { PROGRESS_FIELD_COUNT, projectProgress, type ProjectInput } from '@arreglaya/shared/schemas/projects';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';

type ProgressValues = Partial<Pick<ProjectInput, 'services' | 'title' | 'propertyType' | 'startDate' | 'description' | 'city'>>;

/** Blank text does not count as filled in. */
const filled = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);

/** How much of the counted fields (spec §4: services, title, property type, start date, description; and the city) is filled. */
export function progressOf(values: ProgressValues): { percent: number; done: number } {
  const ratio = projectProgress({
    services: values.services,
    title: filled(values.title),
    propertyType: filled(values.propertyType),
    startDate: filled(values.startDate),
    description: filled(values.description),
    city: filled(values.city),
  });
  return { percent: Math.round(ratio * 100), done: Math.round(ratio * PROGRESS_FIELD_COUNT) };
}

/** The new-project progress bar: a named progressbar whose value text says how many fields are done. */
export function ProjectProgress({ values }: { values: ProgressValues }) {
  const { percent, done } = progressOf(values);
  return (
    <ProgressBar labelId="project-progress-label" label={t.form.progress} percent={percent} valueText={t.form.progressText(done)}>
      {t.form.progressText(done)}
    </ProgressBar>
  );
}
