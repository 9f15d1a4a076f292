import { useId, useState } from 'react';
import { COUNTRIES, ZONE_LABELS, ZONES } from '@arreglaya/shared/countries';
import { SERVICE_LABELS, SERVICE_TYPES, type ServiceType } from '@arreglaya/shared/domain';
import { projectList as t } from '@arreglaya/shared/i18n/quotes-web';
import type { OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';
import { inputClasses } from '@/components/ui/field.tsx';
import { locationValue, withLocation } from '../search-params.ts';

interface FiltersProps {
  search: OpenProjectsQuery;
  /** The services the list is filtered by (the contractor's own when the URL names none). */
  services: readonly ServiceType[];
  onChange: (next: OpenProjectsQuery) => void;
}

const legendClass = 'font-semibold text-slate-900';

/** Location (all, Greater Santo Domingo's zones, the other cities), services and the start date range. */
export function ProjectListFilters({ search, services: fromUrl, onChange }: FiltersProps) {
  const locationId = useId();
  const fromId = useId();
  const toId = useId();
  // The router applies the new URL a moment after a click: until it does, the boxes show the
  // click, and a quick second click builds on it instead of on the old URL (which lost the first).
  // Any change of the URL's services (the click landing, the back button) drops the pending choice.
  const [pending, setPending] = useState<readonly ServiceType[] | null>(null);
  const urlKey = fromUrl.join(',');
  const [seenKey, setSeenKey] = useState(urlKey);
  if (seenKey !== urlKey) {
    setSeenKey(urlKey);
    setPending(null);
  }
  const services = seenKey === urlKey && pending ? pending : fromUrl;
  const all = services.length === 0;
  const choose = (next: readonly ServiceType[]) => {
    setPending(next);
    onChange({ ...search, page: 1, service: next.length ? [...next] : undefined, allServices: next.length ? undefined : '1' });
  };
  const toggle = (service: ServiceType, on: boolean) => choose(on ? [...services, service] : services.filter((s) => s !== service));
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <label htmlFor={locationId} className={legendClass}>
          {t.location}
        </label>
        <select id={locationId} value={locationValue(search)} onChange={(e) => onChange(withLocation(search, e.currentTarget.value))} className={inputClasses()}>
          <option value="">{t.allLocations}</option>
          <optgroup label={t.zonesGroup}>
            {ZONES.map((z) => (
              <option key={z} value={`zone:${z}`}>
                {z} · {ZONE_LABELS[z]}
              </option>
            ))}
          </optgroup>
          <optgroup label={t.citiesGroup}>
            {COUNTRIES.DO.cities.map((c) => (
              <option key={c.key} value={`city:${c.key}`}>
                {c.name}
              </option>
            ))}
          </optgroup>
        </select>
      </div>

      <fieldset className="flex flex-col gap-1">
        <legend className={legendClass}>{t.services}</legend>
        <label className="flex min-h-11 items-center gap-3 text-slate-800">
          <input type="checkbox" checked={all} onChange={(e) => e.currentTarget.checked && choose([])} className="size-5 accent-brand-700" />
          {t.allServices}
        </label>
        {SERVICE_TYPES.map((service) => (
          <label key={service} className="flex min-h-9 items-center gap-3 text-slate-800">
            <input type="checkbox" checked={services.includes(service)} onChange={(e) => toggle(service, e.currentTarget.checked)} className="size-5 accent-brand-700" />
            {SERVICE_LABELS[service]}
          </label>
        ))}
      </fieldset>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-1">
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className={legendClass}>
            {t.startFrom}
          </label>
          <input
            id={fromId}
            type="date"
            value={search.from ?? ''}
            max={search.to}
            onChange={(e) => onChange({ ...search, page: 1, from: e.currentTarget.value || undefined })}
            className={inputClasses()}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className={legendClass}>
            {t.startTo}
          </label>
          <input
            id={toId}
            type="date"
            value={search.to ?? ''}
            min={search.from}
            onChange={(e) => onChange({ ...search, page: 1, to: e.currentTarget.value || undefined })}
            className={inputClasses()}
          />
        </div>
      </div>
    </div>
  );
}
