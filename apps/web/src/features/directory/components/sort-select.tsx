import { useId } from 'react';
import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import { DIRECTORY_SORTS, type DirectorySort } from '@arreglaya/shared/directory-search';

/** Más populares, Más reseñas, Puntuación alta, Puntuación baja; Más cerca when the search has an origin (a place or a project). */
export function SortSelect({ value, onChange, withDistance }: { value: DirectorySort; onChange: (sort: DirectorySort) => void; withDistance: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 font-medium text-slate-800">
        {t.sort.label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as DirectorySort)}
        className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
      >
        {DIRECTORY_SORTS.filter((sort) => withDistance || sort !== 'distance').map((sort) => (
          <option key={sort} value={sort}>
            {t.sort[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
