import { Link } from 'react-router';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { myJobs as t } from '@arreglaya/shared/i18n/quotes-web';
import { shell } from '@arreglaya/shared/i18n/shell';
import { PROJECT_STATUS_LABELS } from '@arreglaya/shared/lifecycles';
import { JOB_STATUSES } from '@arreglaya/shared/schemas/projects';
import { buttonClasses } from '@/components/ui/button.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { StatusFilter, useStatusParam } from '@/features/quotes/components/status-filter.tsx';
import { useMyJobs } from '@/features/quotes/hooks/use-my-lists.ts';
import { useCountry } from '@/lib/country.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { useViewer } from '@/lib/use-viewer.ts';

/** /profile/trabajos, 'Mis trabajos': projects the contractor was hired for (assigned … completed, disputed). */
function MyJobsPage() {
  usePageTitle(shell.pages.myJobs);
  const { user } = useViewer();
  const { locale } = useCountry();
  const [status, setStatus] = useStatusParam(JOB_STATUSES);
  const jobs = useMyJobs(user?.role === 'contractor' ? user.id : null, status);
  const items = jobs.data;
  const labels = Object.fromEntries(JOB_STATUSES.map((s) => [s, PROJECT_STATUS_LABELS[s]])) as Record<(typeof JOB_STATUSES)[number], string>;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{shell.pages.myJobs}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <StatusFilter label={t.filter} allLabel={t.all} statuses={JOB_STATUSES} labels={labels} value={status} onChange={setStatus} />
      {jobs.isLoading && (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      )}
      {jobs.isError && !items && (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-900">
          <p>{t.error}</p>
          <button type="button" onClick={() => void jobs.refetch()} className={buttonClasses('secondary')}>
            {t.retry}
          </button>
        </div>
      )}
      {items && items.length === 0 && <p className="rounded-xl border border-dashed border-slate-400 bg-white p-6 text-slate-800">{status ? t.emptyFiltered : t.empty}</p>}
      {items && items.length > 0 && (
        <ul aria-label={t.listLabel} className="flex flex-col gap-3">
          {items.map((job) => (
            <li key={job.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">
                  <Link to={`/proyectos/${job.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {job.title}
                  </Link>
                </h2>
                <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-900">{PROJECT_STATUS_LABELS[job.status]}</span>
              </div>
              <p className="mt-1 text-xl font-bold text-slate-900">{formatMoney(job.agreedPriceMinor, job.currency, locale)}</p>
              <p className="mt-1 text-sm text-slate-700">
                {t.client(job.clientFirstName)} · {formatDate(job.startDate, locale)} · {job.services.map((s) => SERVICE_LABELS[s]).join(', ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { MyJobsPage as Component };
