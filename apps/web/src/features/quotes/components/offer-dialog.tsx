import { useId, useState } from 'react';
import { COUNTRIES, type CountryCode } from '@arreglaya/shared/countries';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { warranty as tw } from '@arreglaya/shared/i18n/warranty';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { offerForm as t } from '@arreglaya/shared/i18n/quotes-web';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import {
  QUOTE_DESCRIPTION_MAX,
  QUOTE_DESCRIPTION_MIN,
  QUOTE_DURATION_MAX_DAYS,
  QUOTE_VALIDITY_MAX_DAYS,
  QUOTE_WARRANTY_MAX_DAYS,
  QUOTE_HOLDBACK_MAX_PERCENT,
  offerStartDateLatest,
  type Quote,
} from '@arreglaya/shared/schemas/quotes';
import { buttonClasses } from '@/components/ui/button.ts';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { CloseIcon } from '@/components/ui/icons.tsx';
import { DialogActions, ModalDialog } from '@/components/ui/modal-dialog.tsx';
import { ApiError } from '@/lib/api.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { formatMoney, formatNumber } from '@/lib/format.ts';
import { offerReceivesMinor } from '@arreglaya/shared/lifecycles';
import { parseMoneyInput } from '@arreglaya/shared/parse-money';
import { formFieldOf, initialValues, offerResolver, stageAmounts, stagesSum, type OfferFormContext, type OfferFormValues, type QuoteData } from '../offer-form.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { sameTypes, useFormDraft } from '@/lib/use-form-draft.ts';

interface OfferDialogProps {
  /** The open offer being replaced, if any (its values fill the form). */
  previous: Quote | null;
  /** The project's country: its calendar says whether the start date is past (as the server checks). */
  country: CountryCode;
  locale: string;
  /** The platform's fee on each release (PLATFORM_FEE_PERCENT, from the project's data): the price field says what the contractor would receive. */
  feePercent: number;
  /** Sends the offer; resolves with the server's message. */
  send: (body: QuoteData) => Promise<{ message: string }>;
  /** Called with the server's message once the offer is sent. */
  onSent: (message: string) => void;
  onClose: () => void;
  /** Where the unsent offer is kept (one per project: `offer:<projectId>`); without it, nothing is kept. */
  draftKey?: string;
}

const STAGES_MAX = 5;

/** What a kept offer draft may give back: the form's fields of the right type, stages of a title and a percent. */
function keptOffer(kept: Record<string, unknown>): Partial<OfferFormValues> {
  const picked = sameTypes(initialValues(), kept, [
    'price',
    'description',
    'validityDays',
    'useStages',
    'startDate',
    'durationDays',
    'warrantyDays',
    'holdbackPercent',
    'materialsIncluded',
  ]);
  const stages = kept.stages;
  if (
    Array.isArray(stages) &&
    stages.length <= STAGES_MAX &&
    stages.every(
      (x: unknown) => typeof x === 'object' && x !== null && typeof (x as { title?: unknown }).title === 'string' && typeof (x as { percent?: unknown }).percent === 'number',
    )
  )
    picked.stages = (stages as { title: string; percent: number }[]).map(({ title, percent }) => ({ title, percent }));
  if (picked.materialsIncluded !== undefined && !['', 'yes', 'no'].includes(picked.materialsIncluded)) delete picked.materialsIncluded;
  return picked;
}

/**
 * Make Offer (spec §2 Modals, §5 Bid): price in pesos (sent in centavos), description, validity in
 * days (7 by default) and an optional staged plan that sums 100 %. The API's schema checks the form;
 * the server's messages land under the same fields.
 */
