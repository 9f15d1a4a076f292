import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '@arreglaya/shared/lifecycles';
import { COUNTRIES, type CountryCode } from '@arreglaya/shared/countries';
import type { Currency } from '@arreglaya/shared/domain';
import { parseMoneyInput } from '@arreglaya/shared/parse-money';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { offerStartDateInPast, offerStartDateTooFar, QuoteInputSchema, type Quote, type QuoteInput } from '@arreglaya/shared/schemas/quotes';
import type { z } from 'zod';

// Make Offer: the person types pesos; the API (and QuoteInputSchema) takes integer centavos.
// The form keeps the text as typed, converts it for the schema, and puts the schema's
// messages back under the fields the person sees.

export type QuoteData = z.output<typeof QuoteInputSchema>;

export interface OfferFormValues {
  /** The amount as typed, in the project's currency's Spanish (parseMoneyInput): "1,500.50" in Santo Domingo, "4.000.000" in Medellín. */
  price: string;
  description: string;
  validityDays: number;
  useStages: boolean;
  stages: { title: string; percent: number }[];
  /** The offer's terms (decision 043): a date input (YYYY-MM-DD), two number inputs, a yes/no radio ('' until chosen). */
  startDate: string;
  durationDays: number;
  warrantyDays: number;
  /** The warranty holdback's percent (decision 055): 0 none, up to 10. */
  holdbackPercent: number;
  materialsIncluded: '' | 'yes' | 'no';
}

/** The form's context: the project's country, whose calendar says whether the start date is past. */
export interface OfferFormContext {
  country: CountryCode;
}

/** The server's and the schema's field names → the form's. */
export const FIELD_OF: Record<string, string> = {
  priceMinor: 'price',
  description: 'description',
  validityDays: 'validityDays',
  stages: 'stages.root',
  startDate: 'startDate',
  durationDays: 'durationDays',
  warrantyDays: 'warrantyDays',
  holdbackPercent: 'holdbackPercent',
  materialsIncluded: 'materialsIncluded',
};

/** A server field path ('priceMinor', 'stages.1.percent') → the form's ('price', 'stages.1.percent'). */
export function formFieldOf(path: string): string {
  return FIELD_OF[path] ?? path;
}

/** Centavos → the text the price field shows ("1500.50"; whole amounts without decimals). */
export function minorToPesosText(minor: number): string {
  const whole = Math.trunc(minor / 100);
  const cents = Math.abs(minor % 100);
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** The API body the form's values describe. */
export function toQuoteInput(values: OfferFormValues, currency: Currency = 'DOP'): QuoteInput {
  const number = (n: number) => (Number.isFinite(n) ? n : (undefined as unknown as number));
  return {
    startDate: values.startDate,
    durationDays: number(values.durationDays),
    warrantyDays: number(values.warrantyDays),
    // Left empty: no holdback (it is optional).
    holdbackPercent: Number.isFinite(values.holdbackPercent) ? values.holdbackPercent : 0,
    materialsIncluded: values.materialsIncluded === '' ? (undefined as unknown as boolean) : values.materialsIncluded === 'yes',
    priceMinor: parseMoneyInput(values.price, currency) as number,
    description: values.description,
    validityDays: Number.isFinite(values.validityDays) ? values.validityDays : (undefined as unknown as number),
    ...(values.useStages ? { stages: values.stages.map((s) => ({ title: s.title, percent: Number.isFinite(s.percent) ? s.percent : (undefined as unknown as number) })) } : {}),
  };
}

/** Sum of the stages' percentages (NaN and empty count as 0), shown live under the plan. */
export function stagesSum(stages: readonly { percent: number }[]): number {
  return stages.reduce((sum, s) => sum + (Number.isFinite(s.percent) ? s.percent : 0), 0);
}

/** The amount of each stage of a price (the last takes the rounding, as the server's milestones do). */
export function stageAmounts(priceMinor: number, percents: readonly number[]): number[] {
  const amounts = percents.map((p) => Math.floor((priceMinor * p) / 100));
  if (amounts.length > 0) amounts[amounts.length - 1] = priceMinor - amounts.slice(0, -1).reduce((a, b) => a + b, 0);
  return amounts;
}

const schemaResolver = zodResolver(QuoteInputSchema);

/** react-hook-form resolver: QuoteInputSchema over the converted values, its errors under the form's fields. */
export const offerResolver: Resolver<OfferFormValues, OfferFormContext | undefined, QuoteData> = async (values, context, options) => {
  // The project's country: its currency's way of writing amounts, and its calendar for the start date, as the server checks it.
  const country = context?.country ?? 'DO';
  const result = await schemaResolver(toQuoteInput(values, COUNTRIES[country].currency), context, { ...options, names: undefined, fields: {} } as never);
  const checked = values.startDate && !result.errors.startDate;
  const dateError = !checked
    ? null
    : offerStartDateInPast(values.startDate, country)
      ? tt.startDateInPast
      : offerStartDateTooFar(values.startDate, country)
        ? tt.startDateTooFar
        : null;
  if (Object.keys(result.errors).length === 0 && !dateError) return { values: result.values as QuoteData, errors: {} };
  const source = { ...(result.errors as Record<string, unknown>), ...(dateError ? { startDate: { type: 'custom', message: dateError } } : {}) };
  const errors: Record<string, unknown> = {};
  for (const [key, error] of Object.entries(source)) {
    if (key === 'stages' && error && typeof error === 'object') {
      // Per-stage messages stay on their rows; the plan's own (sum, count) is the array's root error.
      const { message, type, root, ref: _ref, ...rows } = error as { message?: string; type?: string; ref?: unknown; root?: { message?: string; type?: string } };
      const own = message ?? root?.message;
      errors.stages = own ? { ...rows, root: { type: type ?? root?.type ?? 'custom', message: own } } : rows;
    } else {
      errors[FIELD_OF[key] ?? key] = error;
    }
  }
  return { values: {}, errors: errors as FieldErrors<OfferFormValues> };
};

/** The form's starting values: empty, or the open offer being replaced. */
export function initialValues(
  previous?: Pick<
    Quote,
    'priceMinor' | 'description' | 'stages' | 'expiresAt' | 'createdAt' | 'startDate' | 'durationDays' | 'warrantyDays' | 'holdbackPercent' | 'materialsIncluded'
  > | null,
): OfferFormValues {
  const stages = previous?.stages ?? null;
  return {
    price: previous ? minorToPesosText(previous.priceMinor) : '',
    description: previous?.description ?? '',
    validityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
    useStages: stages !== null && stages.length > 0,
    stages: stages && stages.length > 0 ? stages.map((s) => ({ ...s })) : [],
    startDate: previous?.startDate ?? '',
    durationDays: previous?.durationDays ?? Number.NaN,
    warrantyDays: previous?.warrantyDays ?? Number.NaN,
    holdbackPercent: previous?.holdbackPercent ?? 0,
    materialsIncluded: previous?.materialsIncluded == null ? '' : previous.materialsIncluded ? 'yes' : 'no',
  };
}
