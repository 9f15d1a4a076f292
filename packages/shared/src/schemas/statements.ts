import { z } from 'zod';
import { CURRENCIES } from '../domain.ts';
import { statementQueue as tq } from '../i18n/statement-queue.ts';
import { validation } from '../i18n/common.ts';
import { requiredText } from './common.ts';
import { todayIn } from './projects.ts';

// The bank statement's lines (issue 47, decision 051): the feed's input, the console's queue and
// its two actions (assign a line to a transfer by its reference, record a return).

export const QueuedLineSchema = z
  .object({
    id: z.uuid(),
    bankTxId: z.string(),
    bookedOn: z.string(),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    reference: z.string().nullable(),
    description: z.string(),
    payerName: z.string().nullable(),
    status: z.enum(['matched', 'unmatched', 'returned', 'debit']),
    paymentId: z.uuid().nullable(),
    appliedMinor: z.number().int(),
    returnMinor: z.number().int(),
    returnedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'QueuedStatementLine' });
export type StatementLineView = z.infer<typeof QueuedLineSchema>;

export const StatementQueueSchema = z.object({ items: z.array(QueuedLineSchema) }).meta({ id: 'StatementQueue' });

export const ImportReportSchema = z
  .object({
    message: z.string(),
    importId: z.uuid(),
    lines: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    duplicates: z.number().int(),
    /** Lines not imported, each as "Línea 14: …". */
    errors: z.array(z.string()),
  })
  .meta({ id: 'ImportReport' });

/** The console assigns a queued line to the transfer a reference names. */
export const AssignLineSchema = z.object({ reference: requiredText(30) });

/** The console's import: which bank's CSV layout reads the file (a camt.053 needs none). */
export const ImportQuerySchema = z.object({ bank: requiredText(60).optional(), name: requiredText(200).optional() });
/** A bank's CSV layout kept for its imports. */
export const BankParamsSchema = z.object({ bank: requiredText(60) });

// ---------------------------------------------------------------------------------------------
// The console's money queues (issue 47): what ArreglaYa owes back by transfer, the money alerts,
// and the banks' saved CSV layouts.

/** The earliest day a return can be dated (ArreglaYa's account did not exist before). */
export const RETURN_EARLIEST_DAY = '2024-01-01';

/**
 * The console records that money was given back by a bank transfer: the bank's reference of the
 * return and the day it was made (the Dominican Republic's day; not in the future).
 */
export const RecordReturnSchema = z
  .object({
    returnRef: requiredText(140),
    returnedOn: z
      .string({ error: validation.required })
      .trim()
      .min(1, { error: validation.required })
      .pipe(z.iso.date({ error: tq.returns.dateInvalid })),
  })
  .superRefine((v, ctx) => {
    if (v.returnedOn > todayIn('DO')) ctx.addIssue({ code: 'custom', path: ['returnedOn'], message: tq.returns.dateInFuture });
    else if (v.returnedOn < RETURN_EARLIEST_DAY) ctx.addIssue({ code: 'custom', path: ['returnedOn'], message: tq.returns.dateTooOld });
  });
export type RecordReturn = z.infer<typeof RecordReturnSchema>;
/** A statement line's return: the same as any return by transfer. */
export const ReturnLineSchema = RecordReturnSchema;

/**
 * Why ArreglaYa owes money back by transfer: the escrow of a transfer-funded hire that ended; a
 * stage paid twice (a late transfer after another way); a transfer beyond the amount; money on a
 * reference that expired; a transfer to a reference no longer waiting (cancelled or paid); an
 * unknown credit decided to be returned.
 */
export const RETURN_REASONS = ['hireEnded', 'paidTwice', 'overpayment', 'expiredReference', 'lateTransfer', 'unknownCredit'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** One debt in the console's list: a refund of a transfer's escrow, or a statement line's money to give back. */
export const TransferReturnSchema = z
  .object({
    kind: z.enum(['refund', 'line']),
    id: z.uuid(),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    reason: z.enum(RETURN_REASONS),
    /** The client on ArreglaYa, when the money is a client's. */
    clientName: z.string().nullable(),
    /** Who paid, as the bank wrote it on the statement (several lines: joined). */
    payerName: z.string().nullable(),
    /** The transfer's reference (compact), when one was named. */
    reference: z.string().nullable(),
    projectTitle: z.string().nullable(),
    /** Since when it is owed. */
    since: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'TransferReturn' });
export type TransferReturnView = z.infer<typeof TransferReturnSchema>;
export const TransferReturnListSchema = z.object({ items: z.array(TransferReturnSchema) }).meta({ id: 'TransferReturnList' });

const AmountSeenSchema = z.object({ amountMinor: z.number().int(), currency: z.string() });

/** An open money alert: what was expected and what came (a processor's notification that differs from the funding). */
export const MoneyAlertSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    paymentId: z.uuid().nullable(),
    expected: AmountSeenSchema.nullable(),
    received: AmountSeenSchema.nullable(),
    clientName: z.string().nullable(),
    projectTitle: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'MoneyAlert' });
export type MoneyAlertView = z.infer<typeof MoneyAlertSchema>;
export const MoneyAlertListSchema = z.object({ items: z.array(MoneyAlertSchema) }).meta({ id: 'MoneyAlertList' });

export const MONEY_ALERT_NOTE_MAX = 500;
/** The console marks an alert reviewed, saying what was done. */
export const ReviewAlertSchema = z.object({ note: requiredText(MONEY_ALERT_NOTE_MAX, { multiline: true }) });
export type ReviewAlert = z.infer<typeof ReviewAlertSchema>;

const ColumnView = z.union([z.number(), z.string()]);
/** A saved CSV layout as the API gives it back (CsvMappingSchema's output, without its checks). */
export const CsvMappingViewSchema = z.object({
  bankName: z.string().optional(),
  encoding: z.string(),
  delimiter: z.string(),
  decimalSeparator: z.string(),
  dateFormat: z.string(),
  hasHeader: z.boolean(),
  skipRows: z.number().int(),
  footerRows: z.number().int(),
  columns: z.object({
    date: ColumnView,
    amount: ColumnView.optional(),
    credit: ColumnView.optional(),
    debit: ColumnView.optional(),
    direction: z.object({ column: ColumnView, credit: z.array(z.string()), debit: z.array(z.string()) }).optional(),
    currency: ColumnView.optional(),
    description: z.array(ColumnView),
    bankTxId: ColumnView.optional(),
    payerName: ColumnView.optional(),
    payerAccount: ColumnView.optional(),
    balance: ColumnView.optional(),
  }),
  currency: z.string().optional(),
});
export const BankMappingSchema = z.object({ bank: z.string(), mapping: CsvMappingViewSchema, updatedAt: z.iso.datetime({ offset: true }) }).meta({ id: 'BankMapping' });
export type BankMappingView = z.infer<typeof BankMappingSchema>;
export const BankMappingListSchema = z.object({ items: z.array(BankMappingSchema) }).meta({ id: 'BankMappingList' });
