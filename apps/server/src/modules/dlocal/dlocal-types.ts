import { z } from 'zod';

// dLocal's Payins objects as its documentation gives them (docs/dlocal-contract.md has each field
// with its page): what our client parses and what the stand-in answers. Amounts are decimals in the
// currency's unit (120.00 DOP); we keep minor units (12000) and convert at the edge.

/** The statuses the docs list for a payment; `status_code` refines them (100, 101, 200, 300–321…). */
export const DLOCAL_PAYMENT_STATUSES = ['PENDING', 'PAID', 'REJECTED', 'CANCELLED', 'EXPIRED', 'AUTHORIZED', 'VERIFIED'] as const;
export type DlocalPaymentStatus = (typeof DLOCAL_PAYMENT_STATUSES)[number];

export const DLOCAL_REFUND_STATUSES = ['PENDING', 'SUCCESS', 'REJECTED', 'CANCELLED'] as const;
export type DlocalRefundStatus = (typeof DLOCAL_REFUND_STATUSES)[number];

/** The documented status codes (Payments › status codes; EXPIRED's from the payments reference). */
export const PAYMENT_STATUS_DETAILS: Record<string, { status: DlocalPaymentStatus; detail: string }> = {
  '100': { status: 'PENDING', detail: 'The payment is pending.' },
  '101': { status: 'PENDING', detail: 'The payment is pending 3D Secure authentication.' },
  '200': { status: 'PAID', detail: 'The payment was paid.' },
  '300': { status: 'REJECTED', detail: 'The payment was rejected.' },
  '301': { status: 'REJECTED', detail: 'Rejected by bank.' },
  '302': { status: 'REJECTED', detail: 'Insufficient amount.' },
  '303': { status: 'REJECTED', detail: 'Card blacklisted.' },
  '304': { status: 'REJECTED', detail: 'Score validation.' },
  '305': { status: 'REJECTED', detail: 'Max attempts reached.' },
  '306': { status: 'REJECTED', detail: 'Call bank for authorize.' },
  '307': { status: 'REJECTED', detail: 'Duplicated payment.' },
  '308': { status: 'REJECTED', detail: 'Credit card disabled.' },
  '309': { status: 'REJECTED', detail: 'Card expired.' },
  '310': { status: 'REJECTED', detail: 'Card reported lost.' },
  '311': { status: 'REJECTED', detail: 'Card requested by the bank.' },
  '312': { status: 'REJECTED', detail: 'Card restricted by the bank.' },
  '313': { status: 'REJECTED', detail: 'Card reported stolen.' },
  '314': { status: 'REJECTED', detail: 'Invalid card number.' },
  '315': { status: 'REJECTED', detail: 'Invalid security code.' },
  '316': { status: 'REJECTED', detail: 'Unsupported operation.' },
  '317': { status: 'REJECTED', detail: 'Rejected due to high risk.' },
  '318': { status: 'REJECTED', detail: 'Invalid transaction.' },
  '319': { status: 'REJECTED', detail: 'Amount exceeded.' },
  '320': { status: 'REJECTED', detail: '3D-Secure is required.' },
  '321': { status: 'REJECTED', detail: 'Error in acquirer.' },
  '400': { status: 'CANCELLED', detail: 'The payment was cancelled.' },
  '500': { status: 'EXPIRED', detail: 'The payment was expired.' },
  // A card verified with `verify: true` and amount 0 (the card object's `verify`): the payments
  // reference lists VERIFIED among the statuses; the code is not in the pages we read (ours: 700).
  '700': { status: 'VERIFIED', detail: 'The card was verified.' },
};

export const REFUND_STATUS_CODES: Record<DlocalRefundStatus, { code: number; detail: string }> = {
  PENDING: { code: 100, detail: 'The refund is pending.' },
  SUCCESS: { code: 200, detail: 'The refund was paid.' },
  REJECTED: { code: 300, detail: 'The refund was rejected.' },
  CANCELLED: { code: 400, detail: 'The refund was cancelled.' },
};

/** The documented error codes of the Payins API (Payments › Errors), with their HTTP status. */
export const DLOCAL_ERRORS = {
  invalidCredentials: { http: 403, code: 3001, message: 'Invalid Credentials.' },
  paymentNotFound: { http: 404, code: 4000, message: 'Payment not found.' },
  invalidRequest: { http: 400, code: 5000, message: 'Invalid request.' },
  missingParameter: { http: 400, code: 5001, message: 'Missing parameter.' },
  invalidStatus: { http: 400, code: 5002, message: 'Invalid transaction status.' },
  countryNotSupported: { http: 400, code: 5003, message: 'Country not supported.' },
  currencyNotAllowed: { http: 400, code: 5004, message: 'Currency not allowed for this country.' },
  amountExceeded: { http: 400, code: 5007, message: 'Amount exceeded.' },
  tokenNotFound: { http: 400, code: 5008, message: 'Token not found or inactive.' },
  orderIdDuplicated: { http: 400, code: 5009, message: 'Order ID is duplicated.' },
  methodNotAvailable: { http: 400, code: 5010, message: 'Method not available.' },
  unsupportedOperation: { http: 400, code: 5013, message: 'Unsupported operation.' },
  amountTooLow: { http: 400, code: 5016, message: 'Amount too low.' },
  invalidApiVersion: { http: 400, code: 5017, message: 'Invalid API Version.' },
  tooManyRequests: { http: 429, code: 6000, message: 'Too many requests to the API.' },
  failedToProcess: { http: 500, code: 7000, message: 'Failed to process the request.' },
} as const;