export function OfferDialog({ previous, country, locale, feePercent, send, onSent, onClose, draftKey }: OfferDialogProps) {
  const id = useId();
  // The project's country's currency (decision 067): the label and the amounts say it, as its country writes them.
  const currency = COUNTRIES[country].currency;
  const [failure, setFailure] = useState<string | null>(null);
  // One submit at a time, validation included (decision 032).
  const sending = useInFlight();
  const isSubmitting = sending.busy;
  const form = useForm<OfferFormValues, OfferFormContext, QuoteData>({ resolver: offerResolver, context: { country }, defaultValues: initialValues(previous) });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = form;
  // The unsent offer survives a reload, a dropped connection or a closed dialog (decision 033).
  const draft = useFormDraft(draftKey ?? null, form, keptOffer);
  const stages = useFieldArray({ control, name: 'stages' });
  const [useStages, price, stageValues, descriptionValue] = useWatch({ control, name: ['useStages', 'price', 'stages', 'description'] });
  // Said before sending: how many characters the description still needs (counted trimmed, as the schema does).
  const descriptionMissing = QUOTE_DESCRIPTION_MIN - (descriptionValue ?? '').trim().length;
  const priceMinor = parseMoneyInput(price ?? '', currency);
  const amounts =
    priceMinor && priceMinor > 0
      ? stageAmounts(
          priceMinor,
          (stageValues ?? []).map((s) => (Number.isFinite(s.percent) ? s.percent : 0)),
        )
      : null;
  // What reaches the contractor once released, fee taken as the ledger takes it (each stage apart
  // with a staged plan); said before sending, as /comocontratistas promises (issue 46).
  const stagePercents = useStages ? (stageValues ?? []).map((s) => (Number.isFinite(s.percent) ? s.percent : 0)) : [];
  const receives =
    priceMinor && priceMinor > 0 ? t.receives(formatMoney(offerReceivesMinor(priceMinor, feePercent, stagePercents), currency), `${formatNumber(feePercent, locale)} %`) : null;

  const onSubmit = async (values: QuoteData) => {
    setFailure(null);
    try {
      const { message } = await send(values);
      await draft.forget();
      onSent(message);
    } catch (error) {
      let placed = 0;
      if (error instanceof ApiError && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          setError(formFieldOf(path) as Path<OfferFormValues>, { type: 'server', message }, { shouldFocus: placed === 0 });
          placed += 1;
        }
      }
      if (placed === 0) setFailure(tq.sendError(errorMessage(error)));
    }
  };

  const onToggleStages = (on: boolean) => {
    if (on && stages.fields.length === 0) stages.replace(t.defaultStages.map((title, i) => ({ title, percent: i === 0 ? 40 : 60 })));
  };

  return (
    <ModalDialog title={previous ? t.replaceTitle : t.title} onClose={onClose}>
      {previous && <p className="mt-2 text-slate-700">{t.replaceNote}</p>}
      <form noValidate onSubmit={sending.submit(handleSubmit(onSubmit))} className="mt-6 flex flex-col gap-5" aria-busy={isSubmitting}>
        <Field label={t.priceLabel(currency)} hint={receives ? `${t.priceHint} ${receives}` : t.priceHint} error={errors.price?.message}>
          {(c) => <input {...c} {...register('price')} inputMode="decimal" autoComplete="off" className={inputClasses()} />}
        </Field>
        <Field
          label={t.description}
          hint={descriptionMissing > 0 ? `${t.descriptionHint} ${t.descriptionLeft(descriptionMissing)}` : t.descriptionHint}
          error={errors.description?.message}
        >
          {(c) => <textarea {...c} {...register('description')} rows={4} maxLength={QUOTE_DESCRIPTION_MAX} className={inputClasses('resize-y')} />}
        </Field>
        <Field label={t.validityDays} hint={t.validityHint} error={errors.validityDays?.message}>
          {(c) => (
            <input {...c} {...register('validityDays', { valueAsNumber: true })} type="number" min={1} max={QUOTE_VALIDITY_MAX_DAYS} step={1} className={inputClasses('w-32')} />
          )}
        </Field>

        {/* The offer's terms (decision 043): what the client compares side by side. */}
        <div className="grid gap-5 sm:grid-cols-3">
          <Field label={tt.startDate} hint={tt.startDateHint} error={errors.startDate?.message}>
            {(c) => <input {...c} {...register('startDate')} type="date" min={todayIn(country)} max={offerStartDateLatest(country)} className={inputClasses()} />}
          </Field>
          <Field label={tt.durationDays} hint={tt.durationHint} error={errors.durationDays?.message}>
            {(c) => (
              <input
                {...c}
                {...register('durationDays', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={1}
                max={QUOTE_DURATION_MAX_DAYS}
                step={1}
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={tt.warrantyDays} hint={tt.warrantyHint} error={errors.warrantyDays?.message}>
            {(c) => (
              <input
                {...c}
                {...register('warrantyDays', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={0}
                max={QUOTE_WARRANTY_MAX_DAYS}
                step={1}
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={tw.percentLabel} hint={tw.percentHint} error={errors.holdbackPercent?.message}>
            {(c) => (
              <input
                {...c}
                {...register('holdbackPercent', { valueAsNumber: true })}
                type="number"
                inputMode="numeric"
                min={0}
                max={QUOTE_HOLDBACK_MAX_PERCENT}
                step={1}
                className={inputClasses()}
              />
            )}
          </Field>
        </div>
        <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={errors.materialsIncluded ? `${id}-materials-error` : undefined}>
          <legend className="font-medium text-slate-800">{tt.materialsIncluded}</legend>
          <div className="flex flex-wrap gap-2">
            {(['yes', 'no'] as const).map((v) => (
              <label key={v} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-brand-50">
                <input type="radio" value={v} {...register('materialsIncluded')} aria-invalid={errors.materialsIncluded ? true : undefined} className="size-5 accent-brand-700" />
                <span className="text-slate-800">{tt[v]}</span>
              </label>
            ))}
          </div>
          {errors.materialsIncluded && (
            <p id={`${id}-materials-error`} className="text-sm font-medium text-red-700">
              {errors.materialsIncluded.message}
            </p>
          )}
        </fieldset>

        <div className="flex flex-col gap-3">
          <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
            <input
              type="checkbox"
              {...register('useStages', { onChange: (e: { target: { checked: boolean } }) => onToggleStages(e.target.checked) })}
              className="size-5 accent-brand-700"
            />
            {t.useStages}
          </label>
          {useStages && (
            <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-300 p-3">
              <legend className="px-1 text-sm text-slate-700">{t.stagesHint}</legend>
              {stages.fields.map((field, i) => (
                <div key={field.id} className="grid grid-cols-[1fr_6rem_auto] items-start gap-2">
                  <Field label={t.stageTitle(i + 1)} error={errors.stages?.[i]?.title?.message}>
                    {(c) => <input {...c} {...register(`stages.${i}.title`)} maxLength={100} className={inputClasses()} />}
                  </Field>
                  <Field
                    label={t.stagePercent(i + 1)}
                    error={errors.stages?.[i]?.percent?.message}
                    hint={amounts ? t.stageAmount(formatMoney(amounts[i] ?? 0, currency)) : undefined}
                  >
                    {(c) => <input {...c} {...register(`stages.${i}.percent`, { valueAsNumber: true })} type="number" min={1} max={99} className={inputClasses()} />}
                  </Field>
                  <button
                    type="button"
                    onClick={() => stages.remove(i)}
                    aria-label={t.removeStage(i + 1)}
                    className="mt-7 inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50"
                  >
                    <CloseIcon className="size-5" />
                  </button>
                </div>
              ))}
              <p className="text-sm font-semibold text-slate-800">{t.stagesSum(stagesSum(stageValues ?? []))}</p>
              {errors.stages?.root?.message && <p className="text-sm font-medium text-red-700">{errors.stages.root.message}</p>}
              {stages.fields.length < STAGES_MAX && (
                <button type="button" onClick={() => stages.append({ title: '', percent: 0 })} className={buttonClasses('ghost', 'self-start')}>
                  {t.addStage}
                </button>
              )}
            </fieldset>
          )}
        </div>

        <DialogActions failure={failure} cancelLabel={t.cancel} onCancel={onClose} submitLabel={t.submit} busy={isSubmitting} busyLabel={t.sending} />
      </form>
    </ModalDialog>
  );
}
