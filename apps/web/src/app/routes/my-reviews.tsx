import { useSearchParams } from 'react-router';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import { REVIEW_SORTS, REVIEW_TABS, type ReviewSort, type ReviewTab } from '@arreglaya/shared/schemas/reviews';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { useMyReviews, useReply } from '@/features/reviews/api/reviews-api.ts';
import { ReviewItem } from '@/features/reviews/components/review-item.tsx';
import { useCountry } from '@/lib/country.ts';
import { formatNumber, formatRating } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';
import { cx } from '@/lib/cx.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values.includes(value as T) ? (value as T) : fallback);

/** /perfil/reviews ('Reseñas', spec §2's 'Comentarios'), both roles: 'Sobre ti' (about me, published) and 'De ti' (mine, with their state). */
function MyReviewsPage() {
  usePageTitle(t.page.title);
  const { user } = useViewer();
  const { locale } = useCountry();
  const messages = useMessageBox();
  const [params, setParams] = useSearchParams();
  const tab = oneOf<ReviewTab>(REVIEW_TABS, params.get('tab'), 'about');
  const sort = oneOf<ReviewSort>(REVIEW_SORTS, params.get('sort'), 'newest');
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const userId = user?.id ?? '';
  const list = useMyReviews(userId, tab, sort, page);
  const reply = useReply(userId);
  const data = list.data;

  const hrefFor = (next: { tab?: ReviewTab; sort?: ReviewSort; page?: number }) => {
    const q = new URLSearchParams();
    const nt = next.tab ?? tab;
    const ns = next.sort ?? sort;
    const np = next.page ?? 1;
    if (nt !== 'about') q.set('tab', nt);
    if (ns !== 'newest') q.set('sort', ns);
    if (np > 1) q.set('page', String(np));
    const s = q.toString();
    return s ? `?${s}` : '?';
  };
  const go = (next: { tab?: ReviewTab; sort?: ReviewSort }) => setParams(new URLSearchParams(hrefFor(next).slice(1)));

  const count = (key: ReviewTab) => (data ? formatNumber(data.counts[key], locale) : '…');
  const panel = (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {tab === 'about' ? (
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-800">
            {data && data.rating.count > 0 ? (
              <>
                <StarRating value={data.rating.average} showValue={false} size="lg" />
                <span>{t.page.ratingSummary(formatRating(data.rating.average, locale), formatNumber(data.rating.count, locale), data.rating.count)}</span>
              </>
            ) : (
              data && <span>{t.page.noRating}</span>
            )}
          </p>
        ) : (
          <span />
        )}
        <label className="flex flex-col gap-1 font-medium text-slate-800">
          {t.page.sortLabel}
          <select value={sort} onChange={(e) => go({ sort: e.target.value as ReviewSort })} className={inputClasses('sm:w-56')}>
            {REVIEW_SORTS.map((s) => (
              <option key={s} value={s}>
                {t.page.sorts[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending && (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
      {list.isError && !data && <ErrorWithRetry message={t.page.loadError} onRetry={list.refetch} retrying={list.isFetching} />}
      {data && data.items.length === 0 && <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{t.page.empty}</p>}
      {data && data.items.length > 0 && (
        <ul aria-label={t.page.listLabel} className="flex flex-col gap-3">
          {data.items.map((r) => (
            <li key={r.id}>
              <ReviewItem
                review={r}
                side={tab}
                locale={locale}
                onReply={async (text) => {
                  const { message } = await reply.mutateAsync({ id: r.id, reply: text });
                  messages.show({ text: message, kind: 'success' });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.pageCount > 1 && <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(p) => hrefFor({ page: p })} />}
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-slate-900">{t.page.title}</h1>
      <Tabs selectedKey={tab} onSelectionChange={(key: Key) => go({ tab: key as ReviewTab, sort })}>
        <TabList aria-label={t.page.tabsLabel} className="flex gap-2 border-b border-slate-300">
          {REVIEW_TABS.map((key) => (
            <Tab
              key={key}
              id={key}
              className={({ isSelected, isFocusVisible }) =>
                cx(
                  'min-h-11 cursor-pointer px-4 py-2 font-semibold outline-none',
                  isSelected ? 'border-b-4 border-brand-700 text-brand-800' : 'text-slate-700 hover:text-brand-700',
                  isFocusVisible && 'ring-2 ring-brand-700',
                )
              }
            >
              {t.page.tabCount(t.page[key], count(key))}
            </Tab>
          ))}
        </TabList>
        {REVIEW_TABS.map((key) => (
          <TabPanel key={key} id={key} className="pt-4 outline-none">
            {key === tab && panel}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

export { MyReviewsPage as Component };
