import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import type { ContractorProfileInput } from '@arreglaya/shared/schemas/profile';

/** The services the contractor offers: several, from the shared list. */
export function ServicesField() {
  const id = useId();
  const {
    register,
    formState: { errors },
  } = useFormContext<ContractorProfileInput>();
  const error = errors.serviceTypes?.message ?? errors.serviceTypes?.root?.message;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-lg font-bold text-slate-900">{t.sections.services}</legend>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICE_TYPES.map((service) => (
          <li key={service}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50">
              <input type="checkbox" value={service} {...register('serviceTypes')} aria-invalid={error ? true : undefined} className="size-5 accent-brand-700" />
              <span className="text-slate-800">{SERVICE_LABELS[service]}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
