import { useId, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankConsole as t } from '@arreglaya/shared/i18n/statement-queue';
import { statements as tstat } from '@arreglaya/shared/i18n/statements';
import { CSV_DATE_FORMATS, CSV_DECIMAL_SEPARATORS, CSV_DELIMITERS, CSV_ENCODINGS } from '@arreglaya/shared/schemas/bank-statements';
import { buttonClasses } from '@/components/ui/button.ts';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useMessageBox } from '@/components/ui/message-box.tsx';
import { applyServerFieldErrors, errorMessage } from '@/lib/form-errors.ts';
import { BusyLabel, useInFlight } from '@/lib/use-in-flight.tsx';
import { adminBankKeys, fetchBankMappings, saveBankMapping } from './api.ts';
import { BankSuggestions } from './bank-suggestions.tsx';
import { AMOUNT_MODES, EMPTY_MAPPING, fromMapping, mappingResolver, type MappingFormValues, type SavedMapping } from './mapping-values.ts';

const f = tstat.mapping.fields;
const SERVER_FIELDS = [
  'bank',
  'bankName',
  'encoding',
  'delimiter',
  'decimalSeparator',
  'dateFormat',
  'hasHeader',
  'skipRows',
  'footerRows',
  'currency',
  'columns.date',
  'columns.amount',
] as const;

/**
 * "Formato CSV de un banco": how to read a bank's CSV export, saved under a key the import then
 * names (PUT /api/admin/bank-mappings/:bank). A saved layout is chosen from the list above the form
 * (GET /api/admin/bank-mappings), which fills the form to see and edit it. Checked in the browser
 * with the API's own schema (mapping-values.ts); the amount's columns follow the chosen way the bank
 * writes it.
 */
