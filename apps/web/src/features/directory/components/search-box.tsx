import { useId, type FormEvent } from 'react';
import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { buttonClasses } from '@/components/ui/button.ts';

/**
 * Free text over name, company and description; searched on submit. Sent before hydration (a slow
 * line), the form goes to /busqueda by itself with the text and `keep`, the rest of the search
 * (issue 46).
 */
export function SearchBox({ value, keep, onSearch }: { value: string; keep: URLSearchParams; onSearch: (q: string) => void }) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <form role="search" action="/busqueda" method="get" onSubmit={onSubmit} className="flex flex-col gap-2">
      {[...keep].map(([name, kept], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={kept} />
      ))}
      <label htmlFor={id} className="font-semibold text-slate-900">
        {t.search.label}
      </label>
      <div className="flex gap-2">
        {/* Keyed by the URL's text, so the back button shows the text of that search. */}
        <input
          key={value}
          id={id}
          name="q"
          type="search"
          maxLength={100}
          defaultValue={value}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t.search.placeholder}
          className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button type="submit" className={buttonClasses('primary', 'shrink-0')}>
          <SearchIcon className="size-5" />
          {t.search.submit}
        </button>
      </div>
    </form>
  );
}
