import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { reviews as t } from '@arreglaya/shared/i18n/reviews';
import { REVIEW_COMMENTS_MAX, REVIEW_TITLE_MAX, ReviewFormSchema, type Review, type ReviewData } from '@arreglaya/shared/schemas/reviews';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface ReviewFormValues {
  rating: string;
  title: string;
  comments: string;
}

interface ReviewDialogProps {
  /** Who is reviewed (the dialog's title). */
  subjectName: string;
  /** The author's pending review being edited, if any. */
  previous: Review | null;
  /** Sends the review; resolves with the server's message. */
  send: (body: ReviewData) => Promise<{ message: string }>;
  onSent: (message: string) => void;
  onClose: () => void;
}

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Add Comment (spec §4, §5): rating 1–5, title and comments, checked with the API's own schema
 * ('Elige una opción válida.', 'Campo obligatorio.'); the server's messages land under the same fields.
 */
export function ReviewDialog({ subjectName, previous, send, onSent, onClose }: ReviewDialogProps) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewData>({
    resolver: zodResolver(ReviewFormSchema) as never,
    defaultValues: { rating: previous ? String(previous.rating) : '', title: previous?.title ?? '', comments: previous?.comments ?? '' },
  });

  const onSubmit = async (values: ReviewData) => {
    setFailure(null);
    try {
      const { message } = await send(values);
      onSent(message);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['rating', 'title', 'comments'])) setFailure(errorMessage(error));
    }
  };

  return (
    <ModalDialog title={t.dialogTitle(subjectName)} onClose={onClose} dismissable={!isSubmitting}>
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="mt-6 flex flex-col gap-5" aria-busy={isSubmitting}>
        <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
          <legend className="font-medium text-slate-800">{t.ratingLegend}</legend>
          <div className="flex flex-wrap gap-1">
            {RATINGS.map((n) => (
              <label key={n} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-brand-50">
                <input type="radio" value={String(n)} {...register('rating')} aria-invalid={errors.rating ? true : undefined} className="size-5 accent-brand-700" />
                <span className="text-slate-800">{t.ratingOption(n)}</span>
              </label>
            ))}
          </div>
          {errors.rating && (
            <p id={`${id}-rating-error`} className="text-sm font-medium text-red-700">
              {errors.rating.message}
            </p>
          )}
        </fieldset>
        <Field label={t.titleLabel} error={errors.title?.message}>
          {(c) => <input {...c} {...register('title')} maxLength={REVIEW_TITLE_MAX} autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field label={t.commentsLabel} error={errors.comments?.message}>
          {(c) => <textarea {...c} {...register('comments')} rows={5} maxLength={REVIEW_COMMENTS_MAX} className={inputClasses('resize-y')} />}
        </Field>
        <DialogActions failure={failure} cancelLabel={t.cancel} onCancel={onClose} submitLabel={previous ? t.save : t.submit} busy={isSubmitting} />
      </form>
    </ModalDialog>
  );
}
