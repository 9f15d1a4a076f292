import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { directoryList as t } from '@arreglaya/shared/i18n/directory-list';
import { DIRECTORY_MAX_PAGE } from '@arreglaya/shared/directory-search';
import type { ContractorCard as Card, DirectoryPage, DirectorySearch as Search } from '@arreglaya/shared/schemas/directory';
import { buttonClasses } from '@/components/ui/button.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCountry } from '@/lib/country.ts';
import { cx } from '@/lib/cx.ts';
import { formatNumber } from '@/lib/format.ts';
import { scrollBehavior } from '@/lib/scroll.ts';
import { useDirectorySearch } from '../hooks/use-directory-search.ts';
import { activeFilterCount, placeTextAsIs, readSearch, withoutFilters, writeSearch } from '../search-params.ts';
import type { SearchChange } from './filter-panel.tsx';
import { lazySection } from '@/components/ui/lazy-section.tsx';
import { SearchBox } from './search-box.tsx';
import { SortSelect } from './sort-select.tsx';

// Hidden behind "Filtros" on a phone, and the pager below twelve cards: their code comes when they
// are seen or touched (decision 070). Their props change only with the search.
const FilterPanelSection = lazySection(() => import('./filter-panel.tsx').then((m) => m.FilterPanel));
const PaginationSection = lazySection(() => import('@/components/ui/pagination.tsx').then((m) => m.Pagination));

interface DirectorySearchProps {
  /** Renders one result (the page composes the card with the heart and Contactar); `origin`: where its distance is from. */
  renderCard: (contractor: Card, origin: DirectoryPage['origin']) => ReactNode;
}

/**
 * /busqueda: filters, free text, sort, count, results and pages. The URL is the only state:
 * every change is a new history entry, so a search can be shared and the back button works.
 */