export const DlocalErrorSchema = z.object({ code: z.number().int(), message: z.string(), param: z.string().optional() });
export type DlocalErrorBody = z.infer<typeof DlocalErrorSchema>;

/** `status_code` is a string in payments and a number in the refunds' examples: read both as a string. */
const statusCode = z.union([z.string(), z.number().int()]).transform((v) => String(v));

export const DlocalTicketSchema = z.object({
  /** NUMERIC, BARCODE, CUSTOM or REFERENCE_CODE. */
  type: z.string().optional(),
  number: z.string().optional(),
  barcode: z.string().optional(),
  /** CODE_128 or ITF (the docs call it an integer and show strings). */
  format: z.union([z.string(), z.number()]).optional(),
  id: z.string().optional(),
  expiration_date: z.string().optional(),
  company_name: z.string().optional(),
  company_id: z.string().optional(),
  provider_name: z.string().optional(),
  provider_logo: z.string().optional(),
  image_url: z.string().optional(),
});
export type DlocalTicket = z.infer<typeof DlocalTicketSchema>;

export const DlocalRefundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number(),
  /** Deprecated by dLocal; still sent. */
  amount_refunded: z.number().optional(),
  currency: z.string(),
  status: z.string(),
  status_code: statusCode,
  status_detail: z.string().optional(),
  created_date: z.string().optional(),
  notification_url: z.string().optional(),
  description: z.string().optional(),
  order_id: z.string().optional(),
});
export type DlocalRefund = z.infer<typeof DlocalRefundSchema>;
/** A refund object as sent (status_code a number, as in the docs' refund examples). */
export type DlocalRefundBody = z.input<typeof DlocalRefundSchema>;

export const DlocalPaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  country: z.string().optional(),
  payment_method_id: z.string().optional(),
  payment_method_type: z.string().optional(),
  payment_method_flow: z.string().optional(),
  card: z
    .object({
      holder_name: z.string().optional(),
      expiration_month: z.number().int().optional(),
      expiration_year: z.number().int().optional(),
      brand: z.string().optional(),
      last4: z.string().optional(),
      card_id: z.string().optional(),
    })
    .optional(),
  three_dsecure: z.object({ redirect_url: z.string() }).optional(),
  ticket: DlocalTicketSchema.optional(),
  redirect_url: z.string().optional(),
  payer: z.object({ user_reference: z.string().optional() }).loose().optional(),
  created_date: z.string().optional(),
  approved_date: z.string().optional(),
  status: z.string(),
  status_code: statusCode,
  status_detail: z.string().optional(),
  order_id: z.string().optional(),
  description: z.string().optional(),
  notification_url: z.string().optional(),
  callback_url: z.string().optional(),
  refunds: z.array(DlocalRefundSchema).optional(),
});
export type DlocalPayment = z.infer<typeof DlocalPaymentSchema>;
/** A payment object as sent (what the stand-in answers and notifies). */
export type DlocalPaymentBody = z.input<typeof DlocalPaymentSchema>;

export const DlocalPaymentStatusSchema = z.object({ id: z.string(), status: z.string(), status_code: statusCode, status_detail: z.string().optional() });
export type DlocalPaymentStatusBody = z.infer<typeof DlocalPaymentStatusSchema>;

export const DlocalOrderSchema = z.object({
  order_id: z.string(),
  payment_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  created_date: z.string().optional(),
  approved_date: z.string().optional(),
  status: z.string(),
  status_code: statusCode,
  status_detail: z.string().optional(),
});
export type DlocalOrder = z.infer<typeof DlocalOrderSchema>;

/** The payer object of a create-payment request (only what the Dominican Republic needs). */
export interface DlocalPayer {
  name: string;
  email: string;
  /** The payer's ID: optional in the Dominican Republic (its cédula); required in Colombia and Mexico (CC or NIT, CURP or RFC), cards included (decision 067). */
  document?: string;
  user_reference?: string;
  ip?: string;
  device_id?: string;
}

/** The body of POST /payments as we send it: a card token (never a card number) or a cash ticket. */
export interface DlocalCreatePaymentBody {
  amount: number;
  currency: string;
  country: string;
  payment_method_id: string;
  payment_method_flow: 'DIRECT' | 'REDIRECT';
  payer: DlocalPayer;
  /** `verify` (amount 0) checks the card without a charge; `save` asks for a card_id when it succeeds. */
  card?: ({ token: string } | { card_id: string }) & { verify?: boolean; save?: boolean };
  order_id: string;
  description?: string;
  notification_url?: string;
  callback_url?: string;
}

export interface DlocalCreateRefundBody {
  payment_id: string;
  amount?: number;
  currency?: string;
  notification_url?: string;
  description?: string;
}

