import { useEffect } from 'react';
import { Link } from 'react-router';
import { notices as t } from '@arreglaya/shared/i18n/notices';
import type { Notice } from '@arreglaya/shared/schemas/notifications';
import { buttonClasses } from '@/components/ui/button.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cx } from '@/lib/cx.ts';
import { formatMoment } from '@/lib/format.ts';
import { useMarkAllNoticesRead, useMarkNoticeRead, useNotices } from '../api/notices-queries.ts';

interface NoticesListProps {
  userId: string;
  /** The session's count: when a notice arrives on the socket it changes, and the list is asked again. */
  unreadNotices: number;
  locale?: string;
}

/** /perfil/avisos: the person's notices, newest first, unread ones marked, each a link to where to act. */
export function NoticesList({ userId, unreadNotices, locale }: NoticesListProps) {
  const query = useNotices(userId);
  const markOne = useMarkNoticeRead(userId);
  const markAll = useMarkAllNoticesRead(userId);
  const listed = query.data?.pages[0]?.unread.notices;
  const { refetch, isFetching } = query;
  // Live: a notice arrived (or was read elsewhere) and the session's count moved away from the list's.
  useEffect(() => {
    if (listed !== undefined && listed !== unreadNotices && !isFetching) void refetch();
  }, [listed, unreadNotices, isFetching, refetch]);

  if (query.isPending) return <Spinner className="py-8" />;
  if (query.isError) return <ErrorWithRetry message={t.loadFailed} onRetry={query.refetch} retrying={query.isFetching} />;
  const items = query.data.pages.flatMap((p) => p.items);
  const unread = listed ?? 0;
  if (items.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t.empty}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-live="polite">
          {unread > 0 ? t.unreadSummary(unread) : t.allRead}
        </p>
        <button type="button" className={buttonClasses('secondary')} disabled={unread === 0 || markAll.isPending} aria-busy={markAll.isPending} onClick={() => markAll.mutate()}>
          {markAll.isPending ? t.markingAll : t.markAll}
        </button>
      </div>
      {(markAll.isError || markOne.isError) && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {t.markFailed}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {items.map((n) => (
          <NoticeItem key={n.id} notice={n} locale={locale} onOpen={() => (n.read ? undefined : markOne.mutate(n.id))} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className={buttonClasses('ghost', 'self-center')}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t.loadingMore : t.more}
        </button>
      )}
    </div>
  );
}

function NoticeItem({ notice: n, locale, onOpen }: { notice: Notice; locale?: string; onOpen: () => void }) {
  return (
    <li>
      <Link
        to={n.url}
        onClick={onOpen}
        className={cx(
          'flex flex-col gap-1 rounded-lg border p-4 hover:border-brand-700 hover:bg-brand-50',
          n.read ? 'border-slate-200 bg-white' : 'border-brand-300 border-l-4 border-l-brand-700 bg-brand-50',
        )}
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className={cx('text-slate-900', n.read ? 'font-medium' : 'font-bold')}>
            {!n.read && <span className="sr-only">{`${t.unread}: `}</span>}
            {n.title}
          </span>
          <time dateTime={n.createdAt} className="text-sm text-slate-600">
            {formatMoment(n.createdAt, locale, true)}
          </time>
        </span>
        <span className="break-words text-slate-700">{n.text}</span>
      </Link>
    </li>
  );
}
