import { useId, useState, type FormEvent } from 'react';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import { REVIEW_REPLY_MAX, ReviewReplySchema, type Review } from '@arreglaya/shared/schemas/reviews';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { StarRating } from '@/components/ui/star-rating.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatDate } from '@/lib/format.ts';
import { cx } from '@/lib/cx.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';

const STATUS_TONE = { pending: 'bg-amber-100 text-amber-900', approved: 'bg-emerald-100 text-emerald-900', rejected: 'bg-red-100 text-red-900' } as const;

interface ReviewItemProps {
  review: Review;
  /** 'about': written about the viewer (may reply); 'by': written by the viewer (shows its state). */
  side: 'about' | 'by';
  locale: string;
  onReply?: (reply: string) => Promise<void>;
}

/** One review on /perfil/reviews: stars, title, text, who and which project, its state or the reply. */
export function ReviewItem({ review: r, side, locale, onReply }: ReviewItemProps) {
  const [replying, setReplying] = useState(false);
  return (
    <article className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating value={r.rating} />
        {side === 'by' && <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', STATUS_TONE[r.status])}>{t.page.status[r.status]}</span>}
      </div>
      <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{r.title}</h3>
      <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.comments}</p>
      <p className="text-sm text-slate-700">
        {side === 'about' ? t.page.byName(r.authorName) : t.page.aboutName(r.subjectName)} · {t.page.project(r.projectTitle)} ·{' '}
        <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
      </p>
      {r.status === 'rejected' && r.rejectionReason && <p className="text-sm font-medium text-red-800">{t.page.rejectedReason(r.rejectionReason)}</p>}
      {r.reply && (
        <div className="mt-2 border-l-4 border-brand-200 pl-3">
          <p className="text-sm font-semibold text-slate-900">{t.reply.heading}</p>
          <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{r.reply}</p>
        </div>
      )}
      {side === 'about' &&
        !r.reply &&
        onReply &&
        r.status === 'approved' &&
        (replying ? (
          <ReplyForm onSend={onReply} onDone={() => setReplying(false)} />
        ) : (
          <button type="button" onClick={() => setReplying(true)} className={buttonClasses('secondary', 'self-start')}>
            {t.reply.action}
          </button>
        ))}
    </article>
  );
}

/** The reviewed person's one public reply; checked with the API's schema. */
function ReplyForm({ onSend, onDone }: { onSend: (reply: string) => Promise<void>; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sending = useInFlight();
  const busy = sending.busy;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReviewReplySchema.safeParse({ reply: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await sending.run(async () => {
      try {
        await onSend(parsed.data.reply);
        onDone();
      } catch (e) {
        setError(e instanceof ApiError && e.fields?.reply ? e.fields.reply : errorMessage(e));
      }
    });
  };
  return (
    <form id={id} noValidate onSubmit={(e) => void submit(e)} className="mt-2 flex flex-col gap-3" aria-busy={busy}>
      <Field label={t.reply.label} error={error}>
        {(c) => <textarea {...c} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={REVIEW_REPLY_MAX} className={inputClasses('resize-y')} />}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <button type="button" onClick={onDone} disabled={busy} className={buttonClasses('secondary')}>
          {t.reply.cancel}
        </button>
        <button type="submit" disabled={busy} className={buttonClasses('primary')}>
          <BusyLabel busy={busy}>{t.reply.submit}</BusyLabel>
        </button>
      </div>
    </form>
  );
}
