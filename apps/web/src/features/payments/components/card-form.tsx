import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@arreglaya/shared/countries';
import { validation } from '@arreglaya/shared/i18n/common';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { cvcLength, POSTAL_CODE_ON_CARDS } from '@arreglaya/shared/cards';
import type { CardInput, CardInputSchema } from '@arreglaya/shared/schemas/payments';
import { buttonClasses } from '@/components/ui/button.ts';
import { ChoiceSelect } from '@/components/ui/choice-select.tsx';
import { Field, inputClasses } from '@/components/ui/field.tsx';
import { useCountry } from '@/lib/country.ts';
import { errorMessage } from '@/lib/form-errors.ts';
import { useInFlight } from '@/lib/use-in-flight.tsx';
import { brandOfTyped, formatCardNumber, formatExpiry, parseExpiry } from '../card-format.ts';
import { tokenizeCard } from '../api/payments-api.ts';

type FieldName = 'number' | 'expiry' | 'cvc' | 'holderName' | 'postalCode' | 'country';
type Errors = Partial<Record<FieldName, string>>;

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holderName: string;
  postalCode: string;
  country: CountryCode | '';
}

const COUNTRY_LABELS = Object.fromEntries(COUNTRY_CODES.map((code) => [code, COUNTRIES[code].name])) as Record<CountryCode, string>;
const EMPTY: CardValues = { number: '', expiry: '', cvc: '', holderName: '', postalCode: '', country: '' };

/**
 * Checks the form with the processor's own schema (Luhn, 13–19 digits, CVC by brand, expiry not
 * past), `schema`: schemas/payments.ts's CardInputSchema, imported when the form is sent rather
 * than with the page (zod, decision 070).
 */
export function validateCard(values: CardValues, schema: typeof CardInputSchema): { card: CardInput; errors: null } | { card: null; errors: Errors } {
  const errors: Errors = {};
  const expiry = parseExpiry(values.expiry);
  if (values.expiry.trim() === '') errors.expiry = validation.required;
  else if (!expiry || expiry.month < 1 || expiry.month > 12) errors.expiry = t.cardForm.expiryInvalid;
  if (values.country === '') errors.country = validation.invalidOption;
  const card = {
    number: values.number,
    cvc: values.cvc,
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
    ...(values.holderName.trim() ? { holderName: values.holderName.trim() } : {}),
    ...(values.postalCode.trim() ? { postalCode: values.postalCode.trim() } : {}),
    ...(values.country ? { country: values.country } : {}),
  };
  const parsed = schema.safeParse(card);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field: FieldName | null =
        key === 'expMonth' || key === 'expYear' ? 'expiry' : key === 'number' || key === 'cvc' || key === 'holderName' || key === 'postalCode' || key === 'country' ? key : null;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (values.number.trim() === '') errors.number = validation.required;
  if (values.cvc.trim() === '') errors.cvc = validation.required;
  if (Object.keys(errors).length > 0 || !parsed.success) return { card: null, errors };
  // What the schema made of it: the number as digits only.
  return { card: parsed.data, errors: null };
}

interface CardFormProps {
  submitLabel: string;
  busyLabel?: string;
  /** Offer 'use by default' (the saved-cards page). */
  offerDefault?: boolean;
  /** Kept disabled from outside (the browser is on its way to the bank's page). */
  busy?: boolean;
  /** The country the form starts from: the person's (their profile); else the site's chosen one. */
  defaultCountry?: CountryCode | undefined;
  /** What else the payment needs, checked before the card is sent to the processor (the payer's document, decision 067): false stops the submit (it shows its own error). */
  ready?: () => boolean;
  /** Gets the processor's token once the card is valid and tokenized; a thrown error's message is shown in the form. */
  onToken: (token: string, makeDefault: boolean) => Promise<void>;
}

/**
 * The card form (spec §4 Formas de Pago): the number grouped as typed with its brand, expiry MM/AA,
 * CVC (4 digits for Amex), holder, postal code and country. The card is sent to the processor to be
 * tokenized; only the token leaves this component.
 */
