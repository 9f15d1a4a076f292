import { useId } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminModeration as t, matchKindLabels, reportReasonLabels, reportTargetLabels } from '@arreglaya/shared/i18n/admin-ops';
import { splitByMatches } from '@arreglaya/shared/moderation-rules';
import type { FlaggedProfile, Report } from '@arreglaya/shared/schemas/admin-ops';
import { buttonClasses } from '@/components/ui/button.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate } from '@/lib/format.ts';
import { usePageTitle } from '@/lib/page-title.ts';
import { adminOpsKeys, decideReport, fetchFlagged, fetchReports } from './api.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

/** /admin/moderacion: open reports (dismiss or act) and the profiles the contact-info rule flags. */
export function ModerationPage() {
  usePageTitle(t.title);
  const reports = useQuery({ queryKey: adminOpsKeys.reports, queryFn: ({ signal }) => fetchReports(signal) });
  const flagged = useQuery({ queryKey: adminOpsKeys.flagged, queryFn: ({ signal }) => fetchFlagged(signal) });
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.title}</h1>
        <p className="mt-1 text-slate-700">{t.intro}</p>
      </div>
      <section aria-labelledby="reports-title" className="flex flex-col gap-3">
        <h2 id="reports-title" className="text-2xl font-semibold text-slate-900">
          {t.reportsTitle}
        </h2>
        <QueryState query={reports} isEmpty={(d) => d.length === 0} empty={t.reportsEmpty} errorMessage={t.loadError}>
          {(data) => (
            <ul aria-label={t.reportsTitle} className="flex flex-col gap-3">
              {data.map((r) => (
                <ReportEntry key={r.id} report={r} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="flagged-title" className="flex flex-col gap-3">
        <h2 id="flagged-title" className="text-2xl font-semibold text-slate-900">
          {t.flaggedTitle}
        </h2>
        <p className="text-slate-700">{t.flaggedIntro}</p>
        <QueryState query={flagged} isEmpty={(d) => d.length === 0} empty={t.flaggedEmpty} errorMessage={t.loadError}>
          {(data) => (
            <ul aria-label={t.flaggedTitle} className="flex flex-col gap-3">
              {data.map((f) => (
                <FlaggedEntry key={f.contractorId} profile={f} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}

function ReportEntry({ report }: { report: Report }) {
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const headingId = useId();
  const decide = useMutation({
    mutationFn: (action: 'dismiss' | 'act') => decideReport(report.id, action),
    onSuccess: async (r) => {
      messageBox.show({ text: r.message, kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: adminOpsKeys.reports });
    },
    onError: (error) => messageBox.show({ text: errorMessage(error), kind: 'error' }),
  });
  const inFlight = useInFlight();
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {reportTargetLabels[report.targetKind]} · {reportReasonLabels[report.reason]}
      </h3>
      <dl className="mt-2 flex flex-col gap-1 text-sm">
        <div>
          <dt className="inline font-medium text-slate-700">{t.reportedAt}: </dt>
          <dd className="inline">{formatDate(report.createdAt)}</dd>
        </div>
        {report.reporterName && (
          <div>
            <dt className="inline font-medium text-slate-700">{t.reportedBy}: </dt>
            <dd className="inline">{report.reporterName}</dd>
          </div>
        )}
        {report.subjectName && (
          <div>
            <dt className="inline font-medium text-slate-700">{t.against}: </dt>
            <dd className="inline">
              {report.targetKind === 'profile' && report.subjectId ? (
                <Link to={`/contractors/${report.subjectId}`} className="text-brand-700 underline">
                  {report.subjectName}
                </Link>
              ) : (
                report.subjectName
              )}
            </dd>
          </div>
        )}
        {report.details && (
          <div>
            <dt className="inline font-medium text-slate-700">{t.details}: </dt>
            <dd className="inline break-words">{report.details}</dd>
          </div>
        )}
      </dl>
      {report.messageBody !== null && (
        <blockquote aria-label={t.messageText} className="mt-2 rounded-md border-l-4 border-slate-300 bg-slate-50 p-2 break-words whitespace-pre-line text-slate-900">
          {report.messageBody}
        </blockquote>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClasses('secondary')} disabled={inFlight.busy} aria-busy={inFlight.busy} onClick={() => void inFlight.send(decide, 'dismiss')}>
          <BusyLabel busy={inFlight.busy && decide.variables === 'dismiss'}>{t.dismiss}</BusyLabel>
        </button>
        <button type="button" className={buttonClasses('primary')} disabled={inFlight.busy} aria-busy={inFlight.busy} onClick={() => void inFlight.send(decide, 'act')}>
          <BusyLabel busy={inFlight.busy && decide.variables === 'act'}>{report.targetKind === 'message' ? t.hideMessage : t.markHandled}</BusyLabel>
        </button>
      </div>
    </li>
  );
}

export function FlaggedEntry({ profile }: { profile: FlaggedProfile }) {
  const headingId = useId();
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        <Link to={`/contractors/${profile.contractorId}`} aria-label={t.viewProfile(profile.name)} className="text-brand-700 underline">
          {profile.name}
        </Link>
      </h3>
      {profile.texts.map((text, i) => (
        <div key={i} className="mt-2">
          <p className="text-sm font-medium text-slate-700">
            {text.source === 'description' ? t.description : t.caption} · {t.matches}: {text.matches.map((m) => matchKindLabels[m.kind]).join(', ')}
          </p>
          <p className="break-words whitespace-pre-line text-slate-900">
            {splitByMatches(text.text, text.matches).map((part, j) =>
              part.match ? (
                <mark key={j} className="rounded bg-amber-200 px-0.5 text-slate-900">
                  {part.text}
                </mark>
              ) : (
                <span key={j}>{part.text}</span>
              ),
            )}
          </p>
        </div>
      ))}
    </li>
  );
}

export { ModerationPage as Component };
