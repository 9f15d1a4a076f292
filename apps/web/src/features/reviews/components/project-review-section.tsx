import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import type { ReviewData } from '@arreglaya/shared/schemas/reviews';
import { buttonClasses } from '@/components/ui/button.ts';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { createReview, editReview, reviewKeys, useProjectReview } from '../api/reviews-api.ts';
import { PROJECT_SECTIONS } from '@arreglaya/shared/routes';
import { onDemand } from '@/components/ui/on-demand.tsx';

// The review's form (react-hook-form, zod) comes with the tap that opens it (decision 070).
const ReviewDialog = onDemand(() => import('./review-dialog.tsx').then((m) => m.ReviewDialog));

interface ProjectReviewSectionProps {
  projectId: string;
  userId: string;
  /** The other side of the project: who is reviewed. */
  subjectName: string;
}

/**
 * On a completed project, for its client and its hired contractor: Add Comment once, then the
 * review with its state; editable while pending (spec §4: only on completado).
 */
export function ProjectReviewSection({ projectId, userId, subjectName }: ProjectReviewSectionProps) {
  const state = useProjectReview(userId, projectId, true);
  const queryClient = useQueryClient();
  const messages = useMessageBox();
  const [open, setOpen] = useState(false);
  const s = state.data;
  // Mis proyectos' 'Escribir reseña' links here (#comentario); the section appears after the project, so it scrolls itself.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const shown = Boolean(s && (s.canReview || s.mine));
  useEffect(() => {
    if (shown && hash === `#${PROJECT_SECTIONS.review}`) section.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  if (!s || (!s.canReview && !s.mine)) return null;
  const mine = s.mine;

  const send = async (body: ReviewData) => (mine ? editReview(mine.id, body) : createReview(projectId, body));
  const onSent = (message: string) => {
    setOpen(false);
    messages.show({ text: message, kind: 'success' });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all(userId) });
  };

  return (
    <section ref={section} id={PROJECT_SECTIONS.review} aria-labelledby="project-review" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="project-review" className="text-xl font-bold text-slate-900">
        {t.page.title}
      </h2>
      {mine ? (
        <div className="mt-3 flex flex-col gap-2">
          <StarRating value={mine.rating} />
          <p className="font-semibold text-slate-900">{mine.title}</p>
          <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{mine.comments}</p>
          <p className="text-sm font-medium text-slate-700">
            {mine.status === 'pending' ? t.pendingNote : mine.status === 'approved' ? t.approvedNote : t.rejectedNote(mine.rejectionReason ?? '')}
          </p>
          {mine.status === 'pending' && (
            <button type="button" onClick={() => setOpen(true)} className={buttonClasses('secondary', 'self-start')}>
              {t.edit}
            </button>
          )}
        </div>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className={buttonClasses('primary', 'mt-3')}>
          {t.add}
        </button>
      )}
      {open && <ReviewDialog subjectName={subjectName} previous={mine} send={send} onSent={onSent} onClose={() => setOpen(false)} />}
    </section>
  );
}
