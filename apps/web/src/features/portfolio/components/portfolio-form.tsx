import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { portfolioPage as t } from '@arreglaya/shared/i18n/quotes-web';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX, todayIn } from '@arreglaya/shared/schemas/projects';
import { PortfolioInputSchema, type PortfolioEntry, type PortfolioInput } from '@arreglaya/shared/schemas/portfolio';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

type PortfolioData = z.output<typeof PortfolioInputSchema>;
const FIELDS = ['title', 'description', 'services', 'completedOn'] as const;

interface PortfolioFormProps {
  /** The entry being edited, or null for a new one. */
  entry: PortfolioEntry | null;
  save: (body: PortfolioData) => Promise<{ message: string; entry: PortfolioEntry }>;
  /** Called with the saved entry (a new one stays open for its photos). */
  onSaved: (entry: PortfolioEntry) => void;
  onCancel?: () => void;
}

/** Title, description, services and the date the job was finished (not in the future); the API's schema checks it. */
export function PortfolioForm({ entry, save, onSaved, onCancel }: PortfolioFormProps) {
  const messageBox = useMessageBox();
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PortfolioInput, unknown, PortfolioData>({
    resolver: zodResolver(PortfolioInputSchema),
    defaultValues: entry
      ? { title: entry.title, description: entry.description, services: entry.services, completedOn: entry.completedOn }
      : { title: '', description: '', services: [], completedOn: '' },
  });

  const onSubmit = async (values: PortfolioData) => {
    try {
      const saved = await save(values);
      messageBox.show({ text: saved.message, kind: 'success' });
      onSaved(saved.entry);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) messageBox.show({ text: errorMessage(error), kind: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="flex flex-col gap-5" aria-busy={isSubmitting}>
      <Field label={t.title} error={errors.title?.message}>
        {(c) => <input {...c} {...register('title')} maxLength={PROJECT_TITLE_MAX} className={inputClasses()} />}
      </Field>
      <Field label={t.description} error={errors.description?.message}>
        {(c) => <textarea {...c} {...register('description')} rows={4} maxLength={PROJECT_DESCRIPTION_MAX} className={inputClasses('resize-y')} />}
      </Field>
      <fieldset aria-invalid={errors.services ? true : undefined} className="flex flex-col gap-1">
        <legend className="font-medium text-slate-800">{t.services}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {SERVICE_TYPES.map((service) => (
            <label key={service} className="flex min-h-11 items-center gap-3 text-slate-800">
              <input type="checkbox" value={service} {...register('services')} className="size-5 accent-brand-700" />
              {SERVICE_LABELS[service]}
            </label>
          ))}
        </div>
        {errors.services && <p className="text-sm font-medium text-red-700">{errors.services.message ?? errors.services.root?.message}</p>}
      </fieldset>
      <Field label={t.completedOn} error={errors.completedOn?.message}>
        {(c) => <input {...c} {...register('completedOn')} type="date" max={todayIn('DO')} className={inputClasses('w-48')} />}
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary')}>
          {isSubmitting ? t.saving : t.save}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={buttonClasses('secondary')}>
            {t.cancelEdit}
          </button>
        )}
      </div>
    </form>
  );
}
