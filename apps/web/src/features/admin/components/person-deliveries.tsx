import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import type { DeliveriesPage } from '@arreglaya/shared/schemas/notification-channels';
import { buttonClasses } from '@/components/ui/button.ts';
import { ErrorWithRetry } from '@/components/ui/error-with-retry.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { api } from '@/lib/api.ts';
import { formatDate, formatTime } from '@/lib/format.ts';

// A person's deliveries on the outside channels (push, WhatsApp, SMS), newest first, a page at a
// time, on the console's person page (issue 32, decision 038).

const a = tn.admin;
const PAGE = 20;

export function PersonDeliveries({ userId, locale }: { userId: string; locale: string }) {
  const query = useInfiniteQuery({
    queryKey: ['admin-person-deliveries', userId],
    queryFn: ({ pageParam, signal }) =>
      api.get<DeliveriesPage>(`/api/admin/people/${encodeURIComponent(userId)}/deliveries?limit=${PAGE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.items.at(-1)?.id ?? null) : null),
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="admin-person-deliveries" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="admin-person-deliveries" className="text-lg font-semibold text-slate-900">
        {a.title}
      </h2>
      {query.isPending ? (
        <Spinner className="py-4" />
      ) : query.isError ? (
        <ErrorWithRetry message={a.loadFailed} onRetry={query.refetch} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <p className="mt-2 text-slate-700">{a.empty}</p>
      ) : (
        <>
          <ul className="mt-2 flex flex-col divide-y divide-slate-200">
            {items.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 py-2">
                <span className="text-slate-900">
                  <span className="font-medium">{tn.types[d.type]}</span> · {tn.channels[d.channel]} · {a.states[d.state]} · {a.attempts}: {d.attempts}
                </span>
                <span className="text-sm break-words text-slate-700">
                  {formatDate(d.updatedAt, locale)} {formatTime(d.updatedAt, locale)}
                  {d.reason ? ` · ${a.reason}: ${a.reasonText(d.reason)}` : ''}
                </span>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <button type="button" className={buttonClasses('secondary', 'mt-2')} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {a.more}
            </button>
          )}
        </>
      )}
    </section>
  );
}
