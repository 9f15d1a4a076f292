import { z } from 'zod';
import { dlocalUrl, optionalNonEmpty } from './env-values.ts';

// The settings of payment protection (decision 021): the processor, dLocal, the fee, the hire's
// and the card challenge's deadlines, the transfer account and the bank statement feed.

export const DLOCAL_VARS = ['DLOCAL_LOGIN', 'DLOCAL_TRANS_KEY', 'DLOCAL_SECRET_KEY'] as const;

export const MONEY_SETTINGS = {
  /**
   * The card processor (decision 021): `sandbox`, the built-in card sandbox, or `dlocal`, dLocal's
   * Payins API (issue 47: cards by dLocal's tokens and cash tickets). The default outside production
   * only: production must choose it on purpose (the sandbox takes test cards and moves no real
   * money; its challenge pages would be ours).
   */
  PROCESSOR: z.enum(['sandbox', 'dlocal']).optional(),
  /**
   * dLocal's address (https://api.dlocal.com, or https://sandbox.dlocal.com, dLocal's own test
   * environment) or `sandbox`, the built-in stand-in under /dlocal-sandbox (the default outside
   * production; refused in production). Cash vouchers always go through it (decision 051); cards
   * too with PROCESSOR=dlocal. A real address needs the three credentials of dLocal's Merchant
   * Dashboard; the stand-in has fixed test credentials of its own. Unset in production: no cash.
   */
  DLOCAL_API_URL: dlocalUrl,
  DLOCAL_LOGIN: optionalNonEmpty,
  DLOCAL_TRANS_KEY: optionalNonEmpty,
  DLOCAL_SECRET_KEY: optionalNonEmpty,
  /** The platform's fee on each release to a contractor, in percent (clients pay no fee). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** Hours a client has to fund a hire before it lapses and the project reopens to offers. */
  HIRE_PAYMENT_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** Minutes a card payment may wait in its bank's 3-D Secure challenge before it expires and stops holding the hire (decision 051). */
  PAYMENT_ACTION_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /**
   * ArreglaYa's bank account for transfers (decision 051). Without TRANSFER_ACCOUNT_NUMBER in
   * production, paying by transfer is not offered; outside production a demonstration account is.
   */
  TRANSFER_BANK: optionalNonEmpty,
  TRANSFER_ACCOUNT_TYPE: optionalNonEmpty,
  TRANSFER_ACCOUNT_NUMBER: optionalNonEmpty,
  TRANSFER_HOLDER: optionalNonEmpty,
  TRANSFER_TAX_ID: optionalNonEmpty,
  /** The bank statement feed's bearer token (POST /api/bank/statement-lines); without it the feed is closed. */
  STATEMENT_FEED_TOKEN: optionalNonEmpty.pipe(z.string().min(24, 'must have at least 24 characters').optional()),
};
