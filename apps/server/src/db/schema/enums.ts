import { pgEnum } from 'drizzle-orm/pg-core';
import {
  BANK_ACCOUNT_TYPES,
  CARD_BRANDS,
  CONTACT_KINDS,
  CONTACT_MESSAGE_TYPES,
  CURRENCIES,
  EMAIL_STATUSES,
  INBOX_STATUSES,
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  MESSAGE_TYPES,
  MILESTONE_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_RAILS,
  PHOTO_KINDS,
  PROJECT_INTENTIONS,
  PROPERTY_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  REVIEW_DIRECTIONS,
  REVIEW_STATUSES,
  ROLES,
  SERVICE_TYPES,
  SUBSCRIPTION_STATUSES,
  USER_STATUSES,
} from '@arreglaya/shared/domain';
import { COUNTRY_CODES, ZONES } from '@arreglaya/shared/countries';
import { PROJECT_STATUSES, QUOTE_STATUSES } from '@arreglaya/shared/lifecycles';

// Postgres enums built from the shared tuples: one list of values for the database,
// the API schemas and the UI.
export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const serviceType = pgEnum('service_type', SERVICE_TYPES);
export const propertyType = pgEnum('property_type', PROPERTY_TYPES);
export const projectIntention = pgEnum('project_intention', PROJECT_INTENTIONS);
export const projectStatus = pgEnum('project_status', PROJECT_STATUSES);
export const quoteStatus = pgEnum('quote_status', QUOTE_STATUSES);
export const currency = pgEnum('currency', CURRENCIES);
export const countryCode = pgEnum('country_code', COUNTRY_CODES);
export const zone = pgEnum('zone', ZONES);
export const contactKind = pgEnum('contact_kind', CONTACT_KINDS);
export const contactMessageType = pgEnum('contact_message_type', CONTACT_MESSAGE_TYPES);
export const bankAccountType = pgEnum('bank_account_type', BANK_ACCOUNT_TYPES);
export const reviewStatus = pgEnum('review_status', REVIEW_STATUSES);
export const reviewDirection = pgEnum('review_direction', REVIEW_DIRECTIONS);
export const messageType = pgEnum('message_type', MESSAGE_TYPES);
export const photoKind = pgEnum('photo_kind', PHOTO_KINDS);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const emailStatus = pgEnum('email_status', EMAIL_STATUSES);
export const milestoneStatus = pgEnum('milestone_status', MILESTONE_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentRail = pgEnum('payment_rail', PAYMENT_RAILS);
export const cardBrand = pgEnum('card_brand', CARD_BRANDS);
export const ledgerAccountKind = pgEnum('ledger_account_kind', LEDGER_ACCOUNT_KINDS);
export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', LEDGER_TRANSACTION_KINDS);
export const inboxStatus = pgEnum('inbox_status', INBOX_STATUSES);
export const reportTarget = pgEnum('report_target', REPORT_TARGETS);
export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
