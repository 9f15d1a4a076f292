import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import type { ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { ShowUpState } from '@arreglaya/shared/schemas/show-up';
import { buttonClasses } from '@/components/ui/button.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { formatDate, formatMoment } from '@/lib/format.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { projectKeys } from '../project.ts';
import { answerArrival, markArrival, showUpKeys, useShowUp } from '../show-up.ts';
import { EndHireDialog } from './end-hire.tsx';

const t = showUp.web;

/** Hired and not over before it began: the statuses whose page may show the arrival. */
const SHOWN = ['assigned', 'in_progress', 'delivered', 'disputed', 'completado'] as const;

/**
 * The arrival at the job (decision 057), on the project page of its client and hired contractor:
 * the contractor's "Llegué" from the start day on and his "No podré ir" while the hire is funded;
 * the client's "Confirmar llegada" / "No llegó". What each may do comes from the server (its clock
 * decides the start day); each button is one tap, one request, disabled while it is sent.
 */
export function ShowUp({ project: p, userId, locale }: { project: ProjectDetail; userId: string; locale: string }) {
  const involved = (p.viewer.isClient || p.viewer.isHiredContractor) && (SHOWN as readonly string[]).includes(p.status);
  const state = useShowUp(userId, p, involved);
  if (!involved || !state.data) return null;
  return <ShowUpSection project={p} userId={userId} locale={locale} state={state.data} />;
}

function ShowUpSection({ project: p, userId, locale, state: s }: { project: ProjectDetail; userId: string; locale: string; state: ShowUpState }) {
  const id = useId();
  const queryClient = useQueryClient();
  const messageBox = useMessageBox();
  const sending = useInFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<'noShow' | 'stepBack' | null>(null);
  const day = formatDate(s.startDay, locale);
  const isContractor = p.viewer.isHiredContractor;
  const arrival = s.arrival;
  const nothingToDo = !arrival && !s.may.arrive && !s.may.reportNoShow && !s.may.stepBack && !(isContractor && p.status === 'assigned');
  if (nothingToDo) return null;

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: projectKeys.all(userId) }), queryClient.invalidateQueries({ queryKey: showUpKeys.all(userId) })]);
  const send = (work: () => Promise<{ message: string }>) =>
    sending.run(async () => {
      setFailure(null);
      try {
        const { message } = await work();
        messageBox.show({ text: message, kind: 'success' });
        await refresh();
      } catch (error) {
        setFailure(errorMessage(error));
      }
    });

  const markedAt = arrival ? formatMoment(arrival.markedAt, locale, true) : '';
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={sending.busy} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="text-slate-800">{t.startDay(day)}</p>

      {isContractor && !arrival && s.may.arrive && (
        <>
          <p className="text-slate-800">{t.arriveHint}</p>
          <button type="button" onClick={() => void send(() => markArrival(p.id))} disabled={sending.busy} className={buttonClasses('primary', 'min-h-12 w-full text-lg')}>
            <BusyLabel busy={sending.busy}>{sending.busy ? t.arriving : t.arrive}</BusyLabel>
          </button>
        </>
      )}
      {isContractor && !arrival && !s.may.arrive && p.status === 'assigned' && <p className="text-slate-800">{t.notYet(day)}</p>}
      {isContractor && arrival && (
        <p className="text-slate-800">
          {t.markedAt(markedAt)} {arrival.answer === 'confirmed' ? t.confirmedNote : arrival.answer === 'denied' ? t.deniedNote : t.waitingAnswer}
        </p>
      )}

      {!isContractor && arrival && s.may.answer && (
        <>
          <p className="text-slate-800">{t.clientMarkedAt(s.contractorName, markedAt)}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              onClick={() => void send(() => answerArrival(p.id, true))}
              disabled={sending.busy}
              className={buttonClasses('primary', 'min-h-12 w-full sm:w-auto')}
            >
              <BusyLabel busy={sending.busy}>{t.confirm}</BusyLabel>
            </button>
            <button
              type="button"
              onClick={() => void send(() => answerArrival(p.id, false))}
              disabled={sending.busy}
              className={buttonClasses('secondary', 'min-h-12 w-full sm:w-auto')}
            >
              {t.noShow}
            </button>
          </div>
        </>
      )}
      {!isContractor && arrival && !s.may.answer && (
        <p className="text-slate-800">
          {t.clientMarked(s.contractorName, markedAt)} {arrival.answer === 'confirmed' ? t.clientConfirmedNote : arrival.answer === 'denied' ? t.clientDeniedNote : ''}
        </p>
      )}
      {!isContractor && !arrival && s.may.reportNoShow && (
        <>
          <p className="text-slate-800">{t.noShowIntro(day)}</p>
          <button type="button" onClick={() => setAsking('noShow')} className={buttonClasses('secondary', 'min-h-12 w-full sm:w-auto')}>
            {t.noShow}
          </button>
        </>
      )}

      {isContractor && s.may.stepBack && (
        <>
          <p className="text-slate-800">{t.stepBackIntro}</p>
          {s.stepBackIsLate && <p className="font-semibold text-red-800">{t.stepBackLate}</p>}
          <button type="button" onClick={() => setAsking('stepBack')} className={buttonClasses('secondary', 'min-h-12 w-full sm:w-auto')}>
            {t.stepBack}
          </button>
        </>
      )}

      {failure && (
        <p role="alert" className="font-semibold text-red-800">
          {failure}
        </p>
      )}
      {asking === 'noShow' && (
        <ConfirmDialog
          title={t.noShowConfirmTitle}
          confirmLabel={t.noShowConfirm}
          busyLabel={t.answering}
          cancelLabel={t.keep}
          danger
          onConfirm={async () => {
            const { message } = await answerArrival(p.id, false);
            messageBox.show({ text: message, kind: 'success' });
            await refresh();
          }}
          onClose={() => setAsking(null)}
        >
          {t.noShowConfirmText}
        </ConfirmDialog>
      )}
      {asking === 'stepBack' && (
        <EndHireDialog
          projectId={p.id}
          userId={userId}
          action="withdraw"
          text={s.stepBackIsLate ? `${t.stepBackText} ${t.stepBackLate}` : t.stepBackText}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
