import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ROLES } from '@arreglaya/shared/domain';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';
import { PROJECT_STATUSES } from '@arreglaya/shared/lifecycles';
import type { AdminOverview } from '@arreglaya/shared/schemas/admin-console';
import { AdminLoadError } from '@/features/admin/components/admin-load-error.tsx';
import { adminBankKeys, fetchStatementQueue, STATEMENT_QUEUE_MAX } from '@/features/admin-bank/api.ts';
import { PausedContractors } from '@/features/admin/components/paused-contractors.tsx';
import { useOverview } from '@/features/admin/api/admin-queries.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { cx } from '@/lib/cx.ts';
import { useCountry } from '@/lib/country.ts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { ClaimAlerts } from '@/features/admin-ops/claim-deadlines.tsx';
import { InvitationCountsCard } from '@/features/invitations/components/invitation-counts-card.tsx';

// The chart library arrives only with the chart, after the numbers (its own chunk).
const NewProjectsChart = lazy(() => import('@/features/admin/components/new-projects-chart.tsx'));

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{children}</dd>
    </div>
  );
}

const countLink = 'inline-flex min-h-11 items-center text-brand-700 underline hover:text-brand-800';

/**
 * A count that opens the list it counts: its number, then (for a screen reader's list of links)
 * what it counts. `wholeCard`: the whole card is the link's tap area (a card with one link only).
 */
function CountLink({ to, count, label, wholeCard = false }: { to: string; count: string; label: string; wholeCard?: boolean }) {
  return (
    <Link to={to} className={cx(countLink, wholeCard && 'after:absolute after:inset-0 after:rounded-xl')}>
      {`${count} `}
      <span className="sr-only">{label}</span>
    </Link>
  );
}

function Money({ amounts, locale }: { amounts: AdminOverview['escrowHeld']; locale: string }) {
  if (amounts.length === 0) return <span className="text-base font-medium text-slate-700">{t.overview.noMoney}</span>;
  return (
    <span className="flex flex-col">
      {amounts.map((m) => (
        <span key={m.currency}>{formatMoney(m.amountMinor, m.currency, locale)}</span>
      ))}
    </span>
  );
}

/** /admin: the overview (issue 16, console item 1). */
function AdminOverviewPage() {
  usePageTitle(t.overview.heading);
  const { locale } = useCountry();
  const overview = useOverview();
  // The bank's queue (issue 47) is a list of its own: its length is the count.
  const bankQueue = useQuery({ queryKey: adminBankKeys.queue, queryFn: ({ signal }) => fetchStatementQueue(signal), staleTime: 30_000 });
  const bankWaiting = bankQueue.data?.length;
  const data = overview.data;
  const total = data ? ROLES.reduce((sum, r) => sum + data.people.byRole[r], 0) : 0;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-slate-900">{t.overview.heading}</h1>
      <PausedContractors />
      <QueryState query={overview} className="flex flex-col gap-6" renderError={(error, retry, retrying) => <AdminLoadError error={error} onRetry={retry} retrying={retrying} />}>
        {(data) => (
          <>
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Stat label={t.overview.people}>
                <CountLink to="/admin/personas" count={formatNumber(total, locale)} label={t.overview.people} />
                <span className="mt-1 block text-sm font-medium text-slate-700">{t.overview.newThisWeek(formatNumber(data.people.newThisWeek, locale))}</span>
                <span className="mt-1 flex flex-wrap gap-x-4 text-sm font-normal">
                  {ROLES.map((r) => (
                    <Link key={r} to={`/admin/personas?role=${r}`} className={countLink}>
                      {`${t.roles[r]}: ${formatNumber(data.people.byRole[r], locale)}`}
                    </Link>
                  ))}
                </span>
              </Stat>
              <Stat label={t.overview.offersThisWeek}>{formatNumber(data.offersThisWeek, locale)}</Stat>
              <Stat label={t.overview.escrowHeld}>
                <Money amounts={data.escrowHeld} locale={locale} />
              </Stat>
              <Stat label={t.overview.releasedThisMonth}>
                <Money amounts={data.releasedThisMonth} locale={locale} />
              </Stat>
              <Stat label={t.overview.openClaims}>
                <CountLink wholeCard to="/admin/reclamos" count={formatNumber(data.openClaims, locale)} label={t.overview.openClaims} />
                <ClaimAlerts unanswered={data.claimsUnanswered} late={data.claimsLate} locale={locale} />
              </Stat>
              <Stat label={t.overview.reviewsWaiting}>
                <CountLink wholeCard to="/admin/resenas" count={formatNumber(data.reviewsWaiting, locale)} label={t.overview.reviewsWaiting} />
              </Stat>
              <Stat label={t.overview.contactUnanswered}>
                <CountLink
                  wholeCard
                  to="/admin/bandejas?bandeja=contact_page&estado=new"
                  count={formatNumber(data.contactUnanswered, locale)}
                  label={t.overview.contactUnanswered}
                />
              </Stat>
              <Stat label={t.overview.otherInboxesWaiting}>{formatNumber(data.otherInboxesWaiting, locale)}</Stat>
              <Stat label={t.overview.bankQueue}>
                <CountLink
                  wholeCard
                  to="/admin/banco"
                  count={bankWaiting === undefined ? '…' : t.overview.bankQueueCount(formatNumber(bankWaiting, locale), bankWaiting >= STATEMENT_QUEUE_MAX)}
                  label={t.overview.bankQueue}
                />
              </Stat>
            </dl>

            <section aria-labelledby="admin-projects-by-status" className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="admin-projects-by-status" className="text-lg font-semibold text-slate-900">
                {t.overview.projects}
              </h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
                {PROJECT_STATUSES.map((s) => (
                  <div key={s}>
                    <dt className="text-sm text-slate-700">{t.projectStatuses[s]}</dt>
                    <dd className="text-xl font-bold text-slate-900">{formatNumber(data.projectsByStatus[s], locale)}</dd>
                  </div>
                ))}
              </dl>
            </section>

            <InvitationCountsCard locale={locale} />

            <section aria-labelledby="admin-new-projects" className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="admin-new-projects" className="text-lg font-semibold text-slate-900">
                {t.overview.chartTitle}
              </h2>
              <div className="mt-3 min-h-[220px]">
                <Suspense fallback={<p className="text-slate-700">{t.overview.chartLoading}</p>}>
                  <NewProjectsChart days={data.newProjectsPerDay} locale={locale} />
                </Suspense>
              </div>
              {/* The chart's text alternative: the same numbers, for screen readers. */}
              <DataTable
                variant="hidden"
                caption={t.overview.tableCaption}
                columns={[
                  { id: 'day', header: t.overview.day, rowHeader: true, cell: (d) => formatDate(d.day, locale) },
                  { id: 'count', header: t.overview.count, cell: (d) => formatNumber(d.count, locale) },
                ]}
                rows={data.newProjectsPerDay}
                rowKey={(d) => d.day}
              />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

export { AdminOverviewPage as Component };
