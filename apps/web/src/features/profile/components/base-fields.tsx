import type { CountryCode } from '@arreglaya/shared/countries';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { places as t } from '@arreglaya/shared/i18n/places';
import { findPlace, SERVICE_RADIUS_MAX_KM, SERVICE_RADIUS_MIN_KM } from '@arreglaya/shared/places';
import type { ContractorProfileInput } from '@arreglaya/shared/schemas/profile';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { SectorSelect } from '@/components/ui/sector-select.tsx';

/**
 * Where the contractor works from (decision 042): a sector of their city and how far they
 * travel. Changing the city clears a sector of another city.
 */
export function BaseFields() {
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<ContractorProfileInput>();
  const city = useWatch({ control, name: 'city' }) || undefined;
  const chosen = useWatch({ control, name: 'country' }) as string | undefined;
  const country: CountryCode = chosen === 'CO' || chosen === 'MX' ? chosen : 'DO';
  useEffect(() => {
    const sector = getValues('baseSector');
    if (sector && findPlace(sector)?.city !== city) setValue('baseSector', '');
  }, [city, getValues, setValue]);
  return (
    <>
      <Field label={t.field.byCountry[country].baseSector} hint={t.field.baseSectorHint} error={errors.baseSector?.message}>
        {(c) => <SectorSelect {...c} {...register('baseSector')} city={city} className={inputClasses()} />}
      </Field>
      <Field label={t.field.serviceRadius} hint={t.field.serviceRadiusHint} error={errors.serviceRadiusKm?.message}>
        {(c) => (
          <input
            {...c}
            {...register('serviceRadiusKm')}
            type="number"
            inputMode="numeric"
            min={SERVICE_RADIUS_MIN_KM}
            max={SERVICE_RADIUS_MAX_KM}
            step={1}
            className={inputClasses()}
          />
        )}
      </Field>
    </>
  );
}
