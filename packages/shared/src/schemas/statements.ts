import { z } from 'zod';
import { CURRENCIES } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { statementQueue as ts } from '../i18n/statement-queue.ts';

// The bank statement's lines (issue 47, decision 050): the feed's input, the console's queue and
// its two actions (assign a line to a transfer by its reference, record a return).

const text = (max: number) => z.string({ error: validation.required }).max(max, { error: validation.tooLong(max) });

/** One line as an automated feed sends it (POST /api/bank/statement-lines). */
export const FeedLineSchema = z.object({
  bankTxId: text(140).trim().min(1, { error: validation.required }),
  bookedOn: z.iso.date({ error: ts.badDate }),
  amountMinor: z.number({ error: ts.badAmount }).int({ error: ts.badAmount }).positive({ error: ts.badAmount }).max(10_000_000_000, { error: ts.badAmount }),
  currency: z.enum(CURRENCIES, { error: ts.badCurrency }),
  direction: z.enum(['credit', 'debit'], { error: validation.invalidValue }),
  reversal: z.boolean().default(false),
  description: text(2000).default(''),
  payerName: text(140).nullable().default(null),
});
export const FeedInputSchema = z.object({ lines: z.array(FeedLineSchema, { error: validation.invalidValue }).min(1, { error: validation.required }).max(10_000) });

export const StatementLineSchema = z
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
  .meta({ id: 'StatementLine' });
export type StatementLineView = z.infer<typeof StatementLineSchema>;

export const StatementQueueSchema = z.object({ items: z.array(StatementLineSchema) }).meta({ id: 'StatementQueue' });

export const ImportReportSchema = z
  .object({ message: z.string(), importId: z.uuid(), lines: z.number().int(), matched: z.number().int(), unmatched: z.number().int(), duplicates: z.number().int() })
  .meta({ id: 'ImportReport' });

/** The console assigns a queued line to the transfer a reference names. */
export const AssignLineSchema = z.object({ reference: text(30).trim().min(1, { error: validation.required }) });
/** The console records that a line's money was given back, with the bank's reference of the return. */
export const ReturnLineSchema = z.object({ returnRef: text(140).trim().min(1, { error: validation.required }) });
