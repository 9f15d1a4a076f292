import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminJobs as t } from '@arreglaya/shared/i18n/admin-ops';
import type { FailedJob, JobQueue, JobQueues } from '@arreglaya/shared/schemas/admin-ops';
import { buttonClasses } from '@/components/ui/button.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { formatMoment, formatNumber } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { adminOpsKeys, fetchJobs, retryJob } from './api.ts';

/** /admin/tareas: the job queue's queues (waiting, active, failed, last run) and a retry per failed job (decision 035). Sysadmins only (router). */
export function JobsPage() {
  usePageTitle(t.title);
  const jobs = useQuery({ queryKey: adminOpsKeys.jobs, queryFn: ({ signal }) => fetchJobs(signal) });
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <QueryState query={jobs} isEmpty={(d: JobQueues) => d.queues.length === 0} empty={t.empty} errorMessage={t.loadError}>
        {(data) => (
          <>
            <ul aria-label={t.queuesLabel} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {data.queues.map((q) => (
                <QueueEntry key={q.name} queue={q} />
              ))}
            </ul>
            {data.failed.length > 0 && (
              <section aria-labelledby="failed-jobs-title" className="flex flex-col gap-3">
                <h2 id="failed-jobs-title" className="text-2xl font-semibold text-slate-900">
                  {t.failedJobs}
                </h2>
                <ul aria-label={t.failedJobs} className="flex flex-col gap-3">
                  {data.failed.map((f) => (
                    <FailedJobEntry key={f.id} job={f} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

function QueueEntry({ queue }: { queue: JobQueue }) {
  const headingId = useId();
  const counts = [
    [t.waiting, queue.waiting],
    [t.active, queue.active],
    [t.failed, queue.failed],
  ] as const;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="font-semibold text-slate-900">
        {t.queues[queue.name]}
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt className="text-slate-700">{label}</dt>
            <dd className={n > 0 && label === t.failed ? 'text-lg font-bold text-red-700' : 'text-lg font-semibold text-slate-900'}>{formatNumber(n)}</dd>
          </div>
        ))}
        <div className="col-span-3">
          <dt className="inline font-medium text-slate-700">{t.lastRun}: </dt>
          <dd className="inline text-slate-900">{queue.lastRunAt ? formatMoment(queue.lastRunAt, undefined, true) : t.never}</dd>
        </div>
      </dl>
    </li>
  );
}

export function FailedJobEntry({ job }: { job: FailedJob }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const headingId = useId();
  // One tap, one retry: the app's one way to send (lib/use-in-flight.tsx), like the console's other actions.
  const inFlight = useInFlight();
  const failedAt = formatMoment(job.failedAt, undefined, true);
  const retry = useMutation({
    mutationFn: () => retryJob(job.queue, job.id),
    onSuccess: (r) => messageBox.show({ text: r.message, kind: 'success' }),
    onError: (error) => messageBox.show({ text: errorMessage(error), kind: 'error' }),
    // Either way the list is read again: a job retried elsewhere is gone from it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminOpsKeys.jobs }),
  });
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t.queues[job.queue]}
      </h3>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <div>
          <dt className="inline font-medium text-slate-700">{t.failedAt}: </dt>
          <dd className="inline">{failedAt}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">{t.attempts}: </dt>
          <dd className="inline">{formatNumber(job.attempts)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">{t.error}: </dt>
          <dd className="inline font-mono break-words">{job.error ?? t.noError}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={`mt-3 ${buttonClasses('primary')}`}
        aria-label={t.retryLabel(t.queues[job.queue], failedAt)}
        disabled={inFlight.busy}
        aria-busy={inFlight.busy}
        onClick={() => void inFlight.send(retry, undefined)}
      >
        <BusyLabel busy={inFlight.busy}>{t.retry}</BusyLabel>
      </button>
    </li>
  );
}

export { JobsPage as Component };
