import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { CsvMappingSchema, type CsvMapping } from '@arreglaya/shared/schemas/bank-statements';
import { BankParamsSchema, type BankMappingView } from '@arreglaya/shared/schemas/statements';

// The form of a bank's CSV layout: text fields and selects as a person fills them in, turned into
// the shared CsvMappingSchema's input and checked with that schema, so the browser says what the
// API would say, each message under the field it is about.

/** How the file gives the amount: one signed column, one column and a credit/debit column, or two columns. */
export const AMOUNT_MODES = ['signed', 'direction', 'split'] as const;
export type AmountMode = (typeof AMOUNT_MODES)[number];

export interface MappingFormValues {
  bank: string;
  bankName: string;
  encoding: string;
  delimiter: string;
  decimalSeparator: string;
  dateFormat: string;
  hasHeader: boolean;
  skipRows: string;
  footerRows: string;
  amountMode: AmountMode;
  columns: {
    date: string;
    amount: string;
    credit: string;
    debit: string;
    directionColumn: string;
    /** Comma-separated ("CR, C"). */
    creditValues: string;
    debitValues: string;
    currency: string;
    /** One column per line. */
    description: string;
    bankTxId: string;
    payerName: string;
    payerAccount: string;
    balance: string;
  };
  currency: string;
}

export interface SavedMapping {
  bank: string;
  mapping: CsvMapping;
}

export const EMPTY_MAPPING: MappingFormValues = {
  bank: '',
  bankName: '',
  encoding: 'utf-8',
  delimiter: ',',
  decimalSeparator: '.',
  dateFormat: '',
  hasHeader: true,
  skipRows: '0',
  footerRows: '0',
  amountMode: 'signed',
  columns: {
    date: '',
    amount: '',
    credit: '',
    debit: '',
    directionColumn: '',
    creditValues: '',
    debitValues: '',
    currency: '',
    description: '',
    bankTxId: '',
    payerName: '',
    payerAccount: '',
    balance: '',
  },
  currency: '',
};

/** A column as typed: nothing, a position ("3"), or a header's name. */
function column(value: string): string | number | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  return /^\d+$/.test(v) ? Number(v) : v;
}

const listOf = (value: string, separator: RegExp) =>
  value
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');

const rows = (value: string) => (value.trim() === '' ? undefined : Number(value));
const text = (value: string) => (value.trim() === '' ? undefined : value);

/** The form's values as CsvMappingSchema's input (what the API's PUT body would be before parsing). */
export function toMappingInput(v: MappingFormValues): Record<string, unknown> {
  const c = v.columns;
  const split = v.amountMode === 'split';
  return {
    bankName: v.bankName,
    encoding: v.encoding,
    delimiter: v.delimiter,
    decimalSeparator: v.decimalSeparator,
    dateFormat: v.dateFormat,
    hasHeader: v.hasHeader,
    skipRows: rows(v.skipRows),
    footerRows: rows(v.footerRows),
    columns: {
      date: column(c.date) ?? '',
      amount: split ? undefined : column(c.amount),
      credit: split ? column(c.credit) : undefined,
      debit: split ? column(c.debit) : undefined,
      direction: v.amountMode === 'direction' ? { column: column(c.directionColumn) ?? '', credit: listOf(c.creditValues, /,/), debit: listOf(c.debitValues, /,/) } : undefined,
      currency: column(c.currency),
      description: listOf(c.description, /\r?\n/).map((d) => column(d)!),
      bankTxId: column(c.bankTxId),
      payerName: column(c.payerName),
      payerAccount: column(c.payerAccount),
      balance: column(c.balance),
    },
    currency: text(v.currency),
  };
}

/** The form field a schema issue is about (a list's item is its list's field; the split amounts' rule is on the credit column). */
export function fieldOf(path: readonly PropertyKey[], mode: AmountMode): string {
  const [a, b, c] = path.map(String);
  if (a !== 'columns' || b === undefined) return a ?? 'bank';
  if (b === 'direction') return c === 'credit' ? 'columns.creditValues' : c === 'debit' ? 'columns.debitValues' : 'columns.directionColumn';
  if (b === 'amount' && mode === 'split') return 'columns.credit';
  return `columns.${b}`;
}

/** react-hook-form's resolver: the bank key (BankParamsSchema) and the layout (CsvMappingSchema), the first message per field. */
export const mappingResolver: Resolver<MappingFormValues, unknown, SavedMapping> = (values): ResolverResult<MappingFormValues, SavedMapping> => {
  const messages = new Map<string, string>();
  const bank = BankParamsSchema.safeParse({ bank: values.bank });
  if (!bank.success) messages.set('bank', bank.error.issues[0]!.message);
  const mapping = CsvMappingSchema.safeParse(toMappingInput(values));
  if (!mapping.success) {
    for (const issue of mapping.error.issues) {
      const field = fieldOf(issue.path, values.amountMode);
      if (!messages.has(field)) messages.set(field, issue.message);
    }
  }
  if (bank.success && mapping.success) return { values: { bank: bank.data.bank, mapping: mapping.data }, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const [field, message] of messages) {
    const [head, tail] = field.split('.') as [string, string | undefined];
    const error = { type: 'validate', message };
    if (tail === undefined) errors[head] = error;
    else errors[head] = { ...(errors[head] as object | undefined), [tail]: error };
  }
  return { values: {}, errors: errors as FieldErrors<MappingFormValues> };
};

/** A column as the form shows it: a position as its digits, a header's name as written. */
const columnText = (c: string | number | undefined) => (c === undefined ? '' : String(c));

/** A saved layout (GET /api/admin/bank-mappings) as the form's values, to see and edit it. */
export function fromMapping(bank: string, m: BankMappingView['mapping']): MappingFormValues {
  const c = m.columns;
  const amountMode: AmountMode = c.credit !== undefined || c.debit !== undefined ? 'split' : c.direction ? 'direction' : 'signed';
  return {
    bank,
    bankName: m.bankName ?? '',
    encoding: m.encoding,
    delimiter: m.delimiter,
    decimalSeparator: m.decimalSeparator,
    dateFormat: m.dateFormat,
    hasHeader: m.hasHeader,
    skipRows: String(m.skipRows),
    footerRows: String(m.footerRows),
    amountMode,
    columns: {
      date: columnText(c.date),
      amount: columnText(c.amount),
      credit: columnText(c.credit),
      debit: columnText(c.debit),
      directionColumn: columnText(c.direction?.column),
      creditValues: c.direction?.credit.join(', ') ?? '',
      debitValues: c.direction?.debit.join(', ') ?? '',
      currency: columnText(c.currency),
      description: c.description.map(columnText).join('\n'),
      bankTxId: columnText(c.bankTxId),
      payerName: columnText(c.payerName),
      payerAccount: columnText(c.payerAccount),
      balance: columnText(c.balance),
    },
    currency: m.currency ?? '',
  };
}
