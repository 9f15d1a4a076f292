// Every list of domain values is defined once here; zod enums, Postgres enums and UI
// options are all derived from these tuples.

export const ROLES = ['client', 'contractor', 'sysadmin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'banned', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

// Service keys follow the spec's search filter keys, with its misspellings fixed
// (eletricidad, herreira, fomigacion); see docs/spec-decisions.md.
export const SERVICE_TYPES = [
  'plomeria',
  'electricidad',
  'pintura',
  'remodelacion',
  'seguridad',
  'herreria',
  'limpieza',
  'jardineria',
  'ebanisteria',
  'mudanza',
  'refrigeracion',
  'cerrajero',
  'fumigacion',
  'aire',
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_LABELS: Record<ServiceType, string> = {
  plomeria: 'Plomería',
  electricidad: 'Electricidad',
  pintura: 'Pintura',
  remodelacion: 'Remodelación',
  seguridad: 'Seguridad electrónica',
  herreria: 'Herrería',
  limpieza: 'Limpieza',
  jardineria: 'Jardinería',
  ebanisteria: 'Ebanistería',
  mudanza: 'Mudanza',
  refrigeracion: 'Refrigeración',
  cerrajero: 'Cerrajería',
  fumigacion: 'Fumigación',
  aire: 'Aire acondicionado',
};

export const PROPERTY_TYPES = ['apartamento', 'casa', 'local_comercial', 'otro'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartamento: 'Apartamento',
  casa: 'Casa',
  local_comercial: 'Local comercial',
  otro: 'Otro',
};

// 'ready' = the client wants the work done; 'quoting' = only collecting prices (spec: intention).
export const PROJECT_INTENTIONS = ['ready', 'quoting'] as const;
export type ProjectIntention = (typeof PROJECT_INTENTIONS)[number];

export const CURRENCIES = ['DOP', 'USD', 'COP', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Digits after the decimal point for each currency (amounts are stored in minor units). */
export const CURRENCY_MINOR_DIGITS: Record<Currency, number> = { DOP: 2, USD: 2, COP: 2, MXN: 2 };

// Contact-us records: the three forms of the spec share one table, told apart by kind.
export const CONTACT_KINDS = ['contact_page', 'quick_booking', 'store'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_MESSAGE_TYPES = ['sociedad', 'sugerencia', 'reclamacion'] as const;
export type ContactMessageType = (typeof CONTACT_MESSAGE_TYPES)[number];
export const CONTACT_MESSAGE_TYPE_LABELS: Record<ContactMessageType, string> = {
  sociedad: 'Sociedad',
  sugerencia: 'Sugerencia',
  reclamacion: 'Reclamación',
};

export const BANK_ACCOUNT_TYPES = ['ahorros', 'corriente'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Who reviews whom: the client reviews the contractor and the other way round. */
export const REVIEW_DIRECTIONS = ['client_to_contractor', 'contractor_to_client'] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];

export const MESSAGE_TYPES = ['chat', 'image', 'notification', 'voice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const PHOTO_KINDS = ['avatar', 'project', 'chat'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'unsubscribed'] as const;

/** A console inbox item (contact message, quick booking, store application, referral): new, answered by mail, closed. */
export const INBOX_STATUSES = ['new', 'answered', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** Moderation reports: what is reported, why, and where the report stands. */
export const REPORT_TARGETS = ['message', 'profile'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_REASONS = ['spam', 'offensive', 'fraud', 'contact_outside', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The job queue's queues (decision 035): the scheduled and background work, each a pg-boss queue of
 * the same name. `dead-letters` holds a copy of every job that failed its last retry.
 */
export const JOB_QUEUES = [
  'quotes-expire',
  'hires-lapse',
  'deliveries-auto-approve',
  'claims-deadlines',
  'digest-daily',
  'payments-refunds',
  'payments-reconcile',
  'payments-expiry',
  'money-events',
  'payouts-daily',
  'warranty-holdbacks',
  'mail-delivery',
  'project-alerts',
  'campaign-send',
  'notification-delivery',
  'notifications-purge',
  'contractor-trust',
  'dlocal-sandbox-notifications',
  'whatsapp-media',
  'dead-letters',
] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** `split`: a sysadmin's split decision released part of it to the contractor and refunded the rest (decision 021). */
export const MILESTONE_STATUSES = ['pending', 'funded', 'released', 'refunded', 'split'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/**
 * `expired`: a payment nobody finished in time (a 3-D Secure challenge left open past
 * PAYMENT_ACTION_MINUTES, a cash voucher not paid by its due time, a transfer reference whose hire
 * lapsed): it holds nothing and no longer blocks the hire's lapse (issue 47, decision 051).
 */
export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a client funds the escrow (decision 051): a card, cash at a bank's counter (a voucher), or a bank transfer with a reference. */
export const PAYMENT_RAILS = ['card', 'cash', 'transfer'] as const;
export type PaymentRail = (typeof PAYMENT_RAILS)[number];

/**
 * A bank statement line (decision 051): `matched` funded (or went towards) a transfer; `unmatched`
 * waits in the console's queue to be assigned or returned; `returned` was given back; `debit`
 * is money going out of the account (kept, never matched).
 */
export const STATEMENT_LINE_STATUSES = ['matched', 'unmatched', 'returned', 'debit'] as const;
export type StatementLineStatus = (typeof STATEMENT_LINE_STATUSES)[number];

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * Ledger accounts of the payment-protection escrow (double entry: each transaction's
 * entries sum to zero). processor_clearing: money arriving from / returning to the card
 * processor; escrow: held for one project; contractor_payable: owed to a contractor;
 * platform_revenue: the platform fee.
 */
/**
 * processor_clearing: the clients' payments received through the processor; escrow: one per
 * project, what is held; contractor_payable: what the platform owes a contractor; platform_revenue:
 * the fee; refunds: what went back to clients' cards; payouts: what was paid out to contractors.
 */
export const LEDGER_ACCOUNT_KINDS = ['processor_clearing', 'escrow', 'contractor_payable', 'platform_revenue', 'refunds', 'payouts'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** payout_return: a payout dLocal rejected or cancelled, its money back in the contractor's payable (decision 052). */
export const LEDGER_TRANSACTION_KINDS = ['fund', 'release', 'fee', 'refund', 'payout', 'payout_return'] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];
