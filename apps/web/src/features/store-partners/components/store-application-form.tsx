import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES, SERVICE_LABELS, SERVICE_TYPES } from '@arreglaya/shared/domain';
import { BANK_ACCOUNT_TYPE_LABELS, storeForm as t } from '@arreglaya/shared/i18n/site-forms';
import { StoreApplicationSchema, STORE_COMMENTS_MAX, type StoreApplication, type StoreApplicationInput } from '@arreglaya/shared/schemas/store-application';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { buttonClasses } from '@/components/ui/button.ts';
import { useCountry } from '@/lib/country.ts';
import { sendStoreApplication } from '../api/send-store-application.ts';
import { useSubmitWithMessage } from '@/lib/use-submit-with-message.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

const FIELDS = [
  'firstName',
  'lastName',
  'cedula',
  'address',
  'phone',
  'email',
  'serviceTypes',
  'bank',
  'accountType',
  'accountNumber',
  'comments',
] as const satisfies readonly (keyof StoreApplicationInput)[];

/** The hardware-store partnership form (spec §3 store form). The account number is sent once and stored encrypted. */
export function StoreApplicationForm() {
  const { phoneExample } = useCountry();
  const servicesId = useId();
  const send = useMutation({ mutationFn: sendStoreApplication });
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<StoreApplicationInput, unknown, StoreApplication>({
    resolver: zodResolver(StoreApplicationSchema),
    // react-hook-form would focus the checkbox group first (it registers by name, not by
    // position); onInvalid below focuses the first invalid field in reading order instead.
    shouldFocusError: false,
    defaultValues: { firstName: '', lastName: '', cedula: '', address: '', phone: '', email: '', serviceTypes: [], bank: '', accountNumber: '', comments: '' },
  });

  const onSubmit = useSubmitWithMessage({ send: send.mutateAsync, setError, fields: FIELDS, onSent: () => reset() });

  const onInvalid = (invalid: Partial<Record<keyof StoreApplicationInput, unknown>>) => {
    const first = FIELDS.find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  const servicesError = errors.serviceTypes?.message ?? errors.serviceTypes?.root?.message;
  return (
    <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit, onInvalid))} className="flex flex-col gap-5" aria-busy={isSubmitting} aria-label={t.title}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t.firstName} error={errors.firstName?.message}>
          {(c) => <input {...c} {...register('firstName')} type="text" autoComplete="given-name" maxLength={100} className={inputClasses()} />}
        </Field>
        <Field label={t.lastName} error={errors.lastName?.message}>
          {(c) => <input {...c} {...register('lastName')} type="text" autoComplete="family-name" maxLength={100} className={inputClasses()} />}
        </Field>
        <Field label={t.cedula} hint={t.cedulaHint} error={errors.cedula?.message}>
          {(c) => <input {...c} {...register('cedula')} type="text" inputMode="numeric" autoComplete="off" maxLength={13} className={inputClasses()} />}
        </Field>
        <Field label={t.phone} hint={phoneExample} error={errors.phone?.message}>
          {(c) => <input {...c} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} className={inputClasses()} />}
        </Field>
        <Field label={t.address} error={errors.address?.message} className="sm:col-span-2">
          {(c) => <input {...c} {...register('address')} type="text" autoComplete="street-address" maxLength={200} className={inputClasses()} />}
        </Field>
        <Field label={t.email} error={errors.email?.message} className="sm:col-span-2">
          {(c) => <input {...c} {...register('email')} type="email" autoComplete="email" inputMode="email" className={inputClasses()} />}
        </Field>
      </div>

      <fieldset aria-describedby={servicesError ? `${servicesId}-error` : undefined}>
        <legend className="font-medium text-slate-800">{t.serviceTypes}</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-3">
          {SERVICE_TYPES.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-3">
              <input type="checkbox" value={type} {...register('serviceTypes')} className="size-5 accent-brand-700" />
              {SERVICE_LABELS[type]}
            </label>
          ))}
        </div>
        {servicesError && (
          <p id={`${servicesId}-error`} className="mt-1 text-sm font-medium text-red-700">
            {servicesError}
          </p>
        )}
      </fieldset>

      <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 font-semibold text-slate-900">{t.bankSection}</legend>
        <Field label={t.bank} error={errors.bank?.message}>
          {(c) => <input {...c} {...register('bank')} type="text" autoComplete="off" maxLength={100} className={inputClasses()} />}
        </Field>
        <Field label={t.accountType} error={errors.accountType?.message}>
          {(c) => (
            <ChoiceSelect
              {...c}
              {...register('accountType')}
              className={inputClasses()}
              options={BANK_ACCOUNT_TYPES}
              labels={BANK_ACCOUNT_TYPE_LABELS}
              placeholder={t.accountTypePlaceholder}
            />
          )}
        </Field>
        <Field label={t.accountNumber} hint={t.accountNumberHint} error={errors.accountNumber?.message} className="sm:col-span-2">
          {(c) => <input {...c} {...register('accountNumber')} type="text" inputMode="numeric" autoComplete="off" maxLength={30} className={inputClasses()} />}
        </Field>
      </fieldset>

      <Field label={t.comments} error={errors.comments?.message}>
        {(c) => <textarea {...c} {...register('comments')} rows={3} maxLength={STORE_COMMENTS_MAX} className={inputClasses('resize-y')} />}
      </Field>
      <div>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full sm:w-auto sm:min-w-40')}>
          {isSubmitting ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
