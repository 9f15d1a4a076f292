import { z } from 'zod';
import { CURRENCIES } from '../domain.ts';
import { requiredText } from './common.ts';

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
/** The console records that a line's money was given back, with the bank's reference of the return. */
export const ReturnLineSchema = z.object({ returnRef: requiredText(140) });

/** The console's import: which bank's CSV layout reads the file (a camt.053 needs none). */
export const ImportQuerySchema = z.object({ bank: requiredText(60).optional(), name: requiredText(200).optional() });
/** A bank's CSV layout kept for its imports. */
export const BankParamsSchema = z.object({ bank: requiredText(60) });