export function CardForm({ submitLabel, busyLabel = t.cardForm.saving, offerDefault, busy: busyOutside = false, defaultCountry, ready, onToken }: CardFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [focusError, setFocusError] = useState(0);
  const siteCountry = useCountry().code;
  const initial: CardValues = { ...EMPTY, country: defaultCountry ?? siteCountry };
  const [values, setValues] = useState<CardValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [makeDefault, setMakeDefault] = useState(false);
  const sending = useInFlight();
  const busy = sending.busy || busyOutside;
  const [failure, setFailure] = useState<string | null>(null);
  const brand = brandOfTyped(values.number);
  const cvcDigits = cvcLength(brand);
  const set = (field: FieldName, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busyOutside) return;
    setFailure(null);
    if (ready && !ready()) return;
    // One tap, one request: a second submit while the first is in flight sends nothing. In flight
    // from the tap: the card's schema (zod) comes with the first send (decision 070), the button
    // busy while it downloads.
    await sending.run(async () => {
      const schemas = await import('@arreglaya/shared/schemas/payments').catch((error: unknown) => void setFailure(errorMessage(error)));
      if (!schemas) return;
      const result = validateCard(values, schemas.CardInputSchema);
      setErrors(result.errors ?? {});
      if (!result.card) {
        setFocusError((n) => n + 1);
        return;
      }
      const card = result.card;
      try {
        const token = await tokenizeCard(card);
        await onToken(token.id, makeDefault);
        // The card's details are not kept once used.
        setValues(initial);
        setMakeDefault(false);
      } catch (error) {
        // Refused (declined, insufficient funds…): what was typed stays for the next try, in this
        // page's memory only (never sent to our server, never stored); the CVC alone is asked again.
        setValues((v) => ({ ...v, cvc: '' }));
        setFailure(errorMessage(error));
      }
    });
  };

  // After a refused submit, the first field with an error gets the focus.
  useEffect(() => {
    if (focusError > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} aria-busy={busy} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t.cardForm.privacy}</p>
      <Field label={t.cardForm.number} error={errors.number} hint={brand !== 'unknown' ? t.cardForm.brandDetected(tp.receipts.brands[brand]) : undefined}>
        {(c) => (
          <input
            {...c}
            inputMode="numeric"
            autoComplete="cc-number"
            value={values.number}
            onChange={(e) => set('number', formatCardNumber(e.target.value))}
            className={inputClasses('font-mono')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.cardForm.expiry} error={errors.expiry}>
          {(c) => (
            <input
              {...c}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/AA"
              value={values.expiry}
              onChange={(e) => set('expiry', formatExpiry(e.target.value, values.expiry))}
              className={inputClasses()}
            />
          )}
        </Field>
        <Field label={t.cardForm.cvc} error={errors.cvc} hint={t.cardForm.cvcHint(cvcDigits)}>
          {(c) => (
            <input
              {...c}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={values.cvc}
              onChange={(e) => set('cvc', e.target.value.replace(/\D/g, '').slice(0, 4))}
              className={inputClasses()}
            />
          )}
        </Field>
      </div>
      <Field label={t.cardForm.holderName} error={errors.holderName}>
        {(c) => <input {...c} autoComplete="cc-name" maxLength={120} value={values.holderName} onChange={(e) => set('holderName', e.target.value)} className={inputClasses()} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.cardForm.postalCode} hint={values.country && !POSTAL_CODE_ON_CARDS[values.country] ? t.cardForm.postalCodeOptional : undefined} error={errors.postalCode}>
          {(c) => (
            <input {...c} autoComplete="postal-code" maxLength={12} value={values.postalCode} onChange={(e) => set('postalCode', e.target.value)} className={inputClasses()} />
          )}
        </Field>
        <Field label={t.cardForm.country} error={errors.country}>
          {(c) => (
            <ChoiceSelect
              {...c}
              options={COUNTRY_CODES}
              labels={COUNTRY_LABELS}
              placeholder={t.cardForm.chooseCountry}
              autoComplete="country"
              value={values.country}
              onChange={(e) => set('country', e.target.value)}
              className={inputClasses()}
            />
          )}
        </Field>
      </div>
      {offerDefault && (
        <label className="flex min-h-11 items-center gap-2 text-slate-800">
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} className="size-5" />
          {t.cardForm.makeDefault}
        </label>
      )}
      <div role="alert" className={failure ? 'rounded-md border-l-4 border-red-700 bg-red-50 p-3 font-medium text-red-900' : undefined}>
        {failure}
      </div>
      <div>
        <button type="submit" disabled={busy} className={buttonClasses('primary')}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
