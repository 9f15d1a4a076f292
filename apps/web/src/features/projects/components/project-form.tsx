import { useEffect, useId, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, ZONES, ZONE_LABELS, type CountryCode } from '@arreglaya/shared/countries';
import { PROJECT_INTENTIONS, PROPERTY_TYPES, PROPERTY_TYPE_LABELS, SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_REFERENCE_MAX,
  PROJECT_STREET_MAX,
  PROJECT_TITLE_MAX,
  ProjectInputSchema,
  todayIn,
  type ProjectData,
  type ProjectInput,
} from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { SectorSelect } from '@/components/ui/sector-select.tsx';
import { places as tplaces } from '@arreglaya/shared/i18n/places';
import { findPlace, placeInZone } from '@arreglaya/shared/places';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import type { PhotoEvents, PhotoItem } from '../project.ts';
import { PhotosField } from './photos-field.tsx';
import { ProjectProgress } from './project-progress.tsx';
import { useInFlight } from '@/lib/use-in-flight.tsx';

/** Fields the server may name in `error.fields` (they all have a control here). */
export const PROJECT_FIELDS = [
  'services',
  'title',
  'propertyType',
  'description',
  'startDate',
  'intention',
  'city',
  'zone',
  'sector',
  'street',
  'reference',
] as const satisfies readonly Path<ProjectInput>[];

export interface ProjectFormProps {
  country: CountryCode;
  defaults?: Partial<ProjectInput>;
  photos?: PhotoItem[];
  editing?: boolean;
  /**
   * Saves; throws the API's error (its field messages go under the fields, any other in the form's
   * alert). Each new photo's upload reports through `events`, which the form shows on that photo.
   */
  onSubmit: (values: ProjectData, photos: PhotoItem[], events: PhotoEvents) => Promise<void>;
  /** Sends again one photo whose upload failed (the project is saved by then). */
  onRetryPhoto?: (photos: PhotoItem[], key: string, events: PhotoEvents) => Promise<void>;
  /** Called with the values and photos as they change (a visitor's draft). */
  onValuesChange?: (values: Partial<ProjectInput>, photos: PhotoItem[]) => void;
}

const emptyValues = (country: CountryCode): ProjectInput => ({
  services: [],
  title: '',
  propertyType: '' as ProjectInput['propertyType'],
  description: '',
  startDate: '',
  intention: 'ready',
  country,
  city: '',
  zone: null,
  sector: null,
  street: '',
  reference: '',
});

/**
 * The new-project form (/nuevoproyecto) on the API's own schema: every rule's Spanish message
 * under its field, the server's field errors mapped to the same places, live counters on the
 * title and description, and the five-field progress bar (spec §4).
 */
