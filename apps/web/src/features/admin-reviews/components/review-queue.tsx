import { useState, type FormEvent } from 'react';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import { REVIEW_REJECTION_MAX, ReviewRejectSchema, type Review } from '@arreglaya/shared/schemas/reviews';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { useModerate, useReviewQueue } from '../api/review-queue-api.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

interface ReviewQueueProps {
  userId: string;
  page: number;
  locale: string;
}

/** The console's review queue (/admin/resenas): pending reviews, oldest first; approve, or reject with a reason. */
export function ReviewQueue({ userId, page, locale }: ReviewQueueProps) {
  const queue = useReviewQueue(userId, page);
  const moderate = useModerate(userId);
  const messages = useMessageBox();
  const [rejecting, setRejecting] = useState<Review | null>(null);
  const data = queue.data;

  const approving = useInFlight();
  const approve = (r: Review) =>
    approving.run(async () => {
      try {
        const { message } = await moderate.mutateAsync({ id: r.id });
        messages.show({ text: message, kind: 'success' });
      } catch (error) {
        messages.show({ text: errorMessage(error), kind: 'error' });
      }
    });

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{t.admin.title}</h1>
        <p className="mt-1 text-slate-700">{t.admin.intro}</p>
      </div>
      {data && (
        <p role="status" className="font-semibold text-slate-800">
          {t.admin.pendingCount(formatNumber(data.total, locale), data.total)}
        </p>
      )}
      <QueryState query={queue} isEmpty={(d) => d.items.length === 0} empty={t.admin.empty} errorMessage={t.admin.loadError}>
        {(data) => (
          <ul aria-label={t.admin.listLabel} className="flex flex-col gap-3">
            {data.items.map((r) => (
              <li key={r.id}>
                <article aria-labelledby={`review-${r.id}`} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
                  <StarRating value={r.rating} />
                  <h2 id={`review-${r.id}`} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                    {r.title}
                  </h2>
                  <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.comments}</p>
                  <p className="text-sm text-slate-700">
                    {t.admin.from(r.authorName, r.subjectName)} · {t.page.project(r.projectTitle)} · <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
                  </p>
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <button type="button" disabled={approving.busy} aria-busy={approving.busy} onClick={() => void approve(r)} className={buttonClasses('primary')}>
                      <BusyLabel busy={approving.busy && moderate.variables?.id === r.id}>{t.admin.approve}</BusyLabel>
                    </button>
                    <button type="button" disabled={approving.busy} onClick={() => setRejecting(r)} className={buttonClasses('secondary')}>
                      {t.admin.reject}
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {data && data.pageCount > 1 && <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(p) => (p > 1 ? `?page=${p}` : '?')} />}
      {rejecting && (
        <RejectDialog
          review={rejecting}
          onClose={() => setRejecting(null)}
          onReject={async (reason) => {
            const { message } = await moderate.mutateAsync({ id: rejecting.id, reason });
            messages.show({ text: message, kind: 'success' });
            setRejecting(null);
          }}
        />
      )}
    </div>
  );
}

function RejectDialog({ review, onReject, onClose }: { review: Review; onReject: (reason: string) => Promise<void>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sending = useInFlight();
  const busy = sending.busy;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReviewRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    await sending.run(async () => {
      try {
        await onReject(parsed.data.reason);
      } catch (e) {
        setError(e instanceof ApiError && e.fields?.reason ? e.fields.reason : errorMessage(e));
      }
    });
  };
  return (
    <ModalDialog title={t.admin.rejectTitle} onClose={onClose} variant="confirm" dismissable={!busy}>
      <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{review.title}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
        <Field label={t.admin.reasonLabel} error={error}>
          {(c) => <textarea {...c} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={REVIEW_REJECTION_MAX} className={inputClasses('resize-y')} />}
        </Field>
        <DialogActions failure={null} cancelLabel={t.admin.cancel} onCancel={onClose} submitLabel={t.admin.confirmReject} busy={busy} />
      </form>
    </ModalDialog>
  );
}
