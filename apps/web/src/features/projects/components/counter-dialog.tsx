import { useId, useState, type FormEvent } from 'react';
import type { Currency } from '@arreglaya/shared/domain';
import { parseMoneyInput } from '@arreglaya/shared/parse-money';
import { projectsWeb as t, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { COMMENT_MAX, CounterOfferSchema } from '@arreglaya/shared/schemas/quotes';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';

interface CounterDialogProps {
  contractorName: string;
  currency: Currency;
  onSend: (priceMinor: number, comment: string | undefined) => Promise<void>;
  onClose: () => void;
}

/**
 * The client's counter-offer: a price in pesos (sent in centavos) and an optional comment,
 * checked with the API's own schema; the API's field messages land under the same fields.
 */
export function CounterDialog({ contractorName, currency, onSend, onClose }: CounterDialogProps) {
  const id = useId();
  const [price, setPrice] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ price?: string; comment?: string; form?: string }>({});
  const sending = useInFlight();
  const busy = sending.busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoneyInput(price, currency);
    const parsed = CounterOfferSchema.safeParse({
      priceMinor: minor === undefined || Number.isNaN(minor) ? undefined : minor,
      comment: comment.trim() === '' ? undefined : comment,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'priceMinor') next.price ??= issue.message;
        else if (issue.path[0] === 'comment') next.comment ??= issue.message;
      }
      if (minor !== undefined && Number.isNaN(minor)) next.price = tq.priceMustBePositive;
      setErrors(next);
      return;
    }
    setErrors({});
    await sending.run(async () => {
      try {
        await onSend(parsed.data.priceMinor, parsed.data.comment);
        onClose();
      } catch (error) {
        const fields = error instanceof ApiError ? error.fields : undefined;
        if (fields?.priceMinor || fields?.comment) setErrors({ price: fields.priceMinor, comment: fields.comment });
        else setErrors({ form: errorMessage(error) });
      }
    });
  };

  return (
    <ModalDialog title={t.offers.counterTitle} onClose={onClose} variant="confirm" dismissable={!busy}>
      <p className="mt-1 text-slate-700">{contractorName}</p>
      <form id={id} noValidate onSubmit={(e) => void submit(e)} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
        <Field label={t.offers.counterPriceLabel(currency)} error={errors.price}>
          {(c) => <input {...c} value={price} onChange={(e) => setPrice(e.target.value)} inputMode="decimal" autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field label={t.offers.counterComment} error={errors.comment}>
          {(c) => <textarea {...c} value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={COMMENT_MAX} className={inputClasses('resize-y')} />}
        </Field>
        <DialogActions failure={errors.form} cancelLabel={t.offers.close} onCancel={onClose} submitLabel={t.offers.send} busy={busy} />
      </form>
    </ModalDialog>
  );
}
