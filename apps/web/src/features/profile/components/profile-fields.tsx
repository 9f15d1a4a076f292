import { useEffect, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { COUNTRIES, COUNTRY_CODES, DEFAULT_COUNTRY, ZONES, ZONE_LABELS, type CountryCode } from '@arreglaya/shared/countries';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { ADDRESS_MAX, NAME_MAX, POSTAL_CODE_MAX, SOCIAL_URL_MAX, type ClientProfileInput, type ContractorProfileInput } from '@arreglaya/shared/schemas/profile';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';

/** The fields both profile forms share (the contractor form has more). */
export type PersonFormValues = ClientProfileInput;

const COUNTRY_LABELS = Object.fromEntries(COUNTRY_CODES.map((code) => [code, COUNTRIES[code].name])) as Record<CountryCode, string>;

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
      <legend className="px-1 text-lg font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Names, the read-only account e-mail and the phone in the chosen country's format. */
export function ContactFields({ email, children }: { email: string; children?: ReactNode }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const country = useWatch({ control, name: 'country' }) || DEFAULT_COUNTRY;
  return (
    <FormSection title={t.sections.contact}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.fields.firstName} error={errors.firstName?.message}>
          {(c) => <input {...c} {...register('firstName')} type="text" autoComplete="given-name" maxLength={NAME_MAX} className={inputClasses()} />}
        </Field>
        <Field label={t.fields.lastName} error={errors.lastName?.message}>
          {(c) => <input {...c} {...register('lastName')} type="text" autoComplete="family-name" maxLength={NAME_MAX} className={inputClasses()} />}
        </Field>
        {/* Read-only rather than disabled, so it is still read and can be copied. */}
        <Field label={t.fields.email} hint={t.fields.emailHint}>
          {(c) => <input {...c} value={email} readOnly type="email" autoComplete="email" className={inputClasses('bg-slate-100')} />}
        </Field>
        <Field label={t.fields.phone} hint={t.fields.phoneHint(COUNTRIES[country].phoneExample)} error={errors.phone?.message}>
          {(c) => <input {...c} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} className={inputClasses()} />}
        </Field>
        {children}
      </div>
    </FormSection>
  );
}

/**
 * Address, country, the country's cities and (in the Dominican Republic) the zone. Changing
 * the country clears a city or zone that does not belong to it.
 */
export function LocationFields({ addressLabel, children }: { addressLabel: string; children?: ReactNode }) {
  const {
    register,
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const country = useWatch({ control, name: 'country' }) || DEFAULT_COUNTRY;
  const cities = COUNTRIES[country].cities;

  useEffect(() => {
    const city = getValues('city');
    if (city && !cities.some((c) => c.key === city)) setValue('city', '');
    if (country !== 'DO' && getValues('zone')) setValue('zone', '');
  }, [country, cities, getValues, setValue]);

  const cityLabels = Object.fromEntries(cities.map((c) => [c.key, c.name]));
  return (
    <FormSection title={t.sections.location}>
      <Field label={addressLabel} error={errors.address?.message}>
        {(c) => <input {...c} {...register('address')} type="text" autoComplete="street-address" maxLength={ADDRESS_MAX} className={inputClasses()} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.fields.country} error={errors.country?.message}>
          {(c) => (
            <ChoiceSelect {...c} {...register('country')} options={COUNTRY_CODES} labels={COUNTRY_LABELS} placeholder={t.fields.countryPlaceholder} className={inputClasses()} />
          )}
        </Field>
        <Field label={t.fields.city} error={errors.city?.message}>
          {(c) => (
            <ChoiceSelect {...c} {...register('city')} options={cities.map((x) => x.key)} labels={cityLabels} placeholder={t.fields.cityPlaceholder} className={inputClasses()} />
          )}
        </Field>
        {country === 'DO' && (
          <Field label={t.fields.zone} hint={t.fields.zoneHint} error={errors.zone?.message}>
            {(c) => <ChoiceSelect {...c} {...register('zone')} options={ZONES} labels={ZONE_LABELS} placeholder={t.fields.zonePlaceholder} className={inputClasses()} />}
          </Field>
        )}
        {children}
      </div>
    </FormSection>
  );
}

export function PostalCodeField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ContractorProfileInput>();
  return (
    <Field label={t.fields.postalCode} error={errors.postalCode?.message}>
      {(c) => <input {...c} {...register('postalCode')} type="text" autoComplete="postal-code" maxLength={POSTAL_CODE_MAX} className={inputClasses()} />}
    </Field>
  );
}

const NETWORKS = ['facebook', 'instagram', 'linkedin'] as const;

/** Optional links to the person's own pages on Facebook, Instagram and LinkedIn. */
export function SocialFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  return (
    <FormSection title={t.sections.social}>
      <div className="grid gap-4 sm:grid-cols-3">
        {NETWORKS.map((network) => (
          <Field key={network} label={t.fields[network]} hint={t.fields.socialHint} error={errors[network]?.message}>
            {(c) => <input {...c} {...register(network)} type="url" inputMode="url" autoComplete="url" maxLength={SOCIAL_URL_MAX} className={inputClasses()} />}
          </Field>
        ))}
      </div>
    </FormSection>
  );
}
