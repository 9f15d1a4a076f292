import { useId, useState } from 'react';
import { COUNTRIES, ZONE_LABELS, ZONES, type CountryCode, type Zone } from '@arreglaya/shared/countries';
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { directory as t } from '@arreglaya/shared/i18n/directory';
import type { DirectorySearch } from '@arreglaya/shared/schemas/directory';
import { RATING_BAND_FILTERS, RATING_MIN_FILTERS, type RatingFilter } from '@arreglaya/shared/directory-search';
import { cx } from '@/lib/cx.ts';
import { PlaceCombobox } from './place-combobox.tsx';

interface FilterPanelProps {
  search: DirectorySearch;
  /** The country whose cities are offered when the search names none (the visitor's). */
  visitorCountry: CountryCode;
  onChange: (changes: SearchChange) => void;
}

/** Fields to change, or a function of the search they change (for toggles: see DirectorySearch). */
export type SearchChange = Partial<DirectorySearch> | ((previous: DirectorySearch) => Partial<DirectorySearch>);

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

// The line above each group is the fieldset's own top border, with the legend below it.
const fieldsetClass = 'border-t border-slate-200 pt-4 [&>legend]:float-left [&>legend]:w-full [&>*:not(legend)]:clear-both';
const legendClass = 'mb-2 text-base font-bold text-slate-900';
const selectClass = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900';

/** Services, location (the country's cities; Greater Santo Domingo's zones) and rating (spec §9). */
export function FilterPanel({ search, visitorCountry, onChange }: FilterPanelProps) {
  const cityId = useId();
  const zoneId = useId();
  const country = search.country ?? visitorCountry;
  const cities = COUNTRIES[country].cities;
  // The spec's zones are parts of Greater Santo Domingo.
  const showZones = country === 'DO';
  const [bandsOpen, setBandsOpen] = useState(() => search.rating.some((r) => (RATING_BAND_FILTERS as readonly RatingFilter[]).includes(r)));

  const ratingChip = (rating: RatingFilter) => {
    const checked = search.rating.includes(rating);
    return (
      <li key={rating}>
        <label
          className={cx(
            'relative flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500',
            checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400 bg-white text-slate-800 hover:border-brand-700',
          )}
        >
          <input
            type="checkbox"
            name="rating"
            value={rating}
            checked={checked}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              onChange((previous) => ({ rating: toggle(previous.rating, rating, on) }));
            }}
            // Invisible but covering the chip: a click anywhere on it is a click on the box.
            className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
          />
          {rating !== 'withReviews' && (
            <span aria-hidden="true" className={checked ? 'text-white' : 'text-star'}>
              ★
            </span>
          )}
          {t.rating[rating]}
        </label>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{t.filters.services}</legend>
        <ul className="grid grid-cols-1 gap-x-4 min-[420px]:grid-cols-2 md:grid-cols-1">
          {SERVICE_TYPES.map((service: ServiceType) => (
            <li key={service}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-slate-800 md:min-h-9">
                <input
                  type="checkbox"
                  name="service"
                  value={service}
                  checked={search.service.includes(service)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    onChange((previous) => ({ service: toggle(previous.service, service, on) }));
                  }}
                  className="size-5 shrink-0 accent-brand-700"
                />
                {SERVICE_LABELS[service]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{t.filters.location}</legend>
        <div className="flex flex-col gap-3">
          {/* Where distances are measured from; choosing a place also sorts nearest first (decision 042). */}
          <PlaceCombobox
            value={search.donde}
            onChange={(donde) => onChange((previous) => ({ donde, sort: donde ? 'distance' : previous.sort === 'distance' ? 'popular' : previous.sort }))}
          />
          <div>
            <label htmlFor={cityId} className="font-medium text-slate-800">
              {t.filters.city} ({COUNTRIES[country].name})
            </label>
            <select
              id={cityId}
              value={search.city ?? ''}
              onChange={(e) => {
                const city = e.currentTarget.value;
                onChange(city ? { country, city } : { country: undefined, city: undefined });
              }}
              className={selectClass}
            >
              <option value="">{t.filters.anyCity}</option>
              {cities.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          {showZones && (
            <div>
              <label htmlFor={zoneId} className="font-medium text-slate-800">
                {t.filters.zone}
              </label>
              <select id={zoneId} value={search.zone ?? ''} onChange={(e) => onChange({ zone: (e.currentTarget.value || undefined) as Zone | undefined })} className={selectClass}>
                <option value="">{t.filters.anyZone}</option>
                {ZONES.map((z) => (
                  <option key={z} value={z}>
                    {ZONE_LABELS[z]}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>{t.filters.rating}</legend>
        <ul className="flex flex-wrap gap-2">{RATING_MIN_FILTERS.map(ratingChip)}</ul>
        {/* The exact bands (spec §9) stay as an advanced choice; open when one is chosen. */}
        <details className="mt-3" open={bandsOpen} onToggle={(e) => setBandsOpen(e.currentTarget.open)}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">{t.rating.exactBands}</summary>
          <ul className="mt-2 flex flex-wrap gap-2">{RATING_BAND_FILTERS.map(ratingChip)}</ul>
        </details>
      </fieldset>
    </div>
  );
}