export function ProjectForm({ country, defaults, photos: initialPhotos = [], editing = false, onSubmit, onRetryPhoto, onValuesChange }: ProjectFormProps) {
  const id = useId();
  const [photos, setPhotos] = useState<PhotoItem[]>(initialPhotos);
  const [retrying, setRetrying] = useState(false);
  const events = usePhotoEvents(setPhotos);
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ProjectInput, unknown, ProjectData>({
    resolver: zodResolver(ProjectInputSchema),
    defaultValues: { ...emptyValues(country), ...defaults },
  });
  const values = useWatch({ control });
  const cities = COUNTRIES[(values.country as CountryCode | undefined) ?? country].cities;

  useEffect(() => {
    onValuesChange?.(values, photos);
  }, [values, photos, onValuesChange]);

  // The sector list follows the city and the zone: a sector of another city or zone is cleared (decisions 042, 049).
  const city = values.city || undefined;
  const zone = values.zone ?? null;
  useEffect(() => {
    const sector = getValues('sector');
    const place = sector ? findPlace(sector) : undefined;
    if (sector && (!place || place.city !== city || !placeInZone(place, zone))) setValue('sector', null);
  }, [city, zone, getValues, setValue]);

  const submit = async (data: ProjectData) => {
    setFailure(null);
    const sending = photos.map((p) => (p.kind === 'new' ? { ...p, progress: 0, error: null } : p));
    setPhotos(sending);
    try {
      await onSubmit(data, sending, events);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, PROJECT_FIELDS)) setFailure(tp.saveError(errorMessage(error)));
    }
  };

  const servicesError = errors.services?.message ?? errors.services?.root?.message;
  const titleLeft = PROJECT_TITLE_MAX - (values.title?.length ?? 0);
  const descriptionLeft = PROJECT_DESCRIPTION_MAX - (values.description?.length ?? 0);

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(submit))} aria-busy={isSubmitting} className="flex flex-col gap-6">
      <ProjectProgress values={values as Partial<ProjectInput>} />

      <fieldset aria-describedby={servicesError ? `${id}-services-error` : undefined} className="flex min-w-0 flex-col gap-3">
        <legend className="font-medium text-slate-800">{t.form.services}</legend>
        <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICE_TYPES.map((service) => (
            <li key={service}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50">
                <input type="checkbox" value={service} {...register('services')} aria-invalid={servicesError ? true : undefined} className="size-5 accent-brand-700" />
                <span className="text-slate-800">{SERVICE_LABELS[service]}</span>
              </label>
            </li>
          ))}
        </ul>
        {servicesError && (
          <p id={`${id}-services-error`} className="text-sm font-medium text-red-700">
            {servicesError}
          </p>
        )}
      </fieldset>

      <Field label={t.form.title} hint={tp.titleLeft(Math.max(0, titleLeft))} error={errors.title?.message}>
        {(c) => <input {...c} {...register('title')} maxLength={PROJECT_TITLE_MAX} className={inputClasses()} />}
      </Field>

      <Field label={t.form.propertyType} error={errors.propertyType?.message}>
        {(c) => (
          <select {...c} {...register('propertyType')} className={inputClasses()}>
            <option value="">{t.form.choose}</option>
            {PROPERTY_TYPES.map((type) => (
              <option key={type} value={type}>
                {PROPERTY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field label={t.form.description} hint={t.form.charsLeft(Math.max(0, descriptionLeft))} error={errors.description?.message}>
        {(c) => <textarea {...c} {...register('description')} rows={5} maxLength={PROJECT_DESCRIPTION_MAX} className={inputClasses('resize-y')} />}
      </Field>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t.form.startDate} error={errors.startDate?.message}>
          {(c) => <input {...c} {...register('startDate')} type="date" min={todayIn((values.country as CountryCode | undefined) ?? country)} className={inputClasses()} />}
        </Field>
        <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={errors.intention ? `${id}-intention-error` : undefined}>
          <legend className="font-medium text-slate-800">{t.form.intention}</legend>
          {PROJECT_INTENTIONS.map((intention) => (
            <label key={intention} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50">
              <input type="radio" value={intention} {...register('intention')} className="size-5 accent-brand-700" />
              <span className="text-slate-800">{t.form.intentions[intention]}</span>
            </label>
          ))}
          {errors.intention && (
            <p id={`${id}-intention-error`} className="text-sm font-medium text-red-700">
              {errors.intention.message}
            </p>
          )}
        </fieldset>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t.form.city} error={errors.city?.message}>
          {(c) => (
            <select {...c} {...register('city')} className={inputClasses()}>
              <option value="">{t.form.choose}</option>
              {cities.map((city) => (
                <option key={city.key} value={city.key}>
                  {city.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t.form.zone} error={errors.zone?.message}>
          {(c) => (
            <select {...c} {...register('zone', { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) })} className={inputClasses()}>
              <option value="">{t.form.noZone}</option>
              {ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {ZONE_LABELS[zone]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={tplaces.field.byCountry[(values.country as CountryCode | undefined) ?? country].projectSector}
          hint={tplaces.field.projectSectorHint}
          error={errors.sector?.message}
        >
          {(c) => (
            <SectorSelect
              {...c}
              {...register('sector', { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) })}
              city={city}
              zone={zone}
              className={inputClasses()}
            />
          )}
        </Field>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t.form.street} hint={t.form.streetHint} error={errors.street?.message}>
          {(c) => <input {...c} {...register('street')} maxLength={PROJECT_STREET_MAX} autoComplete="street-address" className={inputClasses()} />}
        </Field>
        <Field label={t.form.reference} hint={t.form.referenceHint} error={errors.reference?.message}>
          {(c) => <input {...c} {...register('reference')} maxLength={PROJECT_REFERENCE_MAX} className={inputClasses()} />}
        </Field>
      </div>

      <PhotosField
        value={photos}
        onChange={setPhotos}
        disabled={isSubmitting || retrying}
        {...(onRetryPhoto
          ? {
              onRetry: (key: string) => {
                setRetrying(true);
                setPhotos((list) => list.map((p) => (p.kind === 'new' && p.key === key ? { ...p, progress: 0, error: null } : p)));
                void onRetryPhoto(photos, key, events).finally(() => setRetrying(false));
              },
            }
          : {})}
      />

      <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
        {failure}
      </div>
      <div className="flex justify-end">
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-48')}>
          {isSubmitting ? t.form.saving : editing ? t.form.saveEdit : t.form.save}
        </button>
      </div>
    </form>
  );
}

/** The form's photo list, updated as each upload reports (progress, failure, stored id). */
function usePhotoEvents(setPhotos: Dispatch<SetStateAction<PhotoItem[]>>): PhotoEvents {
  return useMemo(() => {
    const patch = (key: string, change: (p: Extract<PhotoItem, { kind: 'new' }>) => PhotoItem) =>
      setPhotos((list) => list.map((p) => (p.kind === 'new' && p.key === key ? change(p) : p)));
    return {
      progress: (key, progress) => patch(key, (p) => ({ ...p, progress })),
      failed: (key, error) => patch(key, (p) => ({ ...p, progress: null, error })),
      stored: (key, photoId) =>
        patch(key, (p) => {
          URL.revokeObjectURL(p.preview);
          return { kind: 'stored', id: photoId };
        }),
    };
  }, [setPhotos]);
}
