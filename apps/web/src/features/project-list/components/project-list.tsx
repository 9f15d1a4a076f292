import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { projectList as t } from '@arreglaya/shared/i18n/quotes-web';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { OPEN_PROJECT_SORTS, type OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { inputClasses } from '@/components/ui/field.tsx';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCountry } from '@/lib/country.ts';
import { cx } from '@/lib/cx.ts';
import { formatNumber } from '@/lib/format.ts';
import { scrollBehavior } from '@/lib/scroll.ts';
import { useOpenProjects } from '../hooks/use-open-projects.ts';
import { activeFilters, readProjectSearch, withoutFilters, writeProjectSearch } from '../search-params.ts';
import { ProjectListFilters } from './project-list-filters.tsx';
import { ProjectTile } from './project-tile.tsx';

const SORT_LABELS: Record<(typeof OPEN_PROJECT_SORTS)[number], string> = { newest: tp.sortNewest, oldest: tp.sortOldest };

/**
 * Proyectos disponibles for a signed-in contractor: filters, text, sort, count, tiles and pages.
 * The URL is the only state, so a reload, a shared link and the back button keep the search.
 */
export function ProjectList({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const search = readProjectSearch(params);
  const { locale } = useCountry();
  const results = useOpenProjects(userId, search);
  const data = results.data;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const searchId = useId();
  const sortId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const go = (next: OpenProjectsQuery) => setParams(writeProjectSearch(next));
  const hrefFor = (page: number) => `?${writeProjectSearch({ ...search, page }).toString()}`;

  // A new page: back to the top of the list, keyboard focus too.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [search.page]);

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    go({ ...search, q: q || undefined, page: 1 });
  };
  const filters = activeFilters(search);
  const countText = data ? t.count(formatNumber(data.total, locale), data.total) : '';
  // The boxes show what the URL asks at once; without a choice, the contractor's own services the API used.
  const services = search.service ?? (search.allServices === '1' ? [] : (data?.services ?? []));

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
      <div className="md:hidden">
        <button type="button" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen((open) => !open)} className={buttonClasses('secondary', 'w-full')}>
          {t.filtersOpen}
          {filters > 0 && <span className="text-sm font-normal">({filters})</span>}
        </button>
      </div>
      <aside id={panelId} aria-label={t.filtersTitle} className={cx('md:block', filtersOpen ? 'block' : 'hidden')}>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-xl font-bold text-slate-900">{t.filtersTitle}</h2>
          {filters > 0 && (
            <button type="button" onClick={() => go(withoutFilters(search))} className={buttonClasses('ghost', 'min-h-9 px-2 text-sm')}>
              {t.filtersClear}
            </button>
          )}
        </div>
        <div className="mt-3">
          <ProjectListFilters search={search} services={services} onChange={go} />
        </div>
      </aside>

      <section aria-labelledby={`${searchId}-results`} className="min-w-0">
        <form role="search" onSubmit={onSearch} className="flex flex-col gap-2">
          <label htmlFor={searchId} className="font-semibold text-slate-900">
            {t.search}
          </label>
          <div className="flex gap-2">
            <input
              key={search.q ?? ''}
              id={searchId}
              name="q"
              type="search"
              maxLength={100}
              defaultValue={search.q ?? ''}
              autoComplete="off"
              enterKeyHint="search"
              placeholder={t.searchPlaceholder}
              className={inputClasses('min-w-0 flex-1')}
            />
            <button type="submit" className={buttonClasses('primary', 'shrink-0')}>
              <SearchIcon className="size-5" />
              {t.searchButton}
            </button>
          </div>
        </form>

        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={`${searchId}-results`} ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg font-bold text-slate-900">
            <span className="sr-only">{t.listLabel}: </span>
            <span role="status" aria-live="polite" aria-atomic="true" data-testid="results-count">
              {countText}
            </span>
          </h2>
          <div className="flex items-center gap-2">
            <label htmlFor={sortId} className="font-medium text-slate-800">
              {t.sort}
            </label>
            <select
              id={sortId}
              value={search.sort}
              onChange={(e) => go({ ...search, sort: e.currentTarget.value as OpenProjectsQuery['sort'], page: 1 })}
              className={inputClasses('w-auto')}
            >
              {OPEN_PROJECT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {results.isPending && (
          <div className="flex flex-col items-center gap-3 py-16 text-slate-700">
            <Spinner />
          </div>
        )}
        {results.isError && !data && (
          <div role="alert" className="mt-6 flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
            <p>{t.error}</p>
            <button type="button" onClick={() => void results.refetch()} className={buttonClasses('secondary')}>
              {t.retry}
            </button>
          </div>
        )}
        {data && data.items.length === 0 && (
          <div className="mt-6 flex flex-col items-start gap-3 rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">
            {data.total > 0 ? (
              <>
                <p className="font-semibold">{t.pageEmpty}</p>
                <button type="button" onClick={() => go({ ...search, page: 1 })} className={buttonClasses('secondary')}>
                  {t.firstPage}
                </button>
              </>
            ) : (
              <>
                <p className="font-semibold">{tp.listEmpty}</p>
                {filters > 0 && (
                  <button type="button" onClick={() => go(withoutFilters(search))} className={buttonClasses('secondary')}>
                    {t.filtersClear}
                  </button>
                )}
              </>
            )}
          </div>
        )}
        {data && data.items.length > 0 && (
          <>
            <ul
              aria-labelledby={`${searchId}-results`}
              aria-busy={results.isPlaceholderData}
              className={cx('mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3', results.isPlaceholderData && 'opacity-60')}
            >
              {data.items.map((project) => (
                <li key={project.id}>
                  <ProjectTile project={project} locale={locale} />
                </li>
              ))}
            </ul>
            <Pagination page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} />
          </>
        )}
      </section>
    </div>
  );
}