export function DirectorySearch({ renderCard }: DirectorySearchProps) {
  const [params, setParams] = useSearchParams();
  // The URL's place as it is: the page loads no places until it holds one (decision 070).
  const search = useMemo(() => readSearch(params, placeTextAsIs), [params]);
  const { code: visitorCountry, locale } = useCountry();
  const results = useDirectorySearch(search);
  const data = results.data;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const resultsTitleId = useId();
  const resultsRef = useRef<HTMLHeadingElement>(null);

  // The search last asked for, until the URL shows it: two changes faster than the URL updates
  // (two checkboxes clicked quickly) build on each other instead of the second undoing the first.
  const pending = useRef<Search | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  // The same functions on every render (the filter panel's props), reading the latest search.
  const latest = useRef({ search, setParams });
  useLayoutEffect(() => {
    latest.current = { search, setParams };
  });
  // Once they are loaded, a place given by its name (a form sent before hydration) or unknown (a
  // hand-edited link) becomes its slug, or leaves the URL, as the server's renderer reads it. The
  // places and their code come only with a place in the URL (decision 070).
  const donde = search.donde;
  useEffect(() => {
    if (donde === undefined) return;
    let live = true;
    import('@/lib/country-places.ts')
      .then(({ loadPlaceIndex }) => loadPlaceIndex(visitorCountry, donde))
      .then(
        (places) => {
          const slug = places.placeOfField(donde, visitorCountry)?.slug;
          if (live && slug !== donde) latest.current.setParams(writeSearch({ ...latest.current.search, donde: slug }), { replace: true });
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [donde, visitorCountry]);
  const go = useCallback((next: Search) => {
    pending.current = next;
    latest.current.setParams(writeSearch(next));
  }, []);
  // Any new filter starts again at page 1.
  const change = useCallback(
    (changes: SearchChange) => {
      const previous = pending.current ?? latest.current.search;
      go({ ...previous, ...(typeof changes === 'function' ? changes(previous) : changes), page: 1 });
    },
    [go],
  );
  const hrefFor = useCallback((page: number) => `?${writeSearch({ ...search, page }).toString()}`, [search]);

  // A new page of results: back to the top of the list (keyboard focus too).
  const page = search.page;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const heading = resultsRef.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    heading.focus({ preventScroll: true });
  }, [page]);

  // The cards change with the results only: opening or closing the filters on a phone does not
  // render them again (that tap's INP, decision 046).
  const placeholder = results.isPlaceholderData;
  const cards = useMemo(
    () =>
      data && (
        <ul aria-labelledby={resultsTitleId} aria-busy={placeholder} className={cx('mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2', placeholder && 'opacity-60')}>
          {data.items.map((contractor) => (
            <li key={contractor.id}>{renderCard(contractor, data.origin)}</li>
          ))}
        </ul>
      ),
    [data, placeholder, resultsTitleId, renderCard],
  );

  const filters = activeFilterCount(search);
  const withDistance = Boolean(search.donde || search.proyecto || data?.origin);
  // Past the count's cap (decision 076): "Más de 1.000 contratistas", and pages go on while they are full.
  const countText = data ? (data.totalCapped ? t.results.countMore(formatNumber(data.total, locale)) : t.results.count(formatNumber(data.total, locale), data.total)) : '';
  const morePages = data !== undefined && data.totalCapped && data.items.length === data.pageSize && data.page >= data.pageCount && data.page < DIRECTORY_MAX_PAGE;

  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr] lg:grid-cols-[18rem_1fr]">
      <div className="md:hidden">
        <button type="button" aria-expanded={filtersOpen} aria-controls={panelId} onClick={() => setFiltersOpen((open) => !open)} className={buttonClasses('secondary', 'w-full')}>
          {t.filters.open}
          {filters > 0 && <span className="text-sm font-normal">({t.filters.activeCount(filters)})</span>}
        </button>
      </div>

      <aside id={panelId} aria-label={t.filters.title} className={cx('md:block', filtersOpen ? 'block' : 'hidden')}>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-xl font-bold text-slate-900">{t.filters.title}</h2>
          {filters > 0 && (
            <button type="button" onClick={() => go(withoutFilters(search))} className={buttonClasses('ghost', 'min-h-9 px-2 text-sm')}>
              {t.filters.clear}
            </button>
          )}
        </div>
        <div className="mt-3">
          <FilterPanelSection search={search} visitorCountry={visitorCountry} onChange={change} />
        </div>
        <button
          type="button"
          onClick={() => {
            setFiltersOpen(false);
            resultsRef.current?.focus();
          }}
          className={buttonClasses('primary', 'mt-4 w-full md:hidden')}
        >
          {data
            ? data.totalCapped
              ? t.filters.showResultsMore(formatNumber(data.total, locale))
              : t.filters.showResults(formatNumber(data.total, locale), data.total)
            : t.filters.close}
        </button>
      </aside>

      <section aria-labelledby={resultsTitleId} className="min-w-0">
        <SearchBox value={search.q ?? ''} keep={writeSearch({ ...search, q: undefined, page: 1 })} onSearch={(q) => change({ q: q || undefined })} />
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={resultsTitleId} ref={resultsRef} tabIndex={-1} className="scroll-mt-20 text-lg font-bold text-slate-900">
            <span className="sr-only">{t.results.listLabel}: </span>
            <span role="status" aria-live="polite" aria-atomic="true" data-testid="results-count">
              {countText}
            </span>
          </h2>
          {/* 'distance' without an origin is the usual order, as the server reads it (the landing's form sends it with or without a place). */}
          <SortSelect value={withDistance || search.sort !== 'distance' ? search.sort : 'popular'} onChange={(sort) => change({ sort })} withDistance={withDistance} />
        </div>

        {results.isPending && (
          <div className="flex flex-col items-center gap-3 py-16 text-slate-700">
            <Spinner />
            <p>{t.results.loading}</p>
          </div>
        )}

        {results.isError && !data && (
          <div role="alert" className="mt-6 flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
            <p>{t.results.error}</p>
            <button type="button" onClick={() => void results.refetch()} className={buttonClasses('secondary')}>
              {t.results.retry}
            </button>
          </div>
        )}

        {data && data.items.length === 0 && (
          <div className="mt-6 flex flex-col items-start gap-3 rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">
            {data.total > 0 ? (
              <>
                <p className="font-semibold">{t.results.pageEmpty}</p>
                <button type="button" onClick={() => go({ ...search, page: 1 })} className={buttonClasses('secondary')}>
                  {t.results.firstPage}
                </button>
              </>
            ) : (
              <>
                <p className="font-semibold">{t.results.empty}</p>
                <p>{t.results.emptyHint}</p>
                {filters > 0 && (
                  <button type="button" onClick={() => go(withoutFilters(search))} className={buttonClasses('secondary')}>
                    {t.filters.clear}
                  </button>
                )}
              </>
            )}
          </div>
        )}

        {data && data.items.length > 0 && (
          <>
            {cards}
            <PaginationSection page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} more={morePages} />
          </>
        )}
      </section>
    </div>
  );
}