export function MappingForm() {
  const headingId = useId();
  const banksId = useId();
  const messageBox = useMessageBox();
  const inFlight = useInFlight();
  const form = useForm<MappingFormValues, unknown, SavedMapping>({ resolver: mappingResolver, defaultValues: EMPTY_MAPPING });
  const { register, formState } = form;
  const errors = formState.errors;
  const mode = useWatch({ control: form.control, name: 'amountMode' });
  const hasHeaderId = useId();
  const savedId = useId();
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: adminBankKeys.mappings, queryFn: ({ signal }) => fetchBankMappings(signal) });
  const [chosen, setChosen] = useState('');
  /** Said politely once a saved layout fills the form. */
  const [loaded, setLoaded] = useState('');

  const choose = (bank: string) => {
    setChosen(bank);
    const found = saved.data?.find((m) => m.bank === bank);
    form.reset(found ? fromMapping(found.bank, found.mapping) : EMPTY_MAPPING);
    setLoaded(found ? t.savedMappings.loaded(found.bank) : '');
  };

  const save = useMutation({
    mutationFn: (v: SavedMapping) => saveBankMapping(v.bank, v.mapping),
    onSuccess: async (r, v) => {
      messageBox.show({ text: r.message, kind: 'success' });
      await queryClient.invalidateQueries({ queryKey: adminBankKeys.mappings });
      setChosen(v.bank.toLowerCase());
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, SERVER_FIELDS)) messageBox.show({ text: errorMessage(error), kind: 'error' });
    },
  });

  /** A text field for a column (its header's name or its position). */
  const columnField = (name: FieldPath<MappingFormValues>, label: string, optional = true, hint?: string) => {
    const [, key] = name.split('.') as [string, keyof MappingFormValues['columns']];
    return (
      <Field label={optional ? t.mapping.optional(label) : label} hint={hint} error={errors.columns?.[key]?.message}>
        {(c) => <input {...c} type="text" autoComplete="off" spellCheck={false} maxLength={100} className={inputClasses()} {...register(name)} />}
      </Field>
    );
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t.mapping.title}
      </h2>
      <p className="text-slate-700">{t.mapping.intro}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={savedId} className="font-medium text-slate-800">
          {t.savedMappings.label}
        </label>
        <select id={savedId} value={chosen} onChange={(e) => choose(e.target.value)} aria-describedby={`${savedId}-hint`} className={inputClasses('sm:max-w-md')}>
          <option value="">{t.savedMappings.choose}</option>
          {(saved.data ?? []).map((m) => (
            <option key={m.bank} value={m.bank}>
              {m.mapping.bankName ? `${m.bank} (${m.mapping.bankName})` : m.bank}
            </option>
          ))}
        </select>
        <p id={`${savedId}-hint`} className="text-sm text-slate-600">
          {saved.isError ? t.savedMappings.loadError : saved.data && saved.data.length === 0 ? t.savedMappings.none : t.savedMappings.hint}
        </p>
        <p role="status" className="text-sm font-medium text-slate-800">
          {loaded}
        </p>
      </div>
      <form
        noValidate
        aria-labelledby={headingId}
        aria-busy={inFlight.busy}
        className="flex flex-col gap-4"
        onSubmit={inFlight.submit(form.handleSubmit((v) => save.mutateAsync(v).catch(() => undefined)))}
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t.mapping.bank} hint={t.mapping.bankHint} error={errors.bank?.message}>
            {(c) => (
              <input
                {...c}
                type="text"
                list={banksId}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={60}
                className={inputClasses()}
                {...register('bank')}
              />
            )}
          </Field>
          <BankSuggestions id={banksId} />
          <Field label={t.mapping.optional(f.bankName)} error={errors.bankName?.message}>
            {(c) => <input {...c} type="text" autoComplete="off" maxLength={80} className={inputClasses()} {...register('bankName')} />}
          </Field>
        </div>

        <h3 className="font-semibold text-slate-900">{t.mapping.fileTitle}</h3>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={f.encoding} error={errors.encoding?.message}>
            {(c) => (
              <ChoiceSelect {...c} {...register('encoding')} options={CSV_ENCODINGS} labels={tstat.mapping.encodings} placeholder={t.mapping.choose} className={inputClasses()} />
            )}
          </Field>
          <Field label={f.delimiter} error={errors.delimiter?.message}>
            {(c) => (
              <ChoiceSelect
                {...c}
                {...register('delimiter')}
                options={CSV_DELIMITERS}
                labels={tstat.mapping.delimiters}
                placeholder={t.mapping.choose}
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={f.decimalSeparator} error={errors.decimalSeparator?.message}>
            {(c) => (
              <ChoiceSelect
                {...c}
                {...register('decimalSeparator')}
                options={CSV_DECIMAL_SEPARATORS}
                labels={tstat.mapping.decimalSeparators}
                placeholder={t.mapping.choose}
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={f.dateFormat} error={errors.dateFormat?.message}>
            {(c) => (
              <ChoiceSelect
                {...c}
                {...register('dateFormat')}
                options={CSV_DATE_FORMATS}
                labels={tstat.mapping.dateFormats}
                placeholder={t.mapping.choose}
                className={inputClasses()}
              />
            )}
          </Field>
          <Field label={f.skipRows} hint={tstat.mapping.hints.skipRows} error={errors.skipRows?.message}>
            {(c) => <input {...c} type="number" inputMode="numeric" min={0} max={100} step={1} className={inputClasses('max-w-32')} {...register('skipRows')} />}
          </Field>
          <Field label={f.footerRows} error={errors.footerRows?.message}>
            {(c) => <input {...c} type="number" inputMode="numeric" min={0} max={100} step={1} className={inputClasses('max-w-32')} {...register('footerRows')} />}
          </Field>
        </div>
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
            <input
              type="checkbox"
              className="size-5 shrink-0"
              aria-invalid={errors.hasHeader ? true : undefined}
              aria-describedby={errors.hasHeader ? hasHeaderId : undefined}
              {...register('hasHeader')}
            />
            {f.hasHeader}
          </label>
          {errors.hasHeader?.message && (
            <p id={hasHeaderId} className="text-sm font-medium text-red-700">
              {errors.hasHeader.message}
            </p>
          )}
        </div>

        <h3 className="font-semibold text-slate-900">{t.mapping.columnsTitle}</h3>
        <p className="-mt-2 text-sm text-slate-600">{tstat.mapping.hints.column}</p>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {columnField('columns.date', f.date, false)}
          <Field label={t.mapping.amountMode}>
            {(c) => (
              <select {...c} className={inputClasses()} {...register('amountMode')}>
                {AMOUNT_MODES.map((m) => (
                  <option key={m} value={m}>
                    {t.mapping.amountModes[m]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {mode !== 'split' && columnField('columns.amount', f.amount, false)}
          {mode === 'split' && (
            <>
              {columnField('columns.credit', f.credit, false)}
              {columnField('columns.debit', f.debit, false)}
            </>
          )}
          {mode === 'direction' && (
            <>
              {columnField('columns.directionColumn', f.directionColumn, false)}
              <Field label={f.creditValues} hint={t.mapping.valuesHint} error={errors.columns?.creditValues?.message}>
                {(c) => <input {...c} type="text" autoComplete="off" spellCheck={false} className={inputClasses()} {...register('columns.creditValues')} />}
              </Field>
              <Field label={f.debitValues} hint={t.mapping.valuesHint} error={errors.columns?.debitValues?.message}>
                {(c) => <input {...c} type="text" autoComplete="off" spellCheck={false} className={inputClasses()} {...register('columns.debitValues')} />}
              </Field>
            </>
          )}
          <Field label={f.description} hint={t.mapping.descriptionHint} error={errors.columns?.description?.message}>
            {(c) => <textarea {...c} rows={2} spellCheck={false} className={inputClasses('resize-y')} {...register('columns.description')} />}
          </Field>
          {columnField('columns.currency', f.currency)}
          <Field label={t.mapping.optional(f.fixedCurrency)} hint={t.mapping.currencyHint} error={errors.currency?.message}>
            {(c) => (
              <input
                {...c}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={3}
                className={inputClasses('max-w-32')}
                {...register('currency')}
              />
            )}
          </Field>
          {columnField('columns.bankTxId', f.bankTxId, true, tstat.mapping.hints.bankTxId)}
          {columnField('columns.payerName', f.payerName)}
          {columnField('columns.payerAccount', f.payerAccount)}
          {columnField('columns.balance', f.balance)}
        </div>
        <div>
          <button type="submit" className={buttonClasses('primary')} disabled={inFlight.busy} aria-busy={inFlight.busy}>
            <BusyLabel busy={inFlight.busy}>{inFlight.busy ? t.mapping.saving : t.mapping.save}</BusyLabel>
          </button>
        </div>
      </form>
    </section>
  );
}