/** Our minor units to dLocal's decimal amount (DOP and USD: two decimals). */
export function toDlocalAmount(minor: number): number {
  return Math.round(minor) / 100;
}

/** dLocal's decimal amount to minor units. */
export function fromDlocalAmount(amount: number): number {
  return Math.round(amount * 100);
}

// ---- Payouts v3 (decision 052; docs/dlocal-contract.md, "Payouts") ----

/** Below the base URL: the Payouts v3 API ("Environments": https://sandbox.dlocal.com/payouts/v3). */
export const DLOCAL_PAYOUTS_PATH = '/payouts/v3';
/** The X-Version our payout requests carry (the Payins one is 2.1). */
export const DLOCAL_PAYOUTS_API_VERSION = '3.0';

/** "Payout status" (v3): each status and its code. */
export const PAYOUT_STATUS_CODES = {
  PENDING: { code: '100', detail: 'The payout was received correctly by dLocal and is pending processing.' },
  PAID: { code: '200', detail: 'The payout was paid.' },
  REJECTED: { code: '300', detail: 'The payout was rejected.' },
  CANCELLED: { code: '400', detail: 'The payout was cancelled by the merchant.' },
  DELIVERED: { code: '500', detail: 'The payout is being processed.' },
  ON_HOLD: { code: '600', detail: 'The payout is on hold by the merchant.' },
  ON_HOLD_BY_COMPLIANCE: { code: '700', detail: 'The payout is pending from compliance checks.' },
} as const;
export type DlocalPayoutStatus = keyof typeof PAYOUT_STATUS_CODES;

/** The rejection reasons dLocal documents for payouts ("Error codes", 8xx), the ones the stand-in's rules give. */
export const PAYOUT_REJECTION_REASONS = [
  'ERROR_ACCOUNT_INCORRECT',
  'ERROR_ACCOUNT_CLOSED',
  'ERROR_AMOUNT_INCORRECT',
  'ERROR_BANK_INVALID',
  'ERROR_BANK_BRANCH_INCORRECT',
  'ERROR_BENEFICIARY_DOCUMENT_ID_INVALID',
  'ERROR_BENEFICIARY_NAME_INCORRECT',
] as const;

/** "Error codes" (Payouts v3): HTTP status, code, message. */
export const PAYOUT_ERRORS = {
  invalidParams: { http: 400, code: 3000, message: 'Invalid params' },
  emptyParams: { http: 400, code: 3001, message: 'Empty params' },
  invalidBankCode: { http: 400, code: 3003, message: 'Invalid bank code.' },
  invalidCredentials: { http: 403, code: 4001, message: 'Invalid credentials.' },
  countryNotFound: { http: 400, code: 5007, message: 'Country not found for payouts.' },
  limitExceeded: { http: 400, code: 5008, message: 'Limit exceeded' },
  payoutNotFound: { http: 400, code: 5009, message: 'Payout not found with this ID.' },
  externalIdUsed: { http: 400, code: 5011, message: 'External ID already used.' },
  beneficiaryBlacklisted: { http: 400, code: 5013, message: 'End beneficiary blacklisted.' },
  insufficientFunds: { http: 400, code: 5014, message: 'Insufficient funds.' },
  complianceRejected: { http: 400, code: 5015, message: 'Rejected due to compliance.' },
  couldNotMakePayout: { http: 500, code: 7003, message: 'Could not make the payout.' },
} as const;

/** The Dominican Republic's bank-transfer payout ("Submit a payout" and the country page's mandatory parameters). */
export interface DlocalCreatePayoutBody {
  external_id: string;
  payment_method_id: 'BANK_TRANSFER';
  flow_type: 'B2C' | 'B2B' | 'P2P';
  country: string;
  currency: string;
  amount: number;
  purpose: string;
  description?: string;
  statement_descriptor?: string;
  notification_url?: string;
  beneficiary: {
    first_name?: string;
    last_name?: string;
    business_name?: string;
    document: { type: 'CE' | 'RN' | 'PASS' | 'CC' | 'NIT' | 'CURP' | 'RFC'; id: string };
    bank_account: { code: string; account: string; type: 'C' | 'S' };
  };
}

/** The payout object: the answer to Submit and Get, and every notification's body ("Notification parameters"). */
export const DlocalPayoutSchema = z
  .object({
    id: z.string(),
    external_id: z.string(),
    status: z.string(),
    status_code: statusCode,
    status_detail: z.string().optional(),
    created_date: z.string().optional(),
    last_updated: z.string().optional(),
    payment_method_id: z.string().optional(),
    flow_type: z.string().optional(),
    country: z.string().optional(),
    currency: z.string(),
    currency_to_pay: z.string().optional(),
    amount: z.number(),
    purpose: z.string().optional(),
    description: z.string().optional(),
    notification_url: z.string().optional(),
    on_hold: z.boolean().optional(),
  })
  .loose();
export type DlocalPayout = z.infer<typeof DlocalPayoutSchema>;
export type DlocalPayoutBody = z.input<typeof DlocalPayoutSchema>;
