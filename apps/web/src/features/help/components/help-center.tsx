import { Suspense, useId, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { help as t } from '@arreglaya/shared/i18n/site-pages';
import { buttonClasses } from '@/components/ui/button.ts';
import { SearchIcon } from '@/components/ui/icons.tsx';
import { inputClasses } from '@/components/ui/field.tsx';
import { HydrateOnView } from '@/components/ui/hydrate-on-view.tsx';
import { POPULAR_SEARCHES, searchFaqs } from '../faq-data.ts';
import { FaqList } from './faq-list.tsx';
import { FaqTabs } from './faq-tabs.tsx';

/** Search (accent- and case-insensitive, kept in ?q= so results can be shared), chips, category tabs. */
export function HelpCenter() {
  const [params, setParams] = useSearchParams();
  const inputId = useId();
  const query = params.get('q')?.trim() ?? '';
  const results = query ? searchFaqs(query) : [];

  const search = (q: string) => setParams(q.trim() ? { q: q.trim() } : {}, { replace: true });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(String(new FormData(event.currentTarget).get('q') ?? ''));
  };

  // The search and the chips are Suspense boundaries React hydrates one after the other (decision
  // 018); the questions and the contact box below them hydrate when seen (decision 046).
  return (
    <>
      <Suspense>
        <form role="search" onSubmit={onSubmit} className="mt-6 max-w-2xl" key={query}>
          <label htmlFor={inputId} className="mb-2 block font-semibold text-slate-900">
            {t.searchLabel}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input id={inputId} name="q" type="search" defaultValue={query} placeholder={t.searchPlaceholder} className={inputClasses('flex-1')} />
            <button type="submit" className={buttonClasses('primary')}>
              <SearchIcon className="size-5" />
              {t.searchSubmit}
            </button>
          </div>
        </form>
      </Suspense>
      <Suspense>
        <section aria-labelledby="popular-title" className="mt-4">
          <h2 id="popular-title" className="text-sm font-semibold text-slate-700">
            {t.popular}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {POPULAR_SEARCHES.map((chip) => (
              <li key={chip}>
                <button
                  type="button"
                  onClick={() => search(chip)}
                  aria-pressed={query === chip}
                  className="min-h-11 rounded-full border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white"
                >
                  {chip}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </Suspense>

      <HydrateOnView>
        <div className="mt-8">
          {query ? (
            <section aria-labelledby="results-title">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="results-title" className="text-xl font-bold text-slate-900" aria-live="polite">
                  {results.length > 0 ? t.results(results.length, query) : t.noResults(query)}
                </h2>
                <button type="button" onClick={() => search('')} className={buttonClasses('ghost')}>
                  {t.clear}
                </button>
              </div>
              {results.length > 0 && (
                <div className="mt-4">
                  <FaqList faqs={results} />
                </div>
              )}
            </section>
          ) : (
            <FaqTabs />
          )}
        </div>
      </HydrateOnView>

      <HydrateOnView>
        <section aria-labelledby="help-contact" className="mt-10 rounded-2xl bg-brand-50 p-6">
          <h2 id="help-contact" className="text-xl font-bold text-slate-900">
            {t.contactTitle}
          </h2>
          <p className="mt-2 text-slate-800">{t.contactText}</p>
          <Link to="/contactus" className={buttonClasses('primary', 'mt-4')}>
            {t.contactLink}
          </Link>
        </section>
      </HydrateOnView>
    </>
  );
}
