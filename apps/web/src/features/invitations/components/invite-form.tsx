import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, type CountryCode } from '@arreglaya/shared/countries';
import { parseMoneyInput } from '@arreglaya/shared/parse-money';
import { PROPERTY_TYPES, PROPERTY_TYPE_LABELS, SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { invitations as ti } from '@arreglaya/shared/i18n/invitations';
import { projectsWeb as tp } from '@arreglaya/shared/i18n/projects';
import { InviteTecnicoSchema, type InviteTecnicoInput } from '@arreglaya/shared/schemas/invitations';
import { PROJECT_DESCRIPTION_MAX, PROJECT_STREET_MAX, PROJECT_TITLE_MAX, todayIn } from '@arreglaya/shared/schemas/projects';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

type Output = z.output<typeof InviteTecnicoSchema>;

const FIELDS = [
  'contractorName',
  'phone',
  'priceMinor',
  'project.services',
  'project.title',
  'project.propertyType',
  'project.description',
  'project.startDate',
  'project.city',
  'project.street',
] as const satisfies readonly Path<InviteTecnicoInput>[];

/**
 * "Invitar a mi técnico": his name and phone, the work (a project's own fields and schema) and the
 * agreed price, on the API's schema (InviteTecnicoSchema); the server's field errors land under the
 * same fields.
 */
export function InviteForm({ country, onSubmit }: { country: CountryCode; onSubmit: (values: Output) => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useInFlight();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteTecnicoInput, unknown, Output>({
    resolver: zodResolver(InviteTecnicoSchema),
    defaultValues: {
      contractorName: '',
      phone: '',
      project: {
        services: [],
        title: '',
        propertyType: '' as never,
        description: '',
        startDate: '',
        intention: 'ready',
        country,
        city: '',
        zone: null,
        sector: null,
        street: '',
        reference: '',
      },
    },
  });
  const cities = COUNTRIES[country].cities;
  const pe = errors.project;
  const servicesError = pe?.services?.message ?? pe?.services?.root?.message;

  const submit = async (values: Output) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error));
    }
  };

  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(submit))} aria-busy={sending.busy} className="flex flex-col gap-6">
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="text-xl font-semibold text-slate-900">{ti.form.tecnicoHeading}</legend>
        <Field label={ti.form.name} error={errors.contractorName?.message}>
          {(c) => <input {...c} {...register('contractorName')} maxLength={100} autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field label={ti.form.phone} hint={ti.form.phoneHint} error={errors.phone?.message}>
          {(c) => <input {...c} {...register('phone')} type="tel" inputMode="tel" autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field label={ti.form.price(COUNTRIES[country].currency)} hint={ti.form.priceHint} error={errors.priceMinor?.message}>
          {(c) => (
            <input
              {...c}
              {...register('priceMinor', { setValueAs: (v: unknown) => (typeof v === 'string' ? parseMoneyInput(v, COUNTRIES[country].currency) : v) })}
              inputMode="decimal"
              className={inputClasses()}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="text-xl font-semibold text-slate-900">{ti.form.workHeading}</legend>
        <fieldset aria-describedby={servicesError ? 'invite-services-error' : undefined} className="flex min-w-0 flex-col gap-2">
          <legend className="font-medium text-slate-800">{tp.form.services}</legend>
          <ul className="grid gap-1 sm:grid-cols-2">
            {SERVICE_TYPES.map((service) => (
              <li key={service}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50">
                  <input type="checkbox" value={service} {...register('project.services')} className="size-5 accent-brand-700" />
                  <span className="text-slate-800">{SERVICE_LABELS[service]}</span>
                </label>
              </li>
            ))}
          </ul>
          {servicesError && (
            <p id="invite-services-error" className="text-sm font-medium text-red-700">
              {servicesError}
            </p>
          )}
        </fieldset>
        <Field label={tp.form.title} error={pe?.title?.message}>
          {(c) => <input {...c} {...register('project.title')} maxLength={PROJECT_TITLE_MAX} className={inputClasses()} />}
        </Field>
        <Field label={tp.form.propertyType} error={pe?.propertyType?.message}>
          {(c) => (
            <select {...c} {...register('project.propertyType')} className={inputClasses()}>
              <option value="">{tp.form.choose}</option>
              {PROPERTY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PROPERTY_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tp.form.description} error={pe?.description?.message}>
          {(c) => <textarea {...c} {...register('project.description')} rows={4} maxLength={PROJECT_DESCRIPTION_MAX} className={inputClasses('resize-y')} />}
        </Field>
        <Field label={tp.form.startDate} error={pe?.startDate?.message}>
          {(c) => <input {...c} {...register('project.startDate')} type="date" min={todayIn(country)} className={inputClasses()} />}
        </Field>
        <Field label={tp.form.city} error={pe?.city?.message}>
          {(c) => (
            <select {...c} {...register('project.city')} className={inputClasses()}>
              <option value="">{tp.form.choose}</option>
              {cities.map((city) => (
                <option key={city.key} value={city.key}>
                  {city.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={tp.form.street} hint={tp.form.streetHint} error={pe?.street?.message}>
          {(c) => <input {...c} {...register('project.street')} maxLength={PROJECT_STREET_MAX} autoComplete="street-address" className={inputClasses()} />}
        </Field>
      </fieldset>

      <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
        {failure}
      </div>
      <button type="submit" disabled={sending.busy} aria-busy={sending.busy} className={buttonClasses('primary', 'w-full sm:w-auto sm:self-end sm:min-w-48')}>
        <BusyLabel busy={sending.busy}>{sending.busy ? ti.form.sending : ti.form.submit}</BusyLabel>
      </button>
    </form>
  );
}
