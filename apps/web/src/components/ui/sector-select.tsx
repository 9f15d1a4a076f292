import type { Ref, SelectHTMLAttributes } from 'react';
import { places as t } from '@arreglaya/shared/i18n/places';
import type { Zone } from '@arreglaya/shared/countries';
import { placesOf } from '@arreglaya/shared/places';

interface SectorSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** The chosen city's key: its sectors (or its centre) are offered; none chosen, nothing. */
  city: string | undefined;
  /** The chosen zone, when the form has one: only its sectors are offered (placeInZone). */
  zone?: Zone | null | undefined;
  /** react-hook-form's register() gives one: it must reach the <select>. */
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A sector of the chosen city (places.ts, decision 042), in alphabetical order: the profile's
 * base and the project's place. A native select: typing the first letters jumps to a sector on
 * a keyboard, and phones show their own picker. Spreads react-hook-form's register().
 */
export function SectorSelect({ city, zone, ref, ...select }: SectorSelectProps) {
  const options = city ? placesOf(city, zone) : [];
  // The word of the city's country (Sector, Barrio, Colonia: decision 066).
  const country = options[0]?.country ?? 'DO';
  return (
    <select defaultValue="" {...select} ref={ref} disabled={select.disabled || options.length === 0}>
      <option value="">{city ? t.field.byCountry[country].chooseSector : t.field.chooseCityFirst}</option>
      {options.map((p) => (
        <option key={p.slug} value={p.slug}>
          {p.name}
        </option>
      ))}
    </select>
  );
}
