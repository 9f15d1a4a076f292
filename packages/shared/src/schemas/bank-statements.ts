import { z } from 'zod';
import { statements as ts } from '../i18n/statements.ts';
import { validation } from '../i18n/common.ts';
import { choice, optionalText, plainText } from './common.ts';

// Bank statements (issue 47, "Pagar por transferencia"): the one line type every import produces
// (camt.053 file, CSV file, automated feed), a bank's CSV layout as the console's form edits it,
// and the automated feed's body. The parsers are server-only (apps/server/src/modules/bank-statements).

/** Three capital letters (ISO 4217). */
export const CURRENCY_CODE = /^[A-Z]{3}$/;
/** The most lines one import or one feed request carries. */
export const STATEMENT_MAX_LINES = 100_000;
export const FEED_MAX_LINES = 10_000;

/** One booked movement of the bank account, as every import gives it. */
export const StatementLineSchema = z.object({
  /**
   * The bank's id for the movement, stable across imports of the same line (the key that makes a
   * line imported twice count once). From the file when the bank gives one; else derived (`h:` +
   * a hash, see the server's bank-statements module for what goes into it).
   */
  bankTxId: z.string().min(1).max(200),
  /** Booking date as the bank wrote it (its local day), YYYY-MM-DD. */
  bookedOn: z.iso.date(),
  /** Always positive, in the currency's minor units (centavos). */
  amountMinor: z.number().int().positive(),
  currency: z.string().regex(CURRENCY_CODE),
  direction: z.enum(['credit', 'debit']),
  /** The bank undid an earlier movement (camt.053 RvslInd): a reversed credit comes as a debit with this flag. */
  reversal: z.boolean(),
  /** The transfer reference found in the line's texts (findReferenceIn), compact; null when none. */
  reference: z.string().nullable(),
  /** The line's texts joined (remittance information, description, concept). */
  description: z.string(),
  /** The counterparty: who paid (a credit) or who was paid (a debit). */
  payerName: z.string().nullable(),
  payerAccount: z.string().nullable(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** A line that was not imported (or, for duplicates, counted once), with its line number in the file. */
export const StatementIssueSchema = z.object({ line: z.number().int().nonnegative(), message: z.string() });
export type StatementIssue = z.infer<typeof StatementIssueSchema>;

// ---------------------------------------------------------------------------------------------
// A bank's CSV layout.

export const CSV_ENCODINGS = ['utf-8', 'latin1'] as const;
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export const CSV_DECIMAL_SEPARATORS = ['.', ','] as const;
export const CSV_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/** A column: its header's name as written (matched ignoring case, accents and spaces), or its position from 1. */
export const CsvColumnSchema = z.union([
  z.number({ error: ts.mapping.columnInvalid }).int({ error: ts.mapping.columnInvalid }).min(1, { error: ts.mapping.columnInvalid }).max(200, { error: ts.mapping.columnInvalid }),
  plainText(
    z
      .string({ error: ts.mapping.columnInvalid })
      .trim()
      .min(1, { error: ts.mapping.columnInvalid })
      .max(100, { error: validation.tooLong(100) }),
  ),
]);
export type CsvColumn = z.infer<typeof CsvColumnSchema>;

const currencyCode = z
  .string({ error: ts.mapping.currencyCode })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(CURRENCY_CODE, { error: ts.mapping.currencyCode }));

const directionValue = plainText(z.string().trim().min(1).max(40));

export const CsvMappingSchema = z
  .object({
    /** For the console's list ("Banco Popular"); not used when parsing. */
    bankName: optionalText(80),
    /** `latin1` is read as Windows-1252 (its superset, as browsers do): what Dominican banks' exports use. A UTF-8 byte-order mark wins. */
    encoding: choice(CSV_ENCODINGS).default('utf-8'),
    delimiter: choice(CSV_DELIMITERS).default(','),
    /** `.` for 1,234.56; `,` for 1.234,56. */
    decimalSeparator: choice(CSV_DECIMAL_SEPARATORS).default('.'),
    dateFormat: choice(CSV_DATE_FORMATS),
    hasHeader: z.boolean().default(true),
    /** Records to pass over before looking for the header row (or before the first line without a header). */
    skipRows: z.number().int().min(0).max(100).default(0),
    /** Records at the end that are not movements (totals, closing balance). */
    footerRows: z.number().int().min(0).max(100).default(0),
    columns: z.object({
      date: CsvColumnSchema,
      /** One signed amount column (negative, trailing minus or parentheses: a debit)… */
      amount: CsvColumnSchema.optional(),
      /** …or separate credit and debit columns (at least one; an empty or zero cell is no amount). */
      credit: CsvColumnSchema.optional(),
      debit: CsvColumnSchema.optional(),
      /** With `amount`: a column whose value tells credit from debit ("CR"/"DB"), compared ignoring case and accents. */
      direction: z
        .object({
          column: CsvColumnSchema,
          credit: z.array(directionValue).min(1, { error: ts.mapping.directionValues }).max(10),
          debit: z.array(directionValue).min(1, { error: ts.mapping.directionValues }).max(10),
        })
        .optional(),
      currency: CsvColumnSchema.optional(),
      /** The texts in which the transfer reference is looked for, joined in this order. */
      description: z.array(CsvColumnSchema).min(1, { error: ts.mapping.descriptionRequired }).max(6),
      bankTxId: CsvColumnSchema.optional(),
      payerName: CsvColumnSchema.optional(),
      payerAccount: CsvColumnSchema.optional(),
      /** The running balance: only used to tell apart identical lines when the bank gives no transaction id. */
      balance: CsvColumnSchema.optional(),
    }),
    /** The account's currency, for files without a currency column (or for its empty cells). */
    currency: currencyCode.optional(),
  })
  .superRefine((m, ctx) => {
    const c = m.columns;
    const splitAmounts = c.credit !== undefined || c.debit !== undefined;
    if ((c.amount === undefined) === !splitAmounts || (c.direction && c.amount === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['columns', 'amount'], message: ts.mapping.amountColumns });
    }
    if (c.currency === undefined && m.currency === undefined) ctx.addIssue({ code: 'custom', path: ['currency'], message: ts.mapping.currencyRequired });
    if (!m.hasHeader) {
      const named = [c.date, c.amount, c.credit, c.debit, c.direction?.column, c.currency, ...c.description, c.bankTxId, c.payerName, c.payerAccount, c.balance].some(
        (col) => typeof col === 'string',
      );
      if (named) ctx.addIssue({ code: 'custom', path: ['hasHeader'], message: ts.mapping.headerNeeded });
    }
  });
export type CsvMapping = z.output<typeof CsvMappingSchema>;
export type CsvMappingInput = z.input<typeof CsvMappingSchema>;

// ---------------------------------------------------------------------------------------------
// The automated feed: the same lines, sent by a bank's or an aggregator's integration.

/** A decimal amount as text ("1234.56"): JSON numbers are binary floats, amounts are exact. */
export const DECIMAL_AMOUNT = /^\d{1,15}(\.\d{1,5})?$/;

/** One line of the feed. The server finds the transfer reference itself (in `reference`, then `description`). */
export const StatementFeedLineSchema = z.object({
  bankTxId: plainText(z.string().trim().min(1).max(200)),
  bookedOn: z.iso.date(),
  amount: z.string().regex(DECIMAL_AMOUNT),
  currency: currencyCode,
  direction: z.enum(['credit', 'debit']),
  reversal: z.boolean().default(false),
  reference: plainText(z.string().max(500), { multiline: true }).nullish(),
  description: plainText(z.string().max(2000), { multiline: true }).default(''),
  payerName: plainText(z.string().max(200)).nullish(),
  payerAccount: plainText(z.string().max(100)).nullish(),
});
export type StatementFeedLine = z.output<typeof StatementFeedLineSchema>;

/**
 * The feed's body. Lines are checked one by one on the server (a bad line is reported with its
 * position and the others are taken), so the body itself only bounds their number.
 */
export const StatementFeedSchema = z.object({ lines: z.array(z.unknown()).min(1).max(FEED_MAX_LINES) });
